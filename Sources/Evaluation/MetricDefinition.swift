/// A summary figure `scanbench compare` judges, with the direction that counts as worse kept as
/// data (like package-benchmark's metric polarity), not as code scattered through the checks.
public struct MetricDefinition: Sendable, Hashable, Codable {
    /// Which direction of change is an improvement.
    public enum Polarity: String, Sendable, Hashable, Codable {
        case higherIsBetter = "higher_is_better"
        case lowerIsBetter = "lower_is_better"
    }

    /// Where the figure comes from in a summary JSON.
    public enum Source: Sendable, Hashable, Codable {
        /// A percentage `numerator / denominator × 100` of two count keys; judged with Wilson
        /// intervals because it is a proportion of a finite sample.
        case proportion(numerator: String, denominator: String)
        /// `minuend − subtrahend` as a percentage of `denominator` (e.g. false acceptances).
        case differenceProportion(minuend: String, subtrahend: String, denominator: String)
        /// A number at a dotted key path (`latency_ms.p95`, `ece`, `errors`).
        case value(path: String)
    }

    /// The metric's name in tables and threshold files.
    public var name: String
    /// Which way is better.
    public var polarity: Polarity
    /// How to read it from a summary.
    public var source: Source
    /// Unit shown in tables (`pp`, `ms`, ``).
    public var unit: String
    /// Left out of a comparison when neither summary has it (the robustness figures exist only
    /// in `scanbench robustness` summaries).
    public var optional: Bool

    /// Creates a definition.
    public init(name: String, polarity: Polarity, source: Source, unit: String, optional: Bool = false) {
        self.name = name
        self.polarity = polarity
        self.source = source
        self.unit = unit
        self.optional = optional
    }

    /// The figures `compare` checks by default.
    public static let standard: [MetricDefinition] = [
        .init(name: "accuracy_pct_overall", polarity: .higherIsBetter, source: .proportion(numerator: "hits", denominator: "total"), unit: "%"),
        .init(name: "top1_accuracy_pct", polarity: .higherIsBetter, source: .proportion(numerator: "top1_hits", denominator: "total"), unit: "%"),
        .init(name: "detection_rate_pct", polarity: .higherIsBetter, source: .proportion(numerator: "detected", denominator: "total"), unit: "%"),
        .init(name: "strict_validation_rate_pct", polarity: .higherIsBetter, source: .proportion(numerator: "strict_validation_passes", denominator: "total"), unit: "%"),
        .init(name: "high_confidence_accuracy_pct", polarity: .higherIsBetter, source: .proportion(numerator: "high_confidence_hits", denominator: "high_confidence_count"), unit: "%"),
        .init(name: "false_acceptance_rate_pct", polarity: .lowerIsBetter,
              source: .differenceProportion(minuend: "high_confidence_count", subtrahend: "high_confidence_hits", denominator: "total"), unit: "%"),
        .init(name: "errors", polarity: .lowerIsBetter, source: .value(path: "errors"), unit: ""),
        .init(name: "ece", polarity: .lowerIsBetter, source: .value(path: "ece"), unit: ""),
        .init(name: "latency_ms.p50", polarity: .lowerIsBetter, source: .value(path: "latency_ms.p50"), unit: "ms"),
        .init(name: "latency_ms.p95", polarity: .lowerIsBetter, source: .value(path: "latency_ms.p95"), unit: "ms"),
        // `scanbench robustness` summaries: the clean run's figures above, and these.
        .init(name: "robustness_score", polarity: .higherIsBetter, source: .value(path: "robustness.score_pct"), unit: "%", optional: true),
        .init(name: "robustness_confident_wrong", polarity: .lowerIsBetter, source: .value(path: "robustness.confident_wrong"), unit: "",
              optional: true),
    ]

    /// Successes out of trials behind a proportion.
    public struct Counts: Sendable, Hashable {
        /// Successes.
        public var k: Int
        /// Trials.
        public var n: Int
    }

    /// The figure read from a summary: its value and, for proportions, the counts behind it.
    public struct Reading: Sendable, Hashable {
        /// The value (a percentage for proportions).
        public var value: Double
        /// Successes and trials, for proportions.
        public var counts: Counts?
    }

    /// Reads the metric from a summary JSON; `nil` when the summary lacks a key it needs.
    public func read(_ summary: JSONValue) -> Reading? {
        func count(_ key: String) -> Int? { summary[key]?.number.map { Int($0) } }
        switch source {
        case let .proportion(num, den):
            guard let k = count(num), let n = count(den) else { return nil }
            return Reading(value: Metrics.pct(k, n), counts: Counts(k: k, n: n))
        case let .differenceProportion(a, b, den):
            guard let x = count(a), let y = count(b), let n = count(den) else { return nil }
            return Reading(value: Metrics.pct(x - y, n), counts: Counts(k: x - y, n: n))
        case let .value(path):
            var node: JSONValue? = summary
            for part in path.split(separator: ".") { node = node?[String(part)] }
            guard let v = node?.number else { return nil }
            return Reading(value: v, counts: nil)
        }
    }
}
