import Evaluation
import Foundation

/// The renderings of a robustness run: a CSV row per level, a Markdown table, and a
/// self-contained HTML page with one curve per perturbation and, per perturbation, the images
/// that broke first with thumbnails of what the reader was given.
public enum RobustnessReport {
    /// JPEG bytes of a small picture of a broken image at its level, or `nil`.
    public typealias Thumbnailer = @Sendable (RobustnessSummary.Broken) -> Data?

    /// How many broken images are listed per perturbation (all are in the JSON).
    public static let brokenListed = 8

    static let csvHeader = ["perturbation", "severity", "level", "images", "right", "accuracy_pct", "labelled", "exact_top1", "detected",
                            "confident_wrong", "errors", "ece", "latency_p50_ms", "latency_p95_ms", "permits", "permit_exact",
                            "false_acceptances", "false_refusals", "area_pct"]

    /// One row per level, the clean run first; `area_pct` on each level of a perturbation.
    public static func csv(_ s: RobustnessSummary) -> String {
        func row(_ f: RobustnessSummary.Figures, area: Double?) -> [String] {
            [f.level?.perturbation.rawValue ?? "none", f.level?.severityText ?? "", f.level?.id ?? "clean", "\(f.images)", "\(f.right)",
             String(format: "%.2f", 100 * f.accuracy), "\(f.labelled)", "\(f.exact)", "\(f.detected)", "\(f.confidentWrong)", "\(f.errors)",
             String(format: "%.4f", f.ece), String(format: "%.2f", f.latencyP50), String(format: "%.2f", f.latencyP95),
             f.permit.map { "\($0.permits)" } ?? "", f.permit.map { "\($0.exact)" } ?? "", f.permit.map { "\($0.falseAcceptances)" } ?? "",
             f.permit.map { "\($0.falseRefusals)" } ?? "", area.map { String(format: "%.2f", 100 * $0) } ?? ""]
        }
        var lines = [CSV.line(csvHeader), CSV.line(row(s.clean, area: nil))]
        for l in s.ladders { for f in l.levels { lines.append(CSV.line(row(f, area: l.area))) } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The dataset's base name.
    static func name(_ s: RobustnessSummary) -> String { URL(fileURLWithPath: s.info.dataset).standardizedFileURL.lastPathComponent }

    static func severityLabel(_ f: RobustnessSummary.Figures) -> String {
        guard let level = f.level else { return "clean" }
        return level.severity == nil ? "applied" : level.severityText
    }

    /// The headline in one line.
    public static func headline(_ s: RobustnessSummary) -> String {
        let score = s.scorePct.map { String(format: "%.1f", $0) } ?? "—"
        return "robustness score \(score) % (\(s.ladders.count) perturbations, \(s.ladders.map(\.levels.count).reduce(0, +)) levels), clean "
            + String(format: "%.1f %%", 100 * s.clean.accuracy) + ", \(s.confidentWrong) confident wrong under perturbation"
    }

    /// A Markdown table of every level, then the images that broke first.
    public static func markdown(_ s: RobustnessSummary) -> String {
        var md = "# ScanBench robustness — \(MarkdownReport.cell(name(s))) (preset `\(s.info.preset)`)\n\n"
        md += "\(headline(s)).\n\nMeasure: \(s.measure); perturbation seed \(s.seed). "
        md += "Score: the mean over perturbations of the area under accuracy vs severity (clean at 0, each severity one step), 100 = never worse.\n\n"
        var header = ["Perturbation", "Severity", "Images", "Right", "Accuracy", "Δ vs clean", "Confident wrong", "Errors", "p50 ms", "p95 ms"]
        if s.isPermitRun { header += ["Exact permits", "False acceptances", "False refusals"] }
        func row(_ name: String, _ f: RobustnessSummary.Figures) -> [String] {
            var r = [name, severityLabel(f), "\(f.images)", "\(f.right)", String(format: "%.1f %%", 100 * f.accuracy),
                     f.level == nil ? "" : String(format: "%+.1f", 100 * (f.accuracy - s.clean.accuracy)), "\(f.confidentWrong)", "\(f.errors)",
                     String(format: "%.0f", f.latencyP50), String(format: "%.0f", f.latencyP95)]
            if let p = f.permit { r += ["\(p.exact)/\(p.permits)", "\(p.falseAcceptances)/\(p.negatives)", "\(p.falseRefusals)"] }
            return r
        }
        var rows = [row("clean", s.clean)]
        for l in s.ladders {
            for (i, f) in l.levels.enumerated() {
                rows.append(row(i == 0 ? "\(l.perturbation.rawValue) (\(l.perturbation.unit); area \(String(format: "%.1f", 100 * l.area)) %)" : "", f))
            }
        }
        md += MarkdownReport.table(header, rows)
        let broken = s.ladders.filter { !$0.brokeFirst.isEmpty }
        md += "\n## Broke first\n\n"
        if broken.isEmpty { md += "No image right when clean went wrong under any perturbation.\n" }
        for l in broken {
            md += "- **\(l.perturbation.rawValue)** (\(l.brokeFirst.count)): "
            md += l.brokeFirst.prefix(brokenListed).map { b in
                "`\(MarkdownReport.cell(b.relativePath))` at \(b.level.severity == nil ? "applied" : b.level.severityText) → \(answerText(b))"
            }.joined(separator: "; ")
            md += l.brokeFirst.count > brokenListed ? "; …\n" : "\n"
        }
        return md
    }

    /// What the reader answered for a broken image, in words.
    static func answerText(_ b: RobustnessSummary.Broken) -> String {
        if let e = b.error { return "error (\(e))" }
        guard let a = b.answer else { return "no answer (truth \(b.truth ?? "none"))" }
        return "\(a)" + (b.confidence.map { String(format: " at %.2f", $0) } ?? "") + " (truth \(b.truth ?? "none"))"
    }

    /// The HTML page. `thumbnail` is asked for at most `brokenListed` images per perturbation.
    public static func html(_ s: RobustnessSummary, thumbnail: Thumbnailer? = nil) -> String {
        func e(_ t: String) -> String { Markup.escape(t) }
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        h += "<title>ScanBench robustness — \(e(name(s)))</title><style>\(HTMLReport.css)\(css)</style></head><body>\n"
        h += "<h1>ScanBench robustness — \(e(name(s)))</h1>\n"
        h += "<p class=\"sub\">\(e(s.info.dataset)) · preset \(e(s.info.preset)) · perturbation seed \(s.seed) · \(e(EvaluationSummary.iso(s.info.startedAt)))</p>\n"
        let cards: [(String, String, String)] = [
            ("Robustness score", s.scorePct.map { String(format: "%.1f %%", $0) } ?? "—", "mean area under the curves"),
            ("Clean", String(format: "%.1f %%", 100 * s.clean.accuracy), s.isPermitRun ? "exact on permits" : "\(s.clean.right) of \(s.clean.images) right"),
            ("Confident wrong", "\(s.confidentWrong)", s.isPermitRun ? "false acceptances + wrong at high, all levels" : "answers ≥ 0.8 not the truth, all levels"),
            ("Levels", "\(s.ladders.map(\.levels.count).reduce(0, +))", "\(s.ladders.count) perturbations × \(s.clean.images) images"),
        ]
        h += "<div class=\"cards\">" + cards.map { "<div class=\"card\"><div class=\"k\">\(e($0.0))</div><div class=\"v\">\(e($0.1))</div><div class=\"n\">\(e($0.2))</div></div>" }.joined() + "</div>\n"
        h += "<p class=\"sub\">Curve: \(e(s.measure)). Each point is one evaluation of every image at that severity; the first point is the clean run.</p>\n"
        h += "<section class=\"charts\">"
        for l in s.ladders {
            let labels = ["clean"] + l.levels.map(severityLabel)
            var series: [(name: String, color: String, values: [Double?])] = [("accuracy", "#366092", [100 * s.clean.accuracy] + l.levels.map { 100 * $0.accuracy })]
            if s.isPermitRun {
                func refusals(_ f: RobustnessSummary.Figures) -> Double? { f.permit.map { $0.permits == 0 ? 0 : 100 * Double($0.falseRefusals) / Double($0.permits) } }
                series.append(("false refusals", "#E53935", [refusals(s.clean)] + l.levels.map(refusals)))
            }
            h += SVGChart.lines(title: "\(l.perturbation.rawValue) — area \(String(format: "%.1f", 100 * l.area)) %", xLabels: labels, series: series,
                                xLabel: l.perturbation.unit, yLabel: s.isPermitRun ? "exact on permits" : "right")
        }
        h += "</section>\n<h2>Every level</h2>"
        var header = ["Perturbation", "Severity", "Images", "Right", "Accuracy", "Confident wrong", "Errors", "ECE", "p50 ms", "p95 ms"]
        if s.isPermitRun { header += ["Exact permits", "False acceptances", "False refusals"] }
        func row(_ f: RobustnessSummary.Figures) -> [String] {
            var r = [f.level?.perturbation.rawValue ?? "clean", severityLabel(f), "\(f.images)", "\(f.right)", String(format: "%.1f %%", 100 * f.accuracy),
                     "\(f.confidentWrong)", "\(f.errors)", String(format: "%.3f", f.ece), String(format: "%.0f", f.latencyP50), String(format: "%.0f", f.latencyP95)]
            if let p = f.permit { r += ["\(p.exact)/\(p.permits)", "\(p.falseAcceptances)/\(p.negatives)", "\(p.falseRefusals)"] }
            return r
        }
        h += HTMLReport.table(header, [row(s.clean)] + s.ladders.flatMap { $0.levels.map(row) })
        h += "<h2>Broke first</h2><p class=\"sub\">Per perturbation, the images right on the clean run that went wrong, at the mildest severity that broke them (at most \(brokenListed) shown; all are in robustness.json). The picture is what the reader was given.</p>\n"
        let broken = s.ladders.filter { !$0.brokeFirst.isEmpty }
        if broken.isEmpty { h += "<p>No image right when clean went wrong under any perturbation.</p>\n" }
        for l in broken {
            h += "<h3>\(e(l.perturbation.rawValue)) <span class=\"sub\">(\(l.brokeFirst.count) image\(l.brokeFirst.count == 1 ? "" : "s"))</span></h3><div class=\"broken\">"
            for b in l.brokeFirst.prefix(brokenListed) {
                h += "<figure>"
                if let data = thumbnail?(b), !data.isEmpty {
                    h += "<img class=\"thumb\" alt=\"\(e(b.relativePath)) at \(e(b.level.description))\" src=\"data:image/jpeg;base64,\(data.base64EncodedString())\">"
                }
                h += "<figcaption><span class=\"mono\">\(e(b.relativePath))</span><br>\(e(b.level.description)): \(e(answerText(b)))</figcaption></figure>"
            }
            h += "</div>\n"
        }
        h += "<footer>\(e(s.info.versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " · ")))</footer>\n</body></html>\n"
        return h
    }

    static let css = """
    h3{font-size:15px;margin:18px 0 6px}.broken{display:flex;flex-wrap:wrap;gap:10px}
    figure{margin:0;border:1px solid #d5dbe1;border-radius:6px;padding:6px;max-width:260px;font-size:12px;background:#f7f9fb}
    figure img.thumb{max-width:240px;max-height:180px;display:block;margin-bottom:4px}
    """
}
