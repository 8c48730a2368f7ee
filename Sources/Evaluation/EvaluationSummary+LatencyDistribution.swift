import Foundation

extension EvaluationSummary {
    /// One bar of a latency histogram: images whose latency is in [`fromMs`, `toMs`).
    public struct LatencyBin: Hashable, Sendable {
        public var fromMs: Double
        public var toMs: Double
        public var count: Int
    }

    /// Per-image latency in `bins` equal-width bars from 0 to a round ceiling above the slowest
    /// image (bars of 1 ms when there is nothing to show).
    public func latencyHistogram(bins: Int = 20) -> [LatencyBin] {
        precondition(bins > 0, "at least one bin")
        let values = records.map { $0.latencyMs.isFinite ? max(0, $0.latencyMs) : 0 }
        let top = Self.niceCeiling(values.max() ?? 0, steps: bins)
        let width = top / Double(bins)
        var counts = [Int](repeating: 0, count: bins)
        for v in values { counts[min(bins - 1, Int(v / width))] += 1 }
        return (0..<bins).map { LatencyBin(fromMs: Double($0) * width, toMs: Double($0 + 1) * width, count: counts[$0]) }
    }

    /// The empirical CDF of per-image latency: sorted latencies with the share of images at or below.
    public var latencyCDF: [(ms: Double, fraction: Double)] {
        let v = records.map { $0.latencyMs.isFinite ? max(0, $0.latencyMs) : 0 }.sorted()
        return v.enumerated().map { ($1, Double($0 + 1) / Double(v.count)) }
    }

    /// A ceiling ≥ `x` such that `ceiling / steps` is 1, 2 or 5 × 10ⁿ ms (at least `steps` ms).
    static func niceCeiling(_ x: Double, steps: Int) -> Double {
        let raw = max(x, 1) / Double(steps)
        let mag = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * mag }.first { $0 * Double(steps) > x } ?? 10 * mag
        return max(step, 1) * Double(steps)
    }
}
