import CTesseract
import Dispatch
import Foundation

/// An image held in Leptonica's memory. The wrapped `PIX` is owned by this object and
/// destroyed exactly once, in `deinit`. Operations return new images and never mutate `self`.
///
/// Not `Sendable`: a Leptonica `PIX` carries a reference count that is not thread-safe, so an
/// image stays on the worker that made it.
public final class Image {
    /// The owned `PIX`. Internal so that `Recognition` can hand it to Tesseract via `withPix`.
    private let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`; it is destroyed when this object is released.
    init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
        Self.liveCount.increment()
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        NativeClock.measure { pixDestroy(&p) }
        Self.liveCount.decrement()
    }

    /// Width in pixels.
    public var width: Int { Int(pixGetWidth(pix)) }
    /// Height in pixels.
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel (1, 8, 32, ...).
    public var depth: Int { Int(pixGetDepth(pix)) }

    /// Runs `body` with the underlying `PIX`. For sibling modules that wrap other C libraries
    /// (Tesseract); the pointer must not escape `body`.
    /// Time spent in `body` counts as native time (`NativeClock`).
    package func withUnsafePix<R>(_ body: (UnsafeMutablePointer<PIX>) throws -> R) rethrows -> R {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { NativeClock.add(DispatchTime.now().uptimeNanoseconds - t0) }
        return try body(pix)
    }

    /// Wraps a `PIX` returned by a Leptonica call, turning `nil` into a thrown error.
    static func wrap(_ result: UnsafeMutablePointer<PIX>?, _ what: @autoclosure () -> String) throws(ImagingError) -> Image {
        guard let result else { throw ImagingError(.operationFailed, "Leptonica could not \(what())") }
        return Image(owning: result)
    }

    /// How many `Image` objects are alive in this process; lets tests prove nothing leaks.
    public static var liveImages: Int { liveCount.value }
    private static let liveCount = AtomicCounter()
}

/// A small lock-protected counter (Foundation's `NSLock`; no C atomics needed).
final class AtomicCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    func decrement() { lock.lock(); count -= 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
