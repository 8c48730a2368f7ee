import Dispatch
import Evaluation

/// Times named stages.
public struct StageClock {
    /// A clock with no stage timed yet.
    public init() {}

    /// The stages timed so far, in order.
    public private(set) var timings: [StageTiming] = []
    /// Runs `body` and records how long it took as stage `name`.
    public mutating func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { timings.append(StageTiming(stage: name, ms: Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)) }
        return try body()
    }
}
