import Evaluation
import Foundation
import Reporting

/// The run history rendered: the runs, each metric's trend per dataset and preset with its
/// regression marks and drift, and the images whose answer flipped (flaky ones apart), as
/// Markdown and as one HTML page with an SVG trend line per metric.
public struct HistoryReport: Sendable {
    public var storePath: String
    /// Newest first.
    public var runs: [StoredRun]
    public var trends: [MetricTrend]
    public var flips: [ImageFlip]

    /// Creates a report of these facts.
    public init(storePath: String, runs: [StoredRun], trends: [MetricTrend], flips: [ImageFlip]) {
        self.storePath = storePath; self.runs = runs; self.trends = trends; self.flips = flips
    }

    /// Reads everything a report shows from `store` (optionally one dataset and preset).
    public static func load(_ store: RunStore, dataset: String? = nil, preset: String? = nil, metrics: [MetricDefinition],
                            thresholds: Thresholds = .defaults, runLimit: Int = 50) throws -> HistoryReport {
        HistoryReport(storePath: store.path, runs: try store.runs(dataset: dataset, preset: preset, limit: runLimit),
                      trends: try store.trends(dataset: dataset, preset: preset, metrics: metrics, thresholds: thresholds),
                      flips: try store.flips(dataset: dataset, preset: preset))
    }

    /// The trends grouped per dataset and preset, in order.
    var groups: [(key: String, trends: [MetricTrend])] {
        var out: [(key: String, trends: [MetricTrend])] = []
        for t in trends {
            let key = "\(t.dataset) — \(t.preset)"
            if out.last?.key == key { out[out.count - 1].trends.append(t) } else { out.append((key, [t])) }
        }
        return out
    }

    static func value(_ v: Double?, _ m: MetricDefinition) -> String {
        guard let v else { return "–" }
        if m.unit == "%" { return String(format: "%.1f", v) }
        if m.unit == "ms" { return String(format: "%.0f", v) }
        return v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%.3f", v)
    }

    static func digest(_ d: String) -> String { String(d.prefix(8)) }

    /// `Markdown` of the runs list alone.
    public static func runsTable(_ runs: [StoredRun]) -> String {
        var md = "| run | started (UTC) | kind | dataset | preset | presets digest | level | shard | images | top-1 % | status |\n"
        md += "|---:|---|---|---|---|---|---|---|---:|---:|---|\n"
        for r in runs {
            let top1 = r.top1Hits.flatMap { h in r.total.map { $0 > 0 ? String(format: "%.1f", 100 * Double(h) / Double($0)) : "–" } } ?? "–"
            let images = r.status == .finished ? "\(r.total ?? r.recordedImages)" : "\(r.recordedImages)/\(r.expectedImages)"
            md += "| \(r.id ?? 0) | \(r.startedLabel) | \(r.kind.rawValue) | \(r.datasetName) | \(r.preset) | \(digest(r.presetDigest)) | \(r.level ?? "") | \(r.shardIndex)/\(r.shardCount) | \(images) | \(top1) | \(r.status.rawValue) |\n"
        }
        return md
    }

    /// The trend tables: one per dataset and preset, a row per run, a column per metric with
    /// its mark against the previous run.
    public var trendMarkdown: String {
        var md = ""
        for g in groups {
            guard let first = g.trends.first else { continue }
            md += "## \(g.key)\n\n"
            md += "| run | started (UTC) | presets digest | " + g.trends.map { "\($0.metric.name)\($0.metric.unit.isEmpty ? "" : " (\($0.metric.unit))")" }.joined(separator: " | ") + " |\n"
            md += "|---:|---|---|" + g.trends.map { _ in "---:|" }.joined() + "\n"
            for (i, p) in first.points.enumerated() {
                let digest = Self.digest(p.run.presetDigest) + (p.presetChanged ? " ◆ preset changed" : "")
                let cells = g.trends.map { t in
                    let q = t.points[i]
                    let mark = MetricTrend.mark(q.status)
                    return Self.value(q.value, t.metric) + (mark.isEmpty || mark == "=" ? "" : " " + mark)
                }
                md += "| \(p.run.id ?? 0) | \(p.run.startedLabel) | \(digest) | " + cells.joined(separator: " | ") + " |\n"
            }
            let drifting = g.trends.compactMap { t in t.driftSince.map { (t, $0) } }
            md += "\n"
            if drifting.isEmpty {
                md += "No metric drifts: no regression since the last improvement.\n\n"
            } else {
                for (t, p) in drifting {
                    md += "- **\(t.metric.name)** drifts since run \(p.run.id ?? 0) (\(p.run.startedLabel))\(p.presetChanged ? ", a preset change" : ", with no preset change"): \(t.regressions.count) regression(s) in \(t.points.count) runs.\n"
                }
                md += "\n"
            }
        }
        return md.isEmpty ? "No finished whole run in the store yet.\n\n" : md
    }

    /// The flips: those at a preset change, then the flaky ones (same presets digest).
    public var flipsMarkdown: String {
        var md = ""
        let flaky = flips.filter(\.isFlaky), changed = flips.filter { !$0.isFlaky }
        let flakyImages = Set(flaky.map(\.relativePath))
        md += "## Flaky images (answer changed with no preset change): \(flakyImages.count)\n\n"
        md += flaky.isEmpty ? "None.\n\n" : Self.flakyTable(flaky)
        md += "## Flipped at a preset change: \(Set(changed.map(\.relativePath)).count) images\n\n"
        md += changed.isEmpty ? "None.\n\n" : Self.flipTable(changed)
        return md
    }

    /// Flaky images: one row per image, its flips and the answers it gave.
    static func flakyByImage(_ flips: [ImageFlip]) -> [(path: String, truth: String?, flips: [ImageFlip])] {
        Dictionary(grouping: flips, by: \.relativePath).map { ($0.key, $0.value.first?.truth, $0.value) }
            .sorted { $0.flips.count != $1.flips.count ? $0.flips.count > $1.flips.count : $0.path < $1.path }
    }

    static func flakyAnswers(_ flips: [ImageFlip]) -> String {
        var seen: [String] = []
        for f in flips { for a in [f.fromAnswer ?? "(none)", f.toAnswer ?? "(none)"] where !seen.contains(a) { seen.append(a) } }
        return seen.joined(separator: " / ")
    }

    static func flakyRuns(_ flips: [ImageFlip]) -> String {
        let pairs = flips.map { "\($0.fromRun)→\($0.toRun)" }
        return pairs.prefix(6).joined(separator: ", ") + (pairs.count > 6 ? ", … (\(pairs.count))" : "")
    }

    static func flakyTable(_ flips: [ImageFlip]) -> String {
        var md = "| image | truth | flips | between runs | answers seen |\n|---|---|---:|---|---|\n"
        for g in flakyByImage(flips) {
            md += "| \(g.path) | \(g.truth ?? "") | \(g.flips.count) | \(flakyRuns(g.flips)) | \(flakyAnswers(g.flips)) |\n"
        }
        return md + "\n"
    }

    static func flipTable(_ flips: [ImageFlip]) -> String {
        func answer(_ a: String?, _ right: Bool?) -> String {
            (a.map { "`\($0)`" } ?? "(none)") + (right == true ? " ✓" : right == false ? " ✗" : "")
        }
        var md = "| image | truth | runs | answer before | answer after |\n|---|---|---|---|---|\n"
        for f in flips {
            md += "| \(f.relativePath) | \(f.truth ?? "") | \(f.fromRun) → \(f.toRun) | \(answer(f.fromAnswer, f.fromRight)) | \(answer(f.toAnswer, f.toRight)) |\n"
        }
        return md + "\n"
    }

    /// The whole report as Markdown.
    public var markdown: String {
        "# Run history\n\nStore: `\(storePath)`. Marks compare each run with the previous finished run of the same dataset and preset, with `compare`'s thresholds: ▼ regression, ▲ improvement, · within noise; ◆ the presets' digest changed.\n\n"
            + trendMarkdown + flipsMarkdown + "## Runs (newest first)\n\n" + Self.runsTable(runs)
    }
}
