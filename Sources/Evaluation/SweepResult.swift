import Foundation

/// One row of a sweep: a combination and what its run scored.
public struct SweepResult: Sendable {
    /// The parameter values of this run.
    public var combination: SweepPlan.Combination
    /// The run's summary figures.
    public var total: Int
    public var detected: Int
    public var hits: Int
    public var top1Hits: Int
    public var errors: Int
    /// Mean top confidence over detected images (0 when none).
    public var avgConfidence: Double
    /// Median per-image latency, ms.
    public var p50Ms: Double

    /// Images this combination got right that the starting preset got wrong, and the reverse
    /// (relative paths; see `RunDiff` for what "right" is). Empty without a starting run.
    public var fixed: [String] = []
    public var broken: [String] = []

    /// Creates a row from a run's summary; with `start` (the starting preset's records), the
    /// images it fixed and broke against them.
    public init(combination: SweepPlan.Combination, summary: EvaluationSummary, start: [SampleRecord]? = nil) {
        if let start {
            let diff = RunDiff(baseline: start, current: summary.records)
            fixed = diff.images(.fixed).map(\.relativePath)
            broken = diff.images(.broken).map(\.relativePath)
        }
        self.combination = combination
        total = summary.total
        detected = summary.detected
        hits = summary.hits
        top1Hits = summary.top1Hits
        errors = summary.errors
        let tops = summary.records.compactMap(\.top?.confidence)
        avgConfidence = tops.isEmpty ? 0 : tops.reduce(0, +) / Double(tops.count)
        p50Ms = summary.latency.percentileMs(50)
    }

    /// The backend's `accuracy`: hits / total as a fraction (4 decimals; 0 when empty).
    public var accuracy: Double { total == 0 ? 0 : Metrics.round(Double(hits) / Double(total), 4) }

    /// Orders rows best first: accuracy, then exact top-1, then mean confidence; ties keep
    /// their sweep order (the caller passes `index`).
    public static func isBetter(_ a: SweepResult, than b: SweepResult) -> Bool {
        if a.accuracy != b.accuracy { return a.accuracy > b.accuracy }
        if a.top1Hits != b.top1Hits { return a.top1Hits > b.top1Hits }
        return a.avgConfidence > b.avgConfidence + 1e-12
    }

    /// The backend's `param_sweep_results.csv`: a column per parameter, then `accuracy,
    /// detected, total, avg_confidence`; ScanBench's extra columns follow.
    public static func csv(_ rows: [SweepResult], parameters: [SweepParameter]) -> String {
        var lines = [CSV.line(parameters.map(\.path) + ["accuracy", "detected", "total", "avg_confidence", "hits", "top1_hits", "errors", "latency_p50_ms",
                                                           "fixed", "broken"])]
        for r in rows {
            lines.append(CSV.line(r.combination.map { SweepParameter.text($0.value) } + [
                String(format: "%.4f", r.accuracy), String(r.detected), String(r.total), String(format: "%.4f", r.avgConfidence),
                String(r.hits), String(r.top1Hits), String(r.errors), String(format: "%.1f", r.p50Ms), String(r.fixed.count), String(r.broken.count),
            ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `param_sweep_flips.csv`: one line per image a combination fixed or broke against the
    /// starting preset (`combination,change,relative_path`).
    public static func flipsCSV(_ rows: [SweepResult], describe: (SweepPlan.Combination) -> String) -> String {
        var lines = [CSV.line(["combination", "change", "relative_path"])]
        for r in rows {
            for p in r.fixed { lines.append(CSV.line([describe(r.combination), "fixed", p])) }
            for p in r.broken { lines.append(CSV.line([describe(r.combination), "broken", p])) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The backend's `param_sweep_results_best.json`: `{"params": {...}, "accuracy": ...}` and
    /// ScanBench's extra fields.
    public func bestJSON(preset: String, presetFile: String) -> JSONValue {
        .object([
            ("params", .object(combination.map { ($0.path, $0.value) })),
            ("accuracy", .double(accuracy)),
            ("detected", .int(detected)),
            ("total", .int(total)),
            ("avg_confidence", .double(Metrics.round(avgConfidence, 4))),
            ("hits", .int(hits)),
            ("top1_hits", .int(top1Hits)),
            ("preset", .string(preset)),
            ("preset_file", .string(presetFile)),
        ])
    }
}
