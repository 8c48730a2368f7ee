import Dispatch
import Foundation

/// A process-wide total of time spent in one kind of work, summed over threads.
public final class WorkClock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanos: UInt64 = 0

    public init() {}

    /// Runs `body` and adds its duration to the total.
    @inlinable
    public func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { add(DispatchTime.now().uptimeNanoseconds - t0) }
        return try body()
    }

    /// Adds `ns` nanoseconds.
    public func add(_ ns: UInt64) {
        lock.lock(); nanos &+= ns; lock.unlock()
    }

    /// Total seconds measured so far.
    public var seconds: Double {
        lock.lock(); defer { lock.unlock() }
        return Double(nanos) / 1e9
    }
}

/// Process-wide time spent inside Leptonica and Tesseract calls, so a benchmark can report the
/// harness overhead (wall time outside the C libraries).
public enum NativeClock {
    public static let shared = WorkClock()

    /// Runs `body` and adds its duration to the total.
    @inlinable
    public static func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T { try shared.measure(body) }
    /// Adds `ns` nanoseconds.
    public static func add(_ ns: UInt64) { shared.add(ns) }
    /// Total seconds measured so far (summed over threads).
    public static var seconds: Double { shared.seconds }
}

/// Process-wide time spent in ScanBench's own image analysis written in Swift (the text line
/// finder: local threshold, connected components, chaining), which does the work Tesseract's
/// layout analysis would otherwise do. The benchmark reports it apart from the harness overhead.
public enum AnalysisClock {
    public static let shared = WorkClock()
}
