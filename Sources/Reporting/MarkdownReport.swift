import Evaluation
import Foundation

/// A Markdown summary for CI job pages and pull-request comments: headline figures, the
/// per-preset table, the accuracy-vs-coverage curve, top confusions and the first misses.
public enum MarkdownReport {
    /// How many misses and confusions are listed.
    public static let listLimit = 20

    /// The Markdown text of `summary`.
    public static func render(_ s: EvaluationSummary) -> String {
        var md = "# ScanBench — \(cell(URL(fileURLWithPath: s.info.dataset).standardizedFileURL.lastPathComponent))\n\n"
        md += table(["Metric", "Value"], HeadlineFigures(s).rows.map { [$0.0, $0.1] })
        md += "\n## By preset\n\n" + slices(s.perPreset)
        if s.perDevice.count > 1 || s.perDevice.first?.key != "unknown" {
            md += "\n## By device type\n\n" + slices(s.perDevice)
        }
        if let l = s.legibility {
            let g = l.legible, i = l.illegible
            md += "\n## Legibility\n\n"
            md += table(["Labelled text", "Images", "Top-1 accuracy", "Answers ≥ 0.8", "of which wrong"], [
                ["legible", "\(g.total)", HeadlineFigures.pct(Metrics.pct(g.top1Hits, g.total)), "\(g.highConfidenceCount)", "\(g.highConfidenceWrong)"],
                ["illegible", "\(i.total)", "—", "\(i.confidentAnswers)", "\(i.confidentWrong)"],
            ])
            if !i.byReason.isEmpty {
                md += "\nIllegible because: " + i.byReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ".\n"
            }
            if !l.legibleParts.isEmpty {
                md += "\n" + table(["Legible images", "Images", "Top-1 accuracy"], l.legibleParts.map {
                    [$0.label, "\($0.part.total)", HeadlineFigures.pct(Metrics.pct($0.part.top1Hits, $0.part.total))]
                })
            }
        }
        md += "\n## Accuracy vs coverage\n\n"
        md += table(["Accept ≥", "Answered", "Coverage", "Top-1 accuracy"], s.accuracyVsCoverage.map {
            [String(format: "%.2f", $0.threshold), "\($0.accepted)", HeadlineFigures.pct($0.coveragePct), HeadlineFigures.pct($0.accuracyPct)]
        })
        let conf = s.charConfusions.prefix(listLimit)
        md += "\n## Character confusions (truth :: read)\n\n"
        md += conf.isEmpty ? "None.\n" : table(["Confusion", "Count"], conf.map { ["`\($0.pair)`", "\($0.count)"] })
        let misses = s.records.filter { r in
            if case .pass = JUnitReport.verdict(r) { return false }
            if case .skipped = JUnitReport.verdict(r) { return false }
            return true
        }
        md += "\n## Misses and errors (\(misses.count))\n\n"
        if misses.isEmpty {
            md += "None.\n"
        } else {
            md += table(["File", "Truth", "Read", "Confidence", "Stage", "Error"], misses.prefix(listLimit).map { r in
                [r.relativePath, r.groundTruth ?? (r.kind ?? ""), r.top?.text ?? "", r.top.map { String(format: "%.3f", $0.confidence) } ?? "",
                 r.top?.stage ?? "", r.outcome.error.map { "\($0.kind): \($0.message)" } ?? ""]
            })
            if misses.count > listLimit { md += "\n… and \(misses.count - listLimit) more.\n" }
        }
        return md
    }

    private static func slices(_ slices: [(key: String, value: EvaluationSummary.Breakdown)]) -> String {
        table(["Slice", "Images", "Detected", "Top-1 hits", "Top-1 accuracy", "Errors", "p50 ms", "p95 ms"], slices.map { k, b in
            [k, "\(b.total)", "\(b.detected)", "\(b.top1Hits)", HeadlineFigures.pct(Metrics.pct(b.top1Hits, b.total)), "\(b.errors)",
             String(format: "%.1f", b.latency.percentileMs(50)), String(format: "%.1f", b.latency.percentileMs(95))]
        })
    }

    /// A GitHub-flavoured table.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var t = "| " + header.map(cell).joined(separator: " | ") + " |\n"
        t += "|" + header.map { _ in "---|" }.joined() + "\n"
        for r in rows { t += "| " + r.map(cell).joined(separator: " | ") + " |\n" }
        return t
    }

    /// A table cell: pipes escaped, line breaks flattened.
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: "")
    }
}
