import Foundation

/// The result of comparing a run's summary with a baseline's, metric by metric.
public struct Comparison: Sendable {
    /// How one metric moved.
    public enum Status: String, Sendable, Hashable {
        case regression, improvement
        /// Moved, but not past every threshold (noise).
        case withinNoise = "within_noise"
        case unchanged
        /// One of the summaries lacks the metric.
        case missing
    }

    /// One metric's row.
    public struct Row: Sendable {
        public var metric: MetricDefinition
        public var baseline: MetricDefinition.Reading?
        public var current: MetricDefinition.Reading?
        public var threshold: MetricThreshold
        /// The baseline's 95 % Wilson interval, in percent, for proportions.
        public var wilson: (low: Double, high: Double)? {
            guard let c = baseline?.counts, c.n > 0 else { return nil }
            let w = Metrics.wilson(c.k, c.n)
            return (w.low * 100, w.high * 100)
        }
        public var status: Status
        /// `current − baseline`.
        public var delta: Double? {
            guard let b = baseline?.value, let c = current?.value else { return nil }
            return c - b
        }
    }

    /// The overall verdict, mapped to `compare`'s exit code.
    public enum Verdict: String, Sendable {
        case unchanged, regression, improvement
        /// 0 unchanged, 2 regression, 4 improvement only.
        public var exitCode: Int32 {
            switch self {
            case .unchanged: 0
            case .regression: 2
            case .improvement: 4
            }
        }
    }

    /// The preset whose thresholds applied.
    public var preset: String?
    public var rows: [Row]
    /// Things a reader should know (different datasets, unknown threshold names).
    public var notes: [String]

    /// Regression if any metric regressed, else improvement if any improved, else unchanged.
    public var verdict: Verdict {
        if rows.contains(where: { $0.status == .regression }) { return .regression }
        if rows.contains(where: { $0.status == .improvement }) { return .improvement }
        return .unchanged
    }

    /// Names of the metrics with `status`.
    public func metrics(_ status: Status) -> [String] { rows.filter { $0.status == status }.map(\.metric.name) }

    /// Compares two `/evaluate` summaries.
    public static func compare(baseline: JSONValue, current: JSONValue, thresholds: Thresholds = .defaults,
                               metrics: [MetricDefinition] = MetricDefinition.standard) -> Comparison {
        let preset = current["preset"]?.string ?? baseline["preset"]?.string
        var notes: [String] = []
        let bt = baseline["total"]?.number.map { Int($0) }, ct = current["total"]?.number.map { Int($0) }
        if let bt, let ct, bt != ct { notes.append("the runs read different numbers of images (baseline \(bt), current \(ct))") }
        if let bd = baseline["dataset"]?.string, let cd = current["dataset"]?.string,
           URL(fileURLWithPath: bd).lastPathComponent != URL(fileURLWithPath: cd).lastPathComponent {
            notes.append("the runs are of different datasets (\(bd) vs \(cd))")
        }
        if baseline["preset"]?.string != current["preset"]?.string {
            notes.append("the runs used different presets (\(baseline["preset"]?.string ?? "?") vs \(current["preset"]?.string ?? "?"))")
        }
        let unknown = thresholds.unknownMetrics(known: metrics)
        if !unknown.isEmpty { notes.append("thresholds name unknown metrics (ignored): \(unknown.joined(separator: ", "))") }
        let rows = metrics.compactMap { m -> Row? in
            let t = thresholds.threshold(for: m.name, preset: preset)
            let b = m.read(baseline), c = m.read(current)
            if m.optional && b == nil && c == nil { return nil }
            return Row(metric: m, baseline: b, current: c, threshold: t, status: judge(m, b, c, t))
        }
        return Comparison(preset: preset, rows: rows, notes: notes)
    }

    /// Judges one metric: a change must pass every threshold that is set to count.
    static func judge(_ m: MetricDefinition, _ b: MetricDefinition.Reading?, _ c: MetricDefinition.Reading?, _ t: MetricThreshold) -> Status {
        guard let b, let c else { return .missing }
        let delta = c.value - b.value
        if delta == 0 { return .unchanged }
        var significant = true
        if let a = t.absolute { significant = significant && abs(delta) > a }
        if let r = t.relative { significant = significant && (b.value == 0 || abs(delta) / abs(b.value) > r) }
        if t.wilson == true, let counts = b.counts, counts.n > 0 {
            let w = Metrics.wilson(counts.k, counts.n)
            let p = c.counts.map { $0.n == 0 ? 0 : Double($0.k) / Double($0.n) } ?? c.value / 100
            significant = significant && (p < w.low || p > w.high)
        }
        guard significant else { return .withinNoise }
        let better = m.polarity == .higherIsBetter ? delta > 0 : delta < 0
        return better ? .improvement : .regression
    }
}
