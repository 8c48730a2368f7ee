import Imaging

/// A wall across a line's band: columns inked from its top row to its bottom, wider than any
/// glyph's stroke. A band holds its glyphs with 0.45 glyph heights of padding above and below,
/// so no glyph inks a whole column of it; a phone's bezel beside the screen, the edge of a case
/// or a shadow's edge does. Read with the line, a wall becomes a character (`1N0NEN7JC` + the
/// bezel read `B`, and every crop agreeing on `1N0NEN7JCB`), so the band is blanked from the
/// wall to its end before anything reads it.
enum BandWall {
    /// Share of a column's rows inked that makes it part of a wall.
    static let inkedRows = 0.9
    /// How wide (glyph heights) a run of such columns must be: a blurred `1` or `l` with a
    /// neighbouring row's glyphs in the padding above and below it is a few pixels wide.
    /// Only a wall in the band's outer half counts: past the text, not inside it.
    static let width = 0.4

    /// A wall and what lies beyond it: its columns, and the grey of the padding rows before it.
    struct Wall: Equatable {
        var columns: Range<Int>
        var grey: Int
    }

    /// Where the walls in `band` (a `TextLine.band` cut at glyph height `h` pixels) start, and
    /// on which side: `lowerBound` for a wall towards the band's right end, `upperBound` for one
    /// towards its left. A wall is a step in the grey of the padding rows, where no glyph of the
    /// line goes, away from the grey just before it (its last 1.5 glyph heights) by half of the
    /// band's strongest strokes, with nine in ten of every row inked by that measure, held for
    /// `width` glyph heights. A light gradient across an etched case changes the grey by a few
    /// levels a glyph: no step.
    static func find(in pixels: [UInt8], width w: Int, glyphHeight h: Double) -> [Wall] {
        guard w > 0, pixels.count >= w, h >= 4 else { return [] }
        let rows = pixels.count / w
        let pad = Int(0.35 * h)
        guard rows >= 3, pad >= 1, 2 * pad < rows else { return [] }
        // Counted in histograms (grey levels are bytes): a sort of every pixel of every band
        // read cost the etched preset's p50 about 5 ms.
        var counts = [Int](repeating: 0, count: 256)
        for y in 0..<rows {
            var row = [Int](repeating: 0, count: 256)
            for x in 0..<w { row[Int(pixels[y * w + x])] += 1 }
            let median = Self.level(at: w / 2, in: row)
            for x in 0..<w { counts[abs(Int(pixels[y * w + x]) - median)] += 1 }
        }
        let threshold = max(12, Self.level(at: min(rows * w - 1, rows * w * 95 / 100), in: counts) / 2)
        let padRows = Array(0..<pad) + Array((rows - pad)..<rows)
        // The padding rows' grey per column.
        let profile = (0..<w).map { x in padRows.map { Int(pixels[$0 * w + x]) }.sorted()[padRows.count / 2] }
        let lookBack = max(2, Int(1.5 * h)), run = max(2, Int((width * h).rounded(.up)))
        let needed = Int((inkedRows * Double(rows)).rounded(.up))
        // Scans the outer half of columns in `order` (left to right, or right to left for walls
        // on the left).
        func first(_ order: [Int]) -> (x: Int, grey: Int)? {
            guard order.count > lookBack + run else { return nil }
            var i = max(lookBack, order.count / 2)
            while i + run <= order.count {
                let reference = order[(i - lookBack)..<i].map { profile[$0] }.sorted()[lookBack / 2]
                let held = order[i..<(i + run)].allSatisfy { x in
                    guard abs(profile[x] - reference) > threshold else { return false }
                    var ink = 0
                    for y in 0..<rows where abs(Int(pixels[y * w + x]) - reference) > threshold { ink += 1 }
                    return ink >= needed
                }
                // The fill starts a fifth of a glyph before the step: a blurred bezel's soft
                // edge, left before it, read as a stroke (`MDPF95J83D` + `J`).
                if held { return (order[max(0, i - Int(0.2 * h))], reference) }
                i += 1
            }
            return nil
        }
        var walls: [Wall] = []
        if let f = first(Array(0..<w)) { walls.append(Wall(columns: f.x..<w, grey: f.grey)) }
        if let f = first(Array((0..<w).reversed())) { walls.append(Wall(columns: 0..<(f.x + 1), grey: f.grey)) }
        return walls
    }

    /// The value at `rank` (0-based) of the sorted values `histogram` counts.
    static func level(at rank: Int, in histogram: [Int]) -> Int {
        var seen = 0
        for (v, n) in histogram.enumerated() {
            seen += n
            if seen > rank { return v }
        }
        return histogram.count - 1
    }

    /// `band` with every wall and what lies beyond it, towards the band's nearer end, filled with
    /// the grey before the wall; `band` itself when it has no wall.
    static func blanked(_ band: Image, glyphHeight h: Double, sink: ((String) -> Void)? = nil) -> Image {
        guard let pixels = try? band.grayBytes() else { return band }
        let w = band.width
        let walls = find(in: pixels, width: w, glyphHeight: h)
        guard !walls.isEmpty else { return band }
        sink?("  wall: " + walls.map { "\($0.columns.lowerBound)..<\($0.columns.upperBound)" }.joined(separator: ", ") + " of \(w) px")
        var out = band
        for wall in walls {
            let rect = PixelRect(x: wall.columns.lowerBound, y: 0, width: wall.columns.count, height: band.height)
            if let filled = try? out.filled(rect, gray: UInt8(max(0, min(255, wall.grey)))) { out = filled }
        }
        return out
    }
}
