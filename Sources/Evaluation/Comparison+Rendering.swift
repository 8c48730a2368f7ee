import Foundation

extension Comparison {
    /// A Markdown table for a job page or a pull-request comment; with `diff`, the per-image
    /// section follows the table.
    public func markdown(baselineName: String, currentName: String, diff: RunDiff? = nil) -> String {
        var lines = [
            "### ScanBench compare: \(verdictLine)",
            "",
            "Baseline `\(baselineName)` → current `\(currentName)`" + (preset.map { " (preset `\($0)`)" } ?? ""),
            "",
            "| metric | better | baseline | current | Δ | threshold | status |",
            "|---|---|---:|---:|---:|---|---|",
        ]
        for r in rows {
            let c = cells(r)
            lines.append("| `\(c[0])` | " + c.dropFirst().joined(separator: " | ") + " |")
        }
        if !notes.isEmpty {
            lines.append("")
            for n in notes { lines.append("> note: \(n)") }
        }
        if let diff { lines += ["", diff.markdown(heading: "####").trimmingCharacters(in: .newlines)] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `compare`'s exit code: the verdict's, or 2 when `failOnNewConfidentWrong` and the diff
    /// holds a new confident wrong answer (even with every metric within its thresholds).
    public func exitCode(diff: RunDiff?, failOnNewConfidentWrong: Bool) -> Int32 {
        if failOnNewConfidentWrong, diff?.hasNewConfidentWrong == true { return 2 }
        return verdict.exitCode
    }

    /// The table's column titles, as `cells` fills them.
    public static let columns = ["metric", "better", "baseline", "current", "Δ", "threshold", "status"]

    /// One row's cells as text (metric name, ↑/↓, baseline, current, Δ, threshold, status), for
    /// the Markdown and HTML tables.
    public func cells(_ r: Row) -> [String] {
        let better = r.metric.polarity == .higherIsBetter ? "↑" : "↓"
        let d = r.delta.map { ($0 > 0 ? "+" : "") + Self.format($0) } ?? "—"
        return [r.metric.name, better, Self.cell(r.baseline), Self.cell(r.current), d, thresholdText(r), Self.badge(r.status)]
    }

    /// One line for the terminal and the Markdown title.
    public var verdictLine: String {
        switch verdict {
        case .regression: "regression in \(metrics(.regression).joined(separator: ", "))"
        case .improvement: "improvement in \(metrics(.improvement).joined(separator: ", ")) (no regression)"
        case .unchanged: "no significant change"
        }
    }

    /// The same table as JSON; with `diff`, a `per_image` object follows (and `exit_code`
    /// takes the new-confident-wrong gate into account when `failOnNewConfidentWrong`).
    public func json(baseline: String, current: String, diff: RunDiff? = nil, failOnNewConfidentWrong: Bool = false) -> JSONValue {
        func num(_ d: Double?) -> JSONValue { d.map { .double(Metrics.round($0, 4)) } ?? .null }
        var pairs: [(String, JSONValue)] = [
            ("verdict", .string(verdict.rawValue)),
            ("exit_code", .int(Int(exitCode(diff: diff, failOnNewConfidentWrong: failOnNewConfidentWrong)))),
            ("baseline", .string(baseline)),
            ("current", .string(current)),
            ("preset", preset.map { .string($0) } ?? .null),
            ("regressions", .array(metrics(.regression).map { .string($0) })),
            ("improvements", .array(metrics(.improvement).map { .string($0) })),
            ("metrics", .array(rows.map { r in
                .object([
                    ("metric", .string(r.metric.name)),
                    ("polarity", .string(r.metric.polarity.rawValue)),
                    ("baseline", num(r.baseline?.value)),
                    ("current", num(r.current?.value)),
                    ("delta", num(r.delta)),
                    ("baseline_wilson_95", r.wilson.map { .array([num($0.low), num($0.high)]) } ?? .null),
                    ("threshold_absolute", num(r.threshold.absolute)),
                    ("threshold_relative", num(r.threshold.relative)),
                    ("wilson", .bool(r.threshold.wilson == true)),
                    ("status", .string(r.status.rawValue)),
                ])
            })),
            ("notes", .array(notes.map { .string($0) })),
        ]
        if let diff { pairs.append(("per_image", diff.json())) }
        return .object(pairs)
    }

    private func thresholdText(_ r: Row) -> String {
        var parts: [String] = []
        if let a = r.threshold.absolute { parts.append("±\(Self.format(a))\(r.metric.unit == "%" ? " pp" : r.metric.unit.isEmpty ? "" : " " + r.metric.unit)") }
        if let rel = r.threshold.relative { parts.append("±\(Self.format(rel * 100)) %") }
        if r.threshold.wilson == true, let w = r.wilson { parts.append("Wilson [\(Self.format(w.low)), \(Self.format(w.high))]") }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }

    private static func cell(_ r: MetricDefinition.Reading?) -> String {
        guard let r else { return "—" }
        if let c = r.counts { return "\(format(r.value)) (\(c.k)/\(c.n))" }
        return format(r.value)
    }

    private static func badge(_ s: Status) -> String {
        switch s {
        case .regression: "❌ regression"
        case .improvement: "✅ improvement"
        case .withinNoise: "≈ within noise"
        case .unchanged: "= unchanged"
        case .missing: "? missing"
        }
    }

    static func format(_ d: Double) -> String {
        let r = Metrics.round(d, 2)
        return r == r.rounded() ? String(format: "%.0f", r) : String(format: "%.2f", r)
    }
}
