import Dispatch
import Foundation

/// Process-wide time spent inside Leptonica and Tesseract calls, so a benchmark can report the
/// harness overhead (wall time outside the C libraries).
public enum NativeClock {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var nanos: UInt64 = 0

    /// Runs `body` and adds its duration to the total.
    @inlinable
    public static func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { add(DispatchTime.now().uptimeNanoseconds - t0) }
        return try body()
    }

    /// Adds `ns` nanoseconds.
    public static func add(_ ns: UInt64) {
        lock.lock(); nanos &+= ns; lock.unlock()
    }

    /// Total seconds measured so far (summed over threads).
    public static var seconds: Double {
        lock.lock(); defer { lock.unlock() }
        return Double(nanos) / 1e9
    }
}
