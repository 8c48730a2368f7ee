import Imaging

/// Trims a page crop to the band of text rows around the anchor's row, so that parts of the
/// lines above and below (which make a single-line read fail) are cut away.
enum BandTightening {
    /// A run of ink rows, first to last (inclusive).
    struct Run: Hashable {
        var first: Int
        var last: Int
        var height: Int { last - first + 1 }
        var middle: Int { (first + last) / 2 }
    }

    /// `crop` trimmed to the run of ink rows nearest `centreRow` with a quarter of its height
    /// of margin; `crop` itself when there is nothing to trim.
    static func tighten(_ crop: Image, centreRow: Double, glyph: Double) throws -> Image {
        let px = try crop.grayBytes()
        let w = crop.width, h = crop.height
        guard w > 4, h > 8, !px.isEmpty, let ink = inkRows(px, width: w, height: h) else { return crop }
        let minHeight = max(3, Int(glyph * 0.4))
        let c = Int(centreRow)
        guard let band = runs(ink).filter({ $0.height >= minHeight })
            .min(by: { abs($0.middle - c) < abs($1.middle - c) }) else { return crop }
        let margin = max(2, band.height / 4)
        let y0 = max(0, band.first - margin), y1 = min(h, band.last + 1 + margin)
        guard y1 - y0 < h - 1 else { return crop }
        return try crop.cropped(to: PixelRect(x: 0, y: y0, width: w, height: y1 - y0))
    }

    /// Which rows hold ink: text is the minority tone (darker than the mean on a light
    /// background, else lighter), and a row needs `w / 60` such pixels. Nil for a flat crop.
    static func inkRows(_ px: [UInt8], width w: Int, height h: Int) -> [Bool]? {
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        var variance = 0.0
        for p in px { let d = Double(p) - mean; variance += d * d }
        let sd = (variance / Double(px.count)).squareRoot()
        guard sd > 4 else { return nil }
        let darkText = mean > 110
        let threshold = darkText ? mean - 0.8 * sd : mean + 0.8 * sd
        let minInk = max(2, w / 60)
        var ink = [Bool](repeating: false, count: h)
        for y in 0..<h {
            var n = 0
            let row = y * w
            for x in 0..<w where darkText ? Double(px[row + x]) < threshold : Double(px[row + x]) > threshold { n += 1 }
            ink[y] = n >= minInk
        }
        return ink
    }

    /// Runs of ink rows, bridging gaps of up to 2 rows.
    static func runs(_ ink: [Bool]) -> [Run] {
        let h = ink.count
        var runs: [Run] = []
        var start: Int? = nil, gap = 0
        for y in 0..<h {
            if ink[y] { if start == nil { start = y }; gap = 0 }
            else if let s0 = start { gap += 1; if gap > 2 { runs.append(Run(first: s0, last: y - gap)); start = nil; gap = 0 } }
        }
        if let s0 = start { runs.append(Run(first: s0, last: h - 1 - gap)) }
        return runs
    }
}
