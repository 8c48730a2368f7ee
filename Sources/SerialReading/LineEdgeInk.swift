import Imaging
import ReadingCore

/// Whether ink goes on past one end of a line's chain, inside its band's margin: glyphs the
/// chain left out (a blurred or faint `6N` after `DMPX77Z3MD`, a `C0` before `2KWQ79WYPV`).
/// A ten-character serial ending there may be a twelve-character one the chain cut, and is
/// read again with its row before it becomes a region.
enum LineEdgeInk {
    enum Side { case left, right }

    /// The margin's columns next to the chain that are looked at, in glyph heights from the
    /// chain's end: past a blurred last glyph's smear, inside the band's one-glyph margin.
    static let window = (near: 0.25, far: 0.9)
    /// Ink in the window, as a share of the line's own ink share, that makes it a glyph.
    static let share = 0.4

    /// Whether `band` (`line`'s `TextLine.band` with its default one-glyph margin and padding,
    /// cut at `scale` from a photo `photoWidth` wide) shows ink past the chain's `side` end at
    /// the glyphs' height. False when the photo's edge clipped that side's margin.
    static func continues(_ line: TextLine, band: Image, scale: Double, photoWidth: Int, side: Side) -> Bool {
        let h = line.glyphHeight * scale
        let clipped = side == .right ? Double(line.maxX) * scale + h + 2 > Double(photoWidth) : Double(line.minX) * scale - h - 2 < 0
        guard h >= 4, !clipped, let px = try? band.grayBytes() else { return false }
        let w = band.width
        // The glyph zone: padding (0.45 h) above the capitals, the baseline 1.45 h down.
        let rows = max(0, Int(0.45 * h))..<min(band.height, Int(1.45 * h) + 1)
        let text = Int(h)..<max(Int(h) + 1, w - Int(h))
        let cols = side == .right
            ? (w - Int(h) + Int(window.near * h))..<(w - Int(h) + Int(window.far * h))
            : (Int(h) - Int(window.far * h))..<(Int(h) - Int(window.near * h))
        guard !rows.isEmpty, cols.lowerBound >= 0, cols.upperBound <= w, !cols.isEmpty else { return false }
        // The background: the band's median (with the padding above and below, text covers
        // well under half of it).
        var all: [UInt8] = []
        all.reserveCapacity(band.height * text.count)
        for y in 0..<band.height { for x in text { all.append(px[y * w + x]) } }
        let median = Int(all.sorted()[all.count / 2])
        // Ink: far from the background by half of what the line's strongest strokes are.
        var deviations: [Int] = []
        deviations.reserveCapacity(rows.count * text.count)
        for y in rows { for x in text { deviations.append(abs(Int(px[y * w + x]) - median)) } }
        deviations.sort()
        let strong = deviations[min(deviations.count - 1, deviations.count * 95 / 100)]
        let threshold = max(8, strong / 2)
        let lineInk = Double(deviations.filter { $0 > threshold }.count) / Double(deviations.count)
        guard lineInk > 0 else { return false }
        var inWindow = 0
        for y in rows { for x in cols where abs(Int(px[y * w + x]) - median) > threshold { inWindow += 1 } }
        return Double(inWindow) / Double(rows.count * cols.count) >= share * lineInk
    }
}
