import Foundation
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

    /// A gap this wide (glyph heights) with no ink ends a row's text: wider than a word space
    /// (a lower-case line's glyph height is short of its capitals').
    static let endGap = 1.5

    /// Where the ink of `row` (`line`'s row out to the right, in `line`'s frame, cut from `image`
    /// at `scale`) ends: the end of the last glyph before a gap of `endGap` glyph heights past
    /// `line`'s chain; with `acrossGap`, the gap right after the chain (a label's to its value)
    /// is crossed first. Blank metal or a screen's bezel read past a serial's end turns into
    /// characters (`C02KXS59LVCF` + `CF0rr`); a row that stops where the ink stops reads the
    /// serial alone. Ink is a pixel far from its pixel row's median (a brushed finish's stripes
    /// run along the row and drop out) by half of what the chain's strongest strokes are. Nil
    /// when the band can't be cut whole, or no ink follows a gap crossed.
    static func inkEnd(of row: TextLine, after line: TextLine, image: Image, scale: Double, acrossGap: Bool = false) -> Double? {
        let lh = line.glyphHeight, h = lh * scale
        guard h >= 4, row.maxX > line.maxX else { return nil }
        // The chain's last three glyph heights and the row past them.
        var tail = row
        tail.glyphs = row.glyphs.filter { Double($0.maxX) >= Double(line.maxX) - 3 * lh }
        guard let band = try? tail.band(from: image, scale: scale), let px = try? band.grayBytes() else { return nil }
        let w = band.width, cosine = cos(tail.angle)
        let expected = Int(Double(tail.maxX - tail.minX) * scale / cosine + 2 * h)
        guard w >= expected - 2 else { return nil }
        func column(_ x: Double) -> Int { Int(((x - Double(tail.minX)) * scale / cosine + h).rounded()) }
        // All the band's rows: a line of lower-case letters measures its glyph height short of
        // the capitals after it.
        let rows = band.height
        let chainEnd = min(w, max(0, column(Double(line.maxX))))
        guard rows >= 3, chainEnd > Int(h) else { return nil }
        var deviation = [Int](repeating: 0, count: rows * w)
        for y in 0..<rows {
            let median = Int(px[(y * w)..<(y * w + w)].sorted()[w / 2])
            for x in 0..<w { deviation[y * w + x] = abs(Int(px[y * w + x]) - median) }
        }
        var chain: [Int] = []
        for y in 0..<rows { chain += deviation[(y * w + Int(h))..<(y * w + chainEnd)] }
        chain.sort()
        let threshold = max(6, chain[min(chain.count - 1, chain.count * 95 / 100)] / 2)
        let needed = max(2, rows / 8)
        func inked(_ x: Int) -> Bool {
            var ink = 0
            for y in 0..<rows where deviation[y * w + x] > threshold { ink += 1 }
            return ink >= needed
        }
        var last = chainEnd
        if acrossGap {
            guard let first = (chainEnd..<w).first(where: inked) else { return nil }
            last = first
        }
        for x in last..<w {
            if inked(x) { last = x } else if Double(x - last) > endGap * h { break }
        }
        return Double(tail.minX) + (Double(last) - h) * cosine / scale
    }
}
