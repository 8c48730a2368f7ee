import Imaging

/// An image that is one line of text already (a crop or a render): read whole, no search.
enum LineImage {
    /// Whether `g` is short and wide enough to be one line.
    static func isLine(_ g: Image) -> Bool {
        g.height <= 160 && g.width >= 2 * g.height
    }

    /// The text in a line image: the rows and columns that hold at least two pixels darker (or,
    /// on a dark image, lighter) than the image's mean by 30 %. Its height is the text band's.
    static func inkBox(_ g: Image) -> PixelRect? {
        guard let px = try? g.grayBytes(), !px.isEmpty else { return nil }
        let w = g.width, h = g.height
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        let darkText = mean > 127
        let thr = darkText ? mean * 0.7 : mean + (255 - mean) * 0.3
        var rowInk = [Int](repeating: 0, count: h), columnInk = [Int](repeating: 0, count: w)
        for y in 0..<h {
            for x in 0..<w {
                let v = Double(px[y * w + x])
                if darkText ? v < thr : v > thr { rowInk[y] += 1; columnInk[x] += 1 }
            }
        }
        guard let top = rowInk.firstIndex(where: { $0 >= 2 }), let bottom = rowInk.lastIndex(where: { $0 >= 2 }), bottom > top,
              let left = columnInk.firstIndex(where: { $0 >= 2 }), let right = columnInk.lastIndex(where: { $0 >= 2 })
        else { return nil }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// `g` cut to its ink box grown by `margin` glyph heights on each side (at least 2 px), and
    /// the text band's height: the blank rest of a render would only be scaled, filtered and
    /// thresholded with it before each read. `nil` without ink.
    static func trimmed(_ g: Image, margin: Double) throws -> (image: Image, glyphHeight: Double)? {
        guard let ink = inkBox(g) else { return nil }
        let m = max(2, Int((margin * Double(ink.height)).rounded()))
        guard let box = ink.insetBy(dx: -m, dy: -m).clamped(width: g.width, height: g.height) else { return nil }
        let image = box == PixelRect(x: 0, y: 0, width: g.width, height: g.height) ? g : try g.cropped(to: box)
        return (image, Double(ink.height))
    }
}
