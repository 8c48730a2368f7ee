import Evaluation
import Foundation

/// The HTML report's per-image drill-down: confident wrong answers first, then misses, errors,
/// unlabelled images and hits; each row with a thumbnail of the image and the crops its answer
/// was read from (recorded by the run), the read set against the truth with the differing
/// characters marked, and every candidate; filters by result, preset and device type.
extension HTMLReport {
    /// Embedded pictures stop once their base64 text reaches this many characters, so a report
    /// of thousands of images stays small enough to open; rows are served in the order shown
    /// (the costliest errors first).
    public static let pictureBudget = 10_000_000

    /// What happened to one image, for the table's `Result` column and its filter.
    enum RowResult: String, CaseIterable {
        case confidentWrong = "confident wrong"
        case miss
        case missInCandidates = "miss (in candidates)"
        case error
        case unlabelled
        case hit

        /// Order in the table: the costliest first.
        var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        var bad: Bool { self != .hit && self != .unlabelled }
    }

    static func result(_ r: SampleRecord) -> RowResult {
        switch JUnitReport.verdict(r) {
        case .pass: return r.groundTruth == nil && r.kind == nil ? .unlabelled : .hit
        case .skipped: return .unlabelled
        case .error: return .error
        case .failure:
            // The rule robustness, diff and compare use.
            if RobustnessSummary.isConfidentWrong(r, permit: r.kind != nil) { return .confidentWrong }
            return r.hit ? .missInCandidates : .miss
        }
    }

    /// `read` with the characters that differ from `truth` marked (`<mark>`; a character of
    /// the truth that is missing shows as a marked `·`).
    static func marked(_ read: String, against truth: String?) -> String {
        guard let truth, !truth.isEmpty, !read.isEmpty else { return Markup.escape(read) }
        return EvaluationSummary.align(truth, read.uppercased()).map { t, r in
            if t == r { return Markup.escape(r) }
            return "<mark>\(r.isEmpty ? "·" : Markup.escape(r))</mark>"
        }.joined()
    }

    static func images(_ s: EvaluationSummary, _ thumbnail: Thumbnailer?, budget pictureBudget: Int) -> String {
        let rows = s.records.map { ($0, result($0)) }.sorted { a, b in
            a.1.rank != b.1.rank ? a.1.rank < b.1.rank : a.0.relativePath < b.0.relativePath
        }
        func values(_ f: (SampleRecord) -> String) -> [String] { Array(Set(s.records.map(f))).sorted() }
        func select(_ name: String, _ options: [String]) -> String {
            "<label>\(e(name)) <select data-filter=\"\(e(name.lowercased()))\"><option value=\"\">all</option>"
                + options.map { "<option>\(e($0))</option>" }.joined() + "</select></label> "
        }
        let present = RowResult.allCases.filter { r in rows.contains { $0.1 == r } }.map(\.rawValue)
        var t = "<div class=\"filters\">" + select("Result", present) + select("Preset", values { $0.outcome.preset })
            + select("Device", values { $0.deviceType ?? "unknown" }) + "<span id=\"shown\"></span></div>\n"
        let header = ["File", "Result", "Truth", "Read", "Confidence", "Stage", "Candidates", "Latency ms", "Image", "Read from"]
        t += "<table class=\"sortable\" id=\"images\"><thead><tr>" + header.enumerated().map { i, name in
            "<th data-col=\"\(i)\"\(i == 4 || i == 7 ? " data-num=\"1\"" : "")>\(e(name))</th>"
        }.joined() + "</tr></thead><tbody>\n"
        var budget = pictureBudget, omitted = 0
        func picture(_ data: Data, alt: String) -> String? {
            let text = data.base64EncodedString()
            guard text.count <= budget else { return nil }
            budget -= text.count
            return "<img class=\"thumb\" loading=\"lazy\" decoding=\"async\" alt=\"\(e(alt))\" src=\"data:image/jpeg;base64,\(text)\">"
        }
        for (r, result) in rows {
            var image = "", crops = ""
            if let data = thumbnail?(r), !data.isEmpty {
                if let p = picture(data, alt: r.relativePath) { image = p } else { omitted += 1 }
            }
            for c in r.outcome.crops ?? [] {
                if let p = picture(c.jpeg, alt: c.label) { crops += "<figure>\(p)<figcaption>\(e(c.label))</figcaption></figure>" } else { omitted += 1 }
            }
            let candidates = r.outcome.error.map { "ERROR \($0.kind): \($0.message)" }
                ?? r.outcome.candidates.map { "\($0.text)@\(String(format: "%.3f", $0.confidence)) [\($0.stage)]" }.joined(separator: "\n")
            let conf = r.top?.confidence ?? 0
            t += "<tr class=\"\(result.bad ? "bad" : result == .hit ? "ok" : "na")\" data-result=\"\(e(result.rawValue))\" "
                + "data-preset=\"\(e(r.outcome.preset))\" data-device=\"\(e(r.deviceType ?? "unknown"))\">"
            t += "<td>\(e(r.relativePath))</td><td>\(e(result.rawValue))</td><td class=\"mono\">\(e(r.groundTruth ?? r.kind ?? ""))</td>"
            t += "<td class=\"mono\">\(marked(r.top?.text ?? "", against: r.groundTruth))</td>"
            t += "<td data-v=\"\(String(format: "%.4f", conf))\">\(r.top == nil ? "" : String(format: "%.3f", conf))</td>"
            t += "<td>\(e(r.top?.stage ?? r.outcome.strategyUsed))</td><td class=\"mono pre\">\(e(candidates))</td>"
            t += "<td data-v=\"\(String(format: "%.3f", r.latencyMs))\">\(String(format: "%.1f", r.latencyMs))</td><td>\(image)</td><td class=\"crops\">\(crops)</td></tr>\n"
        }
        t += "</tbody></table>\n"
        if omitted > 0 {
            t = "<p class=\"sub\">\(omitted) pictures left out to keep the report's images under \(Self.size(pictureBudget)) (the rows shown first keep theirs).</p>\n" + t
        }
        return t
    }

    /// `10 MB`, `10 KB`.
    static func size(_ chars: Int) -> String { chars >= 1_000_000 ? "\(chars / 1_000_000) MB" : "\(max(1, chars / 1000)) KB" }

    static let imagesCSS = """
    .filters{margin:6px 0 10px}.filters label{margin-right:12px;font-size:13px}#shown{color:#5b6570;font-size:12px}
    mark{background:#FFC7CE;color:#9C0006;padding:0 1px}td.crops figure{margin:0 0 4px}td.crops figcaption{font-size:10px;color:#7a848e}
    td.crops img.thumb{max-height:48px;max-width:240px}
    """

    static let filterScript = """
    (function(){var sel=document.querySelectorAll('select[data-filter]'),rows=document.querySelectorAll('#images tbody tr');
    function apply(){var n=0;rows.forEach(function(r){var ok=true;sel.forEach(function(s){if(s.value&&r.dataset[s.dataset.filter]!==s.value)ok=false});
    r.style.display=ok?'':'none';if(ok)n++});var c=document.getElementById('shown');if(c)c.textContent=n+' of '+rows.length+' shown'}
    sel.forEach(function(s){s.addEventListener('change',apply)});apply()})();
    """
}
