import Evaluation
import Foundation

/// The per-image diff of two runs as HTML: a fragment to put in a page (the count per class,
/// then each class's images, at most `RunDiff.listLimit` each), and a standalone page.
public enum RunDiffHTML {
    /// The diff as an HTML `<section>`; every text is escaped.
    public static func fragment(_ diff: RunDiff, limit: Int = RunDiff.listLimit) -> String {
        let e = Markup.escape
        var h = "<section class=\"run-diff\">\n"
        if let setup = diff.setup {
            h += "<h2>Set-up: what differs between the runs</h2>\n"
            if setup.isEmpty {
                h += "<p>\(e(SetupDiff.sameText))</p>\n"
            } else {
                h += "<table class=\"setup\"><tr><th></th><th>baseline</th><th>current</th></tr>\n"
                for i in setup.items.prefix(SetupDiff.listLimit) {
                    h += "<tr><td>\(e(i.name))</td><td>\(e(i.baseline ?? "—"))</td><td>\(e(i.current ?? "—"))</td></tr>\n"
                }
                h += "</table>\n"
                if let more = setup.moreText { h += "<p>\(e(more))</p>\n" }
            }
        }
        h += "<h2>Per image: what changed</h2>\n"
        h += "<p>\(diff.matched) images in both runs"
        if diff.isPermitRun { h += " (permit rules: right = exact number returned, or a refusal for a document to refuse)" }
        h += ". New confident wrong answers: <strong class=\"ncw\">\(diff.count(.newConfidentWrong))</strong>.</p>\n"
        h += "<p class=\"significance\">\(e(diff.significance))</p>\n"
        h += "<table class=\"counts\"><tr><th>class</th><th>images</th></tr>\n"
        for c in diff.counts { h += "<tr><td>\(e(c.change.title))</td><td class=\"n\">\(c.images)</td></tr>\n" }
        h += "</table>\n"
        for change in RunDiff.Change.allCases {
            let list = diff.images(change)
            guard !list.isEmpty else { continue }
            h += "<h3 id=\"\(change.rawValue)\">\(e(change.title)) (\(list.count))</h3>\n"
            h += "<table class=\"images\"><tr><th>image</th><th>truth</th><th>baseline</th><th>current</th><th>latency ms</th></tr>\n"
            for entry in list.prefix(limit) {
                let latency = [entry.baseline, entry.current].map { $0.map { String(format: "%.0f", $0.latencyMs) } ?? "—" }.joined(separator: " → ")
                h += "<tr><td>\(e(entry.relativePath))</td><td>\(e(RunDiff.truthText(entry)))</td>"
                h += "<td>\(e(RunDiff.sideText(entry.baseline)))</td><td>\(e(RunDiff.sideText(entry.current)))</td>"
                h += "<td class=\"n\">\(e(latency))</td></tr>\n"
            }
            h += "</table>\n"
            if list.count > limit { h += "<p>… and \(list.count - limit) more (every image is in the JSON).</p>\n" }
        }
        return h + "</section>\n"
    }

    /// A self-contained page around `body` (already HTML) titled `title`.
    public static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(Markup.escape(title))</title><style>\(css)</style></head><body>
        <h1>\(Markup.escape(title))</h1>
        \(body)</body></html>

        """
    }

    /// The page `scanbench diff --html-out` writes.
    public static func page(_ diff: RunDiff, baselineName: String, currentName: String) -> String {
        page(title: "ScanBench diff", body: names(baselineName, currentName) + fragment(diff))
    }

    /// "Baseline A → current B" as a paragraph.
    static func names(_ baseline: String, _ current: String) -> String {
        "<p>Baseline <code>\(Markup.escape(baseline))</code> → current <code>\(Markup.escape(current))</code></p>\n"
    }

    static let css = """
        body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0 1em}\
        th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;font-size:.9em}td.n{text-align:right}\
        th{background:#f3f3f3}strong.ncw{color:#b00}code{background:#f6f6f6;padding:0 .2em}
        """
}
