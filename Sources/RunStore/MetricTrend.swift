import Evaluation
import Foundation

/// One metric over the finished whole runs of a dataset and preset, oldest first, each point
/// judged against the one before it with `compare`'s thresholds.
public struct MetricTrend: Sendable {
    /// One run's value.
    public struct Point: Sendable {
        public var run: StoredRun
        /// `nil` when the run's summary lacks the metric.
        public var value: Double?
        /// Against the previous point (`nil` for the first).
        public var status: Comparison.Status?
        /// The presets' digest differs from the previous point's.
        public var presetChanged: Bool
    }

    public var dataset: String
    public var preset: String
    public var metric: MetricDefinition
    public var points: [Point]

    /// Points marked as regressions.
    public var regressions: [Point] { points.filter { $0.status == .regression } }

    /// Since when the figure drifts: the first regression after the last improvement (`nil`
    /// when no regression came after it).
    public var driftSince: Point? {
        let from = (points.lastIndex { $0.status == .improvement } ?? -1) + 1
        return points[from...].first { $0.status == .regression }
    }

    /// The mark shown beside a point: `▼` regression, `▲` improvement, `·` noise, `=` unchanged.
    public static func mark(_ status: Comparison.Status?) -> String {
        switch status {
        case .regression: "▼ regression"
        case .improvement: "▲ improvement"
        case .withinNoise: "· noise"
        case .unchanged: "="
        case .missing: "?"
        case nil: ""
        }
    }
}
