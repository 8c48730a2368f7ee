import Evaluation
import Foundation

/// A self-contained HTML report (one file: inline CSS, SVG and a few lines of JS, nothing
/// fetched): headline figures, confidence histogram, reliability diagram, latency CDF,
/// per-preset and per-device tables, accuracy vs coverage, confusions, and a sortable per-image
/// drill-down (`HTMLReport+Images.swift`): thumbnails and the crops each answer was read from.
public enum HTMLReport {
    /// JPEG bytes of a small thumbnail of a record's image, or `nil` (then none is shown).
    public typealias Thumbnailer = @Sendable (SampleRecord) -> Data?

    /// The HTML text of `summary`. `thumbnail` is asked for every image, the costliest errors
    /// first, while the report's picture budget lasts.
    public static func render(_ s: EvaluationSummary, thumbnail: Thumbnailer? = nil, pictureBudget: Int = HTMLReport.pictureBudget) -> String {
        let name = URL(fileURLWithPath: s.info.dataset).standardizedFileURL.lastPathComponent
        var h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        h += "<title>ScanBench — \(e(name))</title><style>\(css)\(imagesCSS)</style></head><body>\n"
        h += "<h1>ScanBench — \(e(name))</h1>\n<p class=\"sub\">\(e(s.info.dataset)) · preset \(e(s.info.preset)) · \(e(EvaluationSummary.iso(s.info.startedAt)))</p>\n"
        if let o = s.info.synthetic {
            h += "<p class=\"sub\">Synthetic set drawn in memory: kind \(e(o.kind)), seed \(o.seed), \(o.count) images, capture \(e(o.capture)), generator v\(e(o.generatorVersion)).</p>\n"
        }
        h += cards(s)
        h += "<section class=\"charts\">"
        let hist = s.confidenceHistogram
        h += SVGChart.stackedBars(title: "Top-candidate confidence", labels: hist.bins.map { String(format: "%.1f", $0) },
                                  series: [("hits", "#4CAF50", hist.hits), ("misses", "#E53935", hist.misses)],
                                  xLabel: "confidence (bin start)", yLabel: "images")
        h += SVGChart.reliability(title: String(format: "Reliability (ECE %.3f)", s.ece),
                                  bins: s.reliabilityBins.map { ($0.lower, $0.upper, $0.count, $0.accuracy, $0.meanConfidence) })
        h += SVGChart.cdf(title: String(format: "Latency CDF (p50 %.0f ms, p95 %.0f ms)", s.latency.percentileMs(50), s.latency.percentileMs(95)), points: s.latencyCDF)
        h += "</section>\n"
        h += "<h2>By preset</h2>" + slices(s.perPreset)
        h += "<h2>By device type</h2>" + slices(s.perDevice)
        if let l = s.legibility { h += "<h2>Legibility</h2>" + legibility(l) }
        if let p = s.permitSummary { h += "<h2>Permits</h2>" + permit(p) }
        h += "<h2>Accuracy vs coverage</h2>" + table(["Accept ≥", "Answered", "Correct", "Coverage", "Top-1 accuracy"], s.accuracyVsCoverage.map {
            [String(format: "%.2f", $0.threshold), "\($0.accepted)", "\($0.correct)", HeadlineFigures.pct($0.coveragePct), HeadlineFigures.pct($0.accuracyPct)]
        })
        let conf = s.charConfusions
        h += "<h2>Character confusions (truth :: read)</h2>"
        h += conf.isEmpty ? "<p>None.</p>" : table(["Confusion", "Count"], conf.map { [$0.pair, "\($0.count)"] })
        h += "<h2>Images (\(s.total))</h2><p class=\"sub\">Confident wrong answers first, then misses and errors. Characters of a read that differ from the truth are marked; <i>Read from</i> shows what the reader saw. Click a column header to sort.</p>" + images(s, thumbnail, budget: pictureBudget)
        h += "<footer>\(e(s.info.versions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " · ")))</footer>\n"
        h += "<script>\(script)\(filterScript)</script>\n</body></html>\n"
        return h
    }

    static func e(_ s: String) -> String { Markup.escape(s) }

    private static func cards(_ s: EvaluationSummary) -> String {
        let ci = s.top1Interval, l = s.latency
        let items: [(String, String, String)] = [
            ("Top-1 accuracy", HeadlineFigures.pct(Metrics.pct(s.top1Hits, s.total)), "95 % CI \(HeadlineFigures.pct(ci.lowPct))–\(HeadlineFigures.pct(ci.highPct))"),
            ("Accuracy (any candidate)", HeadlineFigures.pct(Metrics.pct(s.hits, s.total)), "\(s.hits) of \(s.total)"),
            ("Detection rate", HeadlineFigures.pct(Metrics.pct(s.detected, s.total)), "\(s.detected) of \(s.total)"),
            ("CER", String(format: "%.4f", Metrics.round(s.characterErrorRate.value, 4)), "\(s.labelled) labelled images"),
            ("ECE", String(format: "%.4f", Metrics.round(s.ece, 4)), "10 bins"),
            ("Latency p50 / p95", String(format: "%.0f / %.0f ms", l.percentileMs(50), l.percentileMs(95)), String(format: "max %.0f ms", l.maxMs)),
            ("Errors", "\(s.errors)", "images that could not be read"),
        ]
        return "<section class=\"cards\">" + items.map { "<div class=\"card\"><div class=\"k\">\(e($0.0))</div><div class=\"v\">\(e($0.1))</div><div class=\"n\">\(e($0.2))</div></div>" }.joined() + "</section>\n"
    }

    private static func slices(_ slices: [(key: String, value: EvaluationSummary.Breakdown)]) -> String {
        table(["Slice", "Images", "Detected", "Hits", "Top-1 hits", "Top-1 accuracy", "Errors", "p50 ms", "p95 ms"], slices.map { k, b in
            [k, "\(b.total)", "\(b.detected)", "\(b.hits)", "\(b.top1Hits)", HeadlineFigures.pct(Metrics.pct(b.top1Hits, b.total)), "\(b.errors)",
             String(format: "%.1f", b.latency.percentileMs(50)), String(format: "%.1f", b.latency.percentileMs(95))]
        })
    }

    /// Legible vs illegible text (from the labels' `legible` column), and why text is illegible.
    private static func legibility(_ l: EvaluationSummary.Legibility) -> String {
        let g = l.legible, i = l.illegible
        var header = ["Labelled text", "Images", "Top-1 hits", "Top-1 accuracy", "Answers ≥ 0.8", "of which wrong"]
        var legible = ["legible", "\(g.total)", "\(g.top1Hits)", HeadlineFigures.pct(Metrics.pct(g.top1Hits, g.total)),
                       "\(g.highConfidenceCount)", "\(g.highConfidenceWrong)"]
        var illegible = ["illegible", "\(i.total)", "—", "—", "\(i.confidentAnswers)", "\(i.confidentWrong)"]
        if l.permitRun {
            header += ["Permits exact", "Numbers returned (high)"]
            legible += ["\(g.exactMatches) of \(g.permits) (\(HeadlineFigures.pct(Metrics.pct(g.exactMatches, g.permits))))", "—"]
            illegible += ["—", "\(i.numbersReturned) (\(i.highConfidenceNumbers))"]
        }
        var html = table(header, [legible, illegible])
        if !i.byReason.isEmpty {
            html += table(["Illegible because", "Images"], i.byReason.sorted { $0.key < $1.key }.map { [$0.key, "\($0.value)"] })
        }
        if !l.legibleParts.isEmpty {
            html += table(["Legible images", "Images", "Top-1 hits", "Top-1 accuracy"], l.legibleParts.map {
                [$0.label, "\($0.part.total)", "\($0.part.top1Hits)", HeadlineFigures.pct(Metrics.pct($0.part.top1Hits, $0.part.total))]
            })
        }
        return html
    }

    private static func permit(_ p: EvaluationSummary.PermitSummary) -> String {
        var rows: [[String]] = [
            ["Exact match on permits", "\(p.exactMatches) of \(p.permits) (\(HeadlineFigures.pct(Metrics.pct(p.exactMatches, p.permits))))"],
            ["False acceptances", "\(p.falseAcceptances) of \(p.negatives) non-permits"],
            ["False refusals", "\(p.falseRefusals) of \(p.permits) permits"],
            ["Wrong numbers", "\(p.wrongNumbers)"],
        ]
        for (level, v) in p.byLevel.sorted(by: { $0.key < $1.key }) {
            rows.append(["Confidence \(level)", "\(v.correct) correct of \(v.returned) returned"])
        }
        for (reason, n) in p.reasons.sorted(by: { $0.key < $1.key }) { rows.append(["Reason \(reason)", "\(n)"]) }
        return table(["Figure", "Value"], rows)
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        "<table><thead><tr>" + header.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>"
            + rows.map { "<tr>" + $0.map { "<td>\(e($0))</td>" }.joined() + "</tr>" }.joined() + "</tbody></table>\n"
    }

    static let css = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1d232a;background:#fff}
    h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:2px solid #366092;padding-bottom:3px}
    .sub{color:#5b6570;margin:0 0 12px}
    .cards{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}
    .card{border:1px solid #d5dbe1;border-radius:6px;padding:10px 14px;min-width:150px;background:#f7f9fb}
    .card .k{color:#5b6570;font-size:12px}.card .v{font-size:22px;font-weight:600;color:#366092}.card .n{font-size:11px;color:#7a848e}
    .charts{display:flex;flex-wrap:wrap;gap:12px}.charts svg{border:1px solid #e3e7eb;border-radius:6px;background:#fff}
    svg .t{font-size:13px;font-weight:600}svg .l{font-size:11px;fill:#5b6570}svg .k{font-size:10px;fill:#5b6570}
    svg .ax{stroke:#8a949e}svg .g{stroke:#eef1f4}svg .d{stroke:#9e9e9e;stroke-dasharray:4 3}
    table{border-collapse:collapse;margin:6px 0;font-size:13px}th,td{border:1px solid #d5dbe1;padding:4px 8px;text-align:left;vertical-align:top}
    th{background:#366092;color:#fff;font-weight:600}table.sortable th{cursor:pointer;user-select:none}
    tr.bad td{background:#FFC7CE33}tr.ok td:nth-child(2){color:#2e7d32}tr.bad td:nth-child(2){color:#c62828;font-weight:600}
    .mono{font-family:ui-monospace,Menlo,Consolas,monospace}.pre{white-space:pre-line}
    img.thumb{max-width:320px;max-height:160px;border:1px solid #ccc}
    footer{margin-top:30px;color:#7a848e;font-size:12px}
    """

    private static let script = """
    document.querySelectorAll('table.sortable th').forEach(function(th){th.addEventListener('click',function(){
    var t=th.closest('table'),b=t.tBodies[0],c=+th.dataset.col,n=th.dataset.num,d=th.dataset.dir==='a'?'d':'a';th.dataset.dir=d;
    var rows=Array.prototype.slice.call(b.rows);rows.sort(function(x,y){var p=x.cells[c],q=y.cells[c];
    var u=n?parseFloat(p.dataset.v||'0'):p.textContent,v=n?parseFloat(q.dataset.v||'0'):q.textContent;
    var r=n?u-v:u.localeCompare(v);return d==='a'?r:-r});rows.forEach(function(r){b.appendChild(r)})})});
    """
}
