import Evaluation
import Foundation

/// The headline figures of a run as label/value text, shared by the Markdown, HTML and XLSX
/// renderings so they print the same numbers the same way.
public struct HeadlineFigures: Sendable {
    /// `(label, value)` in display order.
    public let rows: [(String, String)]

    /// The figures of `s`.
    public init(_ s: EvaluationSummary) {
        let ci = s.top1Interval, cer = s.characterErrorRate, l = s.latency
        var rows: [(String, String)] = [
            ("Dataset", s.info.dataset),
            ("Preset", s.info.preset),
            ("Images", "\(s.total) (\(s.labelled) labelled, \(s.errors) failed)"),
            ("Detection rate", "\(Self.pct(Metrics.pct(s.detected, s.total))) (\(s.detected)/\(s.total))"),
            ("Accuracy (any candidate)", "\(Self.pct(Metrics.pct(s.hits, s.total))) (\(s.hits)/\(s.total))"),
            ("Top-1 accuracy", "\(Self.pct(Metrics.pct(s.top1Hits, s.total))) (\(s.top1Hits)/\(s.total), 95 % CI \(Self.pct(ci.lowPct))–\(Self.pct(ci.highPct)))"),
            ("Accuracy on detected", Self.pct(Metrics.pct(s.hits, s.detected))),
            ("Strict validation", "\(Self.pct(Metrics.pct(s.strictPasses, s.total))) (\(s.strictPasses)/\(s.total))"),
            ("High confidence (≥ 0.8)", "\(s.highConfidenceRecords.count) images, \(Self.pct(Metrics.pct(s.highConfidenceRecords.filter(\.hit).count, s.highConfidenceRecords.count))) correct"),
            ("CER", String(format: "%.4f (%d edits / %d chars)", Metrics.round(cer.value, 4), cer.edits, cer.referenceChars)),
            ("ECE", String(format: "%.4f", Metrics.round(s.ece, 4))),
            ("Latency p50 / p95 / max", String(format: "%.1f / %.1f / %.1f ms", l.percentileMs(50), l.percentileMs(95), l.maxMs)),
        ]
        if let p = s.permitSummary {
            rows.append(("Permits exact match", "\(Self.pct(Metrics.pct(p.exactMatches, p.permits))) (\(p.exactMatches)/\(p.permits))"))
            rows.append(("False acceptances", "\(p.falseAcceptances) of \(p.negatives) non-permits"))
            rows.append(("False refusals", "\(p.falseRefusals) of \(p.permits) permits"))
        }
        rows.append(("Started", EvaluationSummary.iso(s.info.startedAt)))
        rows.append(("Finished", EvaluationSummary.iso(s.info.finishedAt)))
        rows.append(("Versions", s.info.versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        self.rows = rows
    }

    /// `93.33 %`.
    static func pct(_ x: Double) -> String { String(format: "%.2f %%", x) }
}
