import Evaluation
import Foundation

/// `scanbench compare --html-out`: the metric table and, when both runs' records were found,
/// the per-image flips, as one self-contained page.
public enum ComparisonHTML {
    /// The page for `comparison` of `baselineName` with `currentName`; `exitCode` is what the
    /// command exits with (it may differ from the verdict's with the new-confident-wrong gate).
    public static func page(_ comparison: Comparison, diff: RunDiff?, baselineName: String, currentName: String, exitCode: Int32) -> String {
        let e = Markup.escape
        var h = "<p><strong>\(e(comparison.verdictLine))</strong> (exit \(exitCode))</p>\n"
        h += RunDiffHTML.names(baselineName, currentName)
        if let preset = comparison.preset { h += "<p>Preset <code>\(e(preset))</code></p>\n" }
        h += "<table class=\"metrics\"><tr>" + Comparison.columns.map { "<th>\(e($0))</th>" }.joined() + "</tr>\n"
        for row in comparison.rows {
            h += "<tr class=\"\(row.status.rawValue)\">" + comparison.cells(row).map { "<td>\(e($0))</td>" }.joined() + "</tr>\n"
        }
        h += "</table>\n"
        for n in comparison.notes { h += "<p class=\"note\">note: \(e(n))</p>\n" }
        if let diff { h += RunDiffHTML.fragment(diff) } else {
            h += "<p>No per-image section: a per-image record (<code>.records.jsonl</code>) was not found for both runs.</p>\n"
        }
        return RunDiffHTML.page(title: "ScanBench compare", body: h)
    }
}
