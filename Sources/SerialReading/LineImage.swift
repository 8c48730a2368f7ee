import Imaging

/// An image that is one line of text already (a crop or a render): read whole, no search.
enum LineImage {
    /// Whether `g` is short and wide enough to be one line.
    static func isLine(_ g: Image) -> Bool {
        g.height <= 160 && g.width >= 2 * g.height
    }

    /// Height of the text band in a line image, from the row profile of dark pixels.
    static func glyphHeight(_ g: Image) -> Double? {
        guard let px = try? g.grayBytes(), !px.isEmpty else { return nil }
        let w = g.width, h = g.height
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        let darkText = mean > 127
        let thr = darkText ? mean * 0.7 : mean + (255 - mean) * 0.3
        var rows: [Int] = []
        for y in 0..<h {
            var n = 0
            for x in 0..<w {
                let v = Double(px[y * w + x])
                if darkText ? v < thr : v > thr { n += 1 }
            }
            if n >= 2 { rows.append(y) }
        }
        guard let first = rows.first, let last = rows.last, last > first else { return nil }
        return Double(last - first + 1)
    }
}
