/// How much a metric may move before `compare` calls it a change: an absolute amount (in the
/// metric's unit: percentage points, ms, ...) and a relative one (fraction of the baseline), plus
/// whether proportions must also leave the baseline's Wilson interval. A change counts only when
/// it passes every test that is set, so noise in one measure alone cannot flap a nightly job.
public struct MetricThreshold: Codable, Sendable, Hashable {
    /// Minimum absolute change, in the metric's unit.
    public var absolute: Double?
    /// Minimum change relative to the baseline (0.25 = 25 %).
    public var relative: Double?
    /// Proportions only: the current value must fall outside the baseline's 95 % Wilson interval.
    public var wilson: Bool?

    /// Creates a threshold.
    public init(absolute: Double? = nil, relative: Double? = nil, wilson: Bool? = nil) {
        self.absolute = absolute
        self.relative = relative
        self.wilson = wilson
    }

    /// `self` with the fields `other` sets replaced.
    public func overridden(by other: MetricThreshold?) -> MetricThreshold {
        guard let other else { return self }
        return MetricThreshold(absolute: other.absolute ?? absolute, relative: other.relative ?? relative, wilson: other.wilson ?? wilson)
    }
}

/// The committed thresholds file (`Reports/baselines/thresholds.yaml`): defaults per metric and
/// overrides per preset.
public struct Thresholds: Codable, Sendable, Hashable {
    /// Per metric name.
    public var metrics: [String: MetricThreshold]
    /// Per preset name (the summary's `preset`), then per metric: overrides of `metrics`.
    public var presets: [String: [String: MetricThreshold]]

    /// Creates thresholds.
    public init(metrics: [String: MetricThreshold], presets: [String: [String: MetricThreshold]] = [:]) {
        self.metrics = metrics
        self.presets = presets
    }

    enum CodingKeys: String, CodingKey { case metrics, presets }

    /// Decodes, treating a missing `presets` (or `metrics`) as empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        metrics = try c.decodeIfPresent([String: MetricThreshold].self, forKey: .metrics) ?? [:]
        presets = try c.decodeIfPresent([String: [String: MetricThreshold]].self, forKey: .presets) ?? [:]
    }

    /// Used when no thresholds file is given: 1 percentage point and outside the Wilson interval
    /// for proportions; latency must move by 50 % *and* 50 ms (p50), 75 % *and* 150 ms (p95),
    /// because shared CI runners easily vary by half; the robustness score by 2 points, its
    /// confident wrong answers by any. Same as the committed thresholds file.
    public static let defaults = Thresholds(metrics: [
        "accuracy_pct_overall": .init(absolute: 1.0, wilson: true),
        "top1_accuracy_pct": .init(absolute: 1.0, wilson: true),
        "detection_rate_pct": .init(absolute: 1.0, wilson: true),
        "strict_validation_rate_pct": .init(absolute: 1.0, wilson: true),
        "high_confidence_accuracy_pct": .init(absolute: 2.0, wilson: true),
        "false_acceptance_rate_pct": .init(absolute: 1.0, wilson: true),
        "errors": .init(absolute: 0),
        "ece": .init(absolute: 0.03),
        "latency_ms.p50": .init(absolute: 50, relative: 0.5),
        "latency_ms.p95": .init(absolute: 150, relative: 0.75),
        // Deterministic for a seed, so what moves is the reader: 2 points of area, any new
        // confident wrong answer.
        "robustness_score": .init(absolute: 2.0),
        "robustness_confident_wrong": .init(absolute: 0),
    ])

    /// The threshold for `metric` in a run of `preset`: the preset's override over the default
    /// over the built-in default.
    public func threshold(for metric: String, preset: String?) -> MetricThreshold {
        let builtIn = Self.defaults.metrics[metric] ?? MetricThreshold(absolute: 0)
        let base = builtIn.overridden(by: metrics[metric])
        return base.overridden(by: preset.flatMap { presets[$0]?[metric] })
    }

    /// Metric names in the file that `compare` does not know (likely typos).
    public func unknownMetrics(known: [MetricDefinition] = MetricDefinition.standard) -> [String] {
        let names = Set(known.map(\.name))
        let used = Set(metrics.keys).union(presets.values.flatMap(\.keys))
        return used.subtracting(names).sorted()
    }
}
