/// How one statistic is spread over the images (or lines) of a folder: how many values, and
/// their 10th, 50th and 90th percentiles (`nil` when there are none).
public struct RealismDistribution: Codable, Sendable, Hashable {
    /// The number of values the percentiles are over.
    public var count: Int
    public var p10: Double?
    public var p50: Double?
    public var p90: Double?

    /// The distribution of `values` (non-finite values are dropped and not counted).
    public init(_ values: [Double]) {
        let sorted = values.filter(\.isFinite).sorted()
        count = sorted.count
        p10 = Self.percentile(sorted, 0.10)
        p50 = Self.percentile(sorted, 0.50)
        p90 = Self.percentile(sorted, 0.90)
    }

    /// The `p`-quantile (0…1) of ascending `sorted` values, linearly interpolated between the
    /// two nearest ranks (R's type 7, NumPy's default); `nil` for no values.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        precondition((0...1).contains(p), "a quantile lies in 0…1")
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        let rank = p * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down)), upper = min(sorted.count - 1, lower + 1)
        return sorted[lower] + (rank - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}
