import Evaluation
import Foundation
import Reporting

/// The one-screen summary `evaluate` prints.
enum SummaryTable {
    static func render(_ s: EvaluationSummary, written: ReportWriter.Written) -> String {
        let lat = s.latency
        func row(_ k: String, _ v: String) -> String { k.padding(toLength: 28, withPad: " ", startingAt: 0) + v }
        var lines = [
            "ScanBench evaluate — \(s.info.dataset) (preset \(s.info.preset), \(s.info.workers) worker\(s.info.workers == 1 ? "" : "s"))",
            String(repeating: "─", count: 64),
            row("images", "\(s.total)  (labelled \(s.labelled), errors \(s.errors))"),
            row("detection rate", String(format: "%.2f %%  (%d/%d)", Metrics.pct(s.detected, s.total), s.detected, s.total)),
            row("exact top-1", String(format: "%.2f %%  (%d/%d)", Metrics.pct(s.top1Hits, s.total), s.top1Hits, s.total)),
            row("hits (any candidate)", String(format: "%.2f %%  (%d/%d)", Metrics.pct(s.hits, s.total), s.hits, s.total)),
            row("strict validation", String(format: "%.2f %%", Metrics.pct(s.strictPasses, s.total))),
            row("high confidence (≥0.8)", "\(s.highConfidenceRecords.count) images, \(s.highConfidenceRecords.filter(\.hit).count) right"),
            row("ECE", String(format: "%.4f", s.ece)),
            row("latency p50 / p95 / max", String(format: "%.0f / %.0f / %.0f ms", lat.percentileMs(50), lat.percentileMs(95), lat.maxMs)),
        ]
        if let o = s.info.synthetic {
            lines.insert(row("synthetic set", "\(o.kind), seed \(o.seed), \(o.count) images, capture \(o.capture), generator v\(o.generatorVersion)"), at: 2)
        }
        if let l = s.legibility { lines += legibilityRows(l, row) }
        let misses = s.records.filter { $0.groundTruth != nil && !$0.top1Hit }.prefix(8)
        if !misses.isEmpty {
            lines.append(String(repeating: "─", count: 64))
            lines.append("misses (first \(misses.count)):")
            for r in misses {
                let got = r.outcome.error.map { "ERROR \($0.kind)" } ?? (r.top?.text ?? "—")
                lines.append("  \(r.relativePath): expected \(r.groundTruth ?? ""), got \(got)")
            }
        }
        lines.append(String(repeating: "─", count: 64))
        lines.append(row("summary", written.json.path))
        lines.append(row("per-image CSV", written.csv.path))
        return lines.joined(separator: "\n")
    }

    /// The legible / illegible rows (labels with a `legible` column).
    static func legibilityRows(_ l: EvaluationSummary.Legibility, _ row: (String, String) -> String) -> [String] {
        let g = l.legible, i = l.illegible
        func images(_ n: Int) -> String { "\(n) image\(n == 1 ? "" : "s")" }
        var legible = images(g.total) + String(format: ": top-1 %.2f %% (%d), ≥0.8 %d (%d wrong)",
                                               Metrics.pct(g.top1Hits, g.total), g.top1Hits, g.highConfidenceCount, g.highConfidenceWrong)
        if l.permitRun { legible += String(format: "; permits exact %.2f %% (%d/%d)", Metrics.pct(g.exactMatches, g.permits), g.exactMatches, g.permits) }
        var illegible = "\(images(i.total)): \(i.confidentAnswers) answered ≥0.8 (\(i.confidentWrong) wrong)"
        if l.permitRun { illegible += "; \(i.numbersReturned) numbers returned, \(i.highConfidenceNumbers) high" }
        var rows = [row("legible text", legible), row("illegible text", illegible)]
        if !i.byReason.isEmpty {
            rows.append(row("  illegible because", i.byReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        }
        if !l.legibleParts.isEmpty {
            rows.append(row("  legible by part", l.legibleParts.map {
                $0.label + String(format: " %.1f %% (%d/%d)", Metrics.pct($0.part.top1Hits, $0.part.total), $0.part.top1Hits, $0.part.total)
            }.joined(separator: ", ")))
        }
        return rows
    }
}
