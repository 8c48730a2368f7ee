import Foundation

/// Two realism profiles side by side (typically a generated set and real photos, or one
/// generator's two capture modes), as rows of `metric | A | B`.
public struct RealismComparison: Codable, Sendable {
    /// One line of the table.
    public struct Row: Codable, Sendable, Hashable {
        public var metric: String
        public var a: String
        public var b: String
    }

    public var a: RealismProfile
    public var b: RealismProfile
    /// The table's rows, in order.
    public var rows: [Row]

    /// Compares `a` with `b`.
    public init(a: RealismProfile, b: RealismProfile) {
        self.a = a
        self.b = b
        rows = Self.rows(a, b)
    }

    /// The table as plain text: a header naming the folders, then `metric | A | B` aligned.
    public func table() -> String {
        let header = Row(metric: "metric", a: "A", b: "B")
        let all = [header] + rows
        let w0 = all.map(\.metric.count).max() ?? 0, w1 = all.map(\.a.count).max() ?? 0
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        var out = "A: \(a.folder)\nB: \(b.folder)\n"
        out += "rows read with: A \(a.engine ?? "none (no truth)"), B \(b.engine ?? "none (no truth)")\n\n"
        for (i, r) in all.enumerated() {
            out += "\(pad(r.metric, w0)) | \(pad(r.a, w1)) | \(r.b)".trimmingTrailingSpaces() + "\n"
            if i == 0 { out += String(repeating: "-", count: w0) + "-|-" + String(repeating: "-", count: w1) + "-|-" + String(repeating: "-", count: max(1, all.map(\.b.count).max() ?? 1)) + "\n" }
        }
        return out
    }

    /// The comparison as pretty-printed JSON (both profiles with their per-image records).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    static func rows(_ a: RealismProfile, _ b: RealismProfile) -> [Row] {
        let sa = a.summary, sb = b.summary
        let rowName = a.schema == b.schema ? (a.schema == .permit ? "permit-number row" : "serial row") : "labelled row"
        func row(_ metric: String, _ f: (RealismSummary) -> String) -> Row { Row(metric: metric, a: f(sa), b: f(sb)) }
        func measured(_ s: RealismSummary) -> Int { s.images - s.unreadable }
        return [
            row("images measured (unreadable)") { "\($0.images - $0.unreadable) (\($0.unreadable))" },
            row("image long × short side px, median") { s in
                guard let long = s.longSide.p50, let short = s.shortSide.p50 else { return "–" }
                return "\(Int(long))×\(Int(short))"
            },
            row("images with text lines") { "\($0.withLines) of \(measured($0))" },
            row("  lines found turned 90°") { "\($0.turned) of \($0.withLines)" },
            row("  lines found as light text") { "\($0.lightText) of \($0.withLines)" },
            row("lines per image p10/p50/p90") { format($0.linesPerImage, digits: 0, unit: "images") },
            row("line glyph height px p10/p50/p90") { format($0.lineHeight, digits: 1, unit: "lines") },
            row("\(rowName): found / not found / no truth") { "\($0.rowsFound) / \($0.rowsNotFound) / \($0.noTruth)" },
            row("  truth held by 2+ lines (longest measured)") { "\($0.rowsShownTwice) of \($0.rowsFound)" },
            row("  row glyph height px p10/p50/p90") { format($0.rowHeight, digits: 1, unit: "rows") },
            row("  row contrast (Otsu gap) p10/p50/p90") { format($0.rowContrast, digits: 1, unit: "rows") },
            row("  row sharpness (Laplacian var) p10/p50/p90") { format($0.rowSharpness, digits: 0, unit: "rows") },
            row("image sharpness (Laplacian var) p10/p50/p90") { format($0.imageSharpness, digits: 0, unit: "images") },
            row("mean grey p10/p50/p90") { format($0.meanGrey, digits: 1, unit: "images") },
            row("grey p5 per image p10/p50/p90") { format($0.greyP5, digits: 0, unit: "images") },
            row("grey p95 per image p10/p50/p90") { format($0.greyP95, digits: 0, unit: "images") },
            row("measurement s/image p10/p50/p90") { format($0.secondsPerImage, digits: 2, unit: "images") },
            row("measurement total s") { String(format: "%.1f", $0.totalSeconds) },
        ]
    }

    /// `p10 / p50 / p90 (n=count unit)`, or `– (n=0 unit)`.
    static func format(_ d: RealismDistribution, digits: Int, unit: String) -> String {
        guard let p10 = d.p10, let p50 = d.p50, let p90 = d.p90 else { return "– (n=0 \(unit))" }
        let f = "%.\(digits)f"
        return "\(String(format: f, p10)) / \(String(format: f, p50)) / \(String(format: f, p90)) (n=\(d.count) \(unit))"
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
