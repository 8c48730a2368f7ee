import Evaluation
import Foundation
import Reporting

extension HistoryReport {
    /// One self-contained HTML page: per dataset and preset, an SVG trend line per metric
    /// (points carry their run, mark and preset change), then the Markdown's tables.
    public var html: String {
        var h = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>ScanBench run history</title><style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:8px 0 20px}
            td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}th{background:#366092;color:#fff}
            .charts{display:flex;flex-wrap:wrap;gap:12px}.reg{color:#c62828;font-weight:600}.imp{color:#2e7d32}
            svg .t{font-size:13px;font-weight:600}svg .l,svg .k{font-size:10px;fill:#555}svg .ax{stroke:#333}svg .g{stroke:#eee}
            </style></head><body>
            <h1>Run history</h1><p>Store <code>\(Markup.escape(storePath))</code>. Marks compare each run with the previous finished run of the same dataset and preset with <code>compare</code>'s thresholds: <span class="reg">▼ regression</span>, <span class="imp">▲ improvement</span>; ◆ the presets' digest changed.</p>
            """
        for g in groups {
            h += "<h2>\(Markup.escape(g.key))</h2><div class=\"charts\">"
            for t in g.trends {
                let labels = t.points.map { "#\($0.run.id ?? 0)" + ($0.presetChanged ? "◆" : "") }
                let values = t.points.map(\.value)
                let percent = t.metric.unit == "%"
                let highest = values.compactMap { $0 }.max() ?? 0
                let top = percent ? 100 : highest > 0 ? highest * 1.1 : 1
                // Regressions drawn again in red: a series with only those points (a lone point draws no line).
                let regressions = t.points.map { $0.status == .regression ? $0.value : nil }
                var series: [(name: String, color: String, values: [Double?])] = [(t.metric.name, "#366092", values)]
                if regressions.contains(where: { $0 != nil }) { series.append(("▼ regression", "#c62828", regressions)) }
                h += SVGChart.lines(title: t.metric.name, xLabels: labels, series: series, xLabel: "run",
                                    yLabel: t.metric.unit.isEmpty ? t.metric.name : t.metric.unit, yMax: top, unit: percent ? "%" : "",
                                    note: { i in
                                        let p = t.points[i]
                                        return [p.run.startedLabel, MetricTrend.mark(p.status), p.presetChanged ? "preset changed" : ""]
                                            .filter { !$0.isEmpty && $0 != "=" }.joined(separator: ", ")
                                    })
            }
            h += "</div>"
            if let first = g.trends.first {
                h += "<table><tr><th>run</th><th>started (UTC)</th><th>presets digest</th>" + g.trends.map { "<th>\(Markup.escape($0.metric.name))</th>" }.joined() + "</tr>"
                for (i, p) in first.points.enumerated() {
                    h += "<tr><td>\(p.run.id ?? 0)</td><td>\(p.run.startedLabel)</td><td>\(Self.digest(p.run.presetDigest))\(p.presetChanged ? " ◆" : "")</td>"
                    for t in g.trends {
                        let q = t.points[i]
                        let cls = q.status == .regression ? " class=\"reg\"" : q.status == .improvement ? " class=\"imp\"" : ""
                        let mark = MetricTrend.mark(q.status)
                        h += "<td\(cls)>\(Self.value(q.value, t.metric))\(mark.isEmpty || mark == "=" ? "" : " " + Markup.escape(mark))</td>"
                    }
                    h += "</tr>"
                }
                h += "</table>"
                for t in g.trends { if let p = t.driftSince {
                    h += "<p class=\"reg\">\(Markup.escape(t.metric.name)) drifts since run \(p.run.id ?? 0) (\(p.run.startedLabel))\(p.presetChanged ? ", a preset change" : ", with no preset change").</p>"
                } }
            }
        }
        let flaky = flips.filter(\.isFlaky), changed = flips.filter { !$0.isFlaky }
        h += "<h2>Flaky images (answer changed with no preset change): \(Set(flaky.map(\.relativePath)).count)</h2>" + Self.flakyHTML(flaky)
        h += "<h2>Flipped at a preset change: \(Set(changed.map(\.relativePath)).count) images</h2>" + Self.flipHTML(changed)
        h += "<h2>Runs (newest first)</h2><table><tr><th>run</th><th>started (UTC)</th><th>kind</th><th>dataset</th><th>preset</th><th>presets digest</th><th>level</th><th>images</th><th>status</th></tr>"
        for r in runs {
            h += "<tr><td>\(r.id ?? 0)</td><td>\(r.startedLabel)</td><td>\(r.kind.rawValue)</td><td>\(Markup.escape(r.datasetName))</td><td>\(Markup.escape(r.preset))</td><td>\(Self.digest(r.presetDigest))</td><td>\(Markup.escape(r.level ?? ""))</td><td>\(r.status == .finished ? r.total ?? r.recordedImages : r.recordedImages)</td><td>\(r.status.rawValue)</td></tr>"
        }
        return h + "</table></body></html>\n"
    }

    static func flakyHTML(_ flips: [ImageFlip]) -> String {
        guard !flips.isEmpty else { return "<p>None.</p>" }
        var h = "<table><tr><th>image</th><th>truth</th><th>flips</th><th>between runs</th><th>answers seen</th></tr>"
        for g in flakyByImage(flips) {
            h += "<tr><td>\(Markup.escape(g.path))</td><td>\(Markup.escape(g.truth ?? ""))</td><td>\(g.flips.count)</td><td>\(Markup.escape(flakyRuns(g.flips)))</td><td>\(Markup.escape(flakyAnswers(g.flips)))</td></tr>"
        }
        return h + "</table>"
    }

    static func flipHTML(_ flips: [ImageFlip]) -> String {
        guard !flips.isEmpty else { return "<p>None.</p>" }
        func answer(_ a: String?, _ right: Bool?) -> String {
            (a.map { "<code>\(Markup.escape($0))</code>" } ?? "(none)") + (right == true ? " ✓" : right == false ? " ✗" : "")
        }
        var h = "<table><tr><th>image</th><th>truth</th><th>runs</th><th>before</th><th>after</th></tr>"
        for f in flips {
            h += "<tr><td>\(Markup.escape(f.relativePath))</td><td>\(Markup.escape(f.truth ?? ""))</td><td>\(f.fromRun) → \(f.toRun)</td><td>\(answer(f.fromAnswer, f.fromRight))</td><td>\(answer(f.toAnswer, f.toRight))</td></tr>"
        }
        return h + "</table>"
    }
}
