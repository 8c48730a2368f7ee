import Histogram

/// Latency distribution in microseconds, kept as an HDR histogram so that shards merge exactly
/// (`add(_:)` sums counts; nothing is averaged).
public struct LatencyStats: Codable, Sendable {
    /// The underlying histogram (1 µs … 1 h, 3 significant digits).
    public private(set) var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: .three)
    /// Sum of all recorded values, for an exact mean.
    public private(set) var totalMicros: Double = 0

    public init() {}

    /// Records one latency in milliseconds.
    public mutating func record(ms: Double) {
        let us = UInt64(max(1, min(3_600_000_000, (ms * 1000).rounded())))
        _ = histogram.record(us)
        totalMicros += Double(us)
    }

    /// Adds another distribution into this one.
    public mutating func add(_ other: LatencyStats) {
        histogram.add(other.histogram)
        totalMicros += other.totalMicros
    }

    public var count: Int { Int(histogram.totalCount) }

    /// The value at `percentile` (0–100) in milliseconds; 0 when empty.
    public func percentileMs(_ percentile: Double) -> Double {
        count == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1000
    }

    public var meanMs: Double { count == 0 ? 0 : totalMicros / Double(count) / 1000 }
    public var maxMs: Double { count == 0 ? 0 : Double(histogram.max) / 1000 }

    /// `{mean, p50, p90, p95, p99, max}` in milliseconds, 2 decimals.
    public var summaryJSON: JSONValue {
        .object([
            ("mean", .double(Metrics.round2(meanMs))),
            ("p50", .double(Metrics.round2(percentileMs(50)))),
            ("p90", .double(Metrics.round2(percentileMs(90)))),
            ("p95", .double(Metrics.round2(percentileMs(95)))),
            ("p99", .double(Metrics.round2(percentileMs(99)))),
            ("max", .double(Metrics.round2(maxMs))),
        ])
    }
}
