/// The blank space between two words in a grey crop, where a crop can start or a neighbour's
/// blanking can stop without cutting a glyph.
enum WordGap {
    /// The widest ink-free run of columns of a grey crop (`pixels`, row-major, `width` wide)
    /// near the space between two words whose boxes end at `a` and start at `b`: searched from
    /// half a glyph before the nearer of the two to the other. A column's ink is its mean
    /// distance from the crop's `median` grey over the middle half of the rows (the glyphs'
    /// body); a column is empty below a quarter of the way from the window's emptiest to its
    /// inkiest column. Nil without a run of a quarter of a glyph height (a word space).
    static func find(_ pixels: [UInt8], width: Int, median: UInt8, between a: Int, and b: Int, glyphHeight h: Double) -> Range<Int>? {
        guard width > 0, pixels.count >= width else { return nil }
        let height = pixels.count / width
        let lo = max(0, min(a, b) - Int(0.5 * h)), hi = min(width - 1, max(a, b))
        guard hi - lo >= 2 else { return nil }
        let background = Double(median)
        let rows = (height / 4)..<max(height / 4 + 1, height - height / 4)
        let ink = (lo...hi).map { x in
            rows.reduce(0.0) { $0 + abs(Double(pixels[$1 * width + x]) - background) } / Double(rows.count)
        }
        guard let least = ink.min(), let most = ink.max(), most > least else { return nil }
        let empty = least + 0.25 * (most - least)
        guard let best = longestRun(ink.map { $0 <= empty }), Double(best.count) >= 0.25 * h else { return nil }
        return (lo + best.lowerBound)..<(lo + best.upperBound)
    }

    /// The space between a label whose box ends at `a` and the word after it whose box starts
    /// at `b` (either box may be most of a glyph off): the widest run of blank columns from
    /// half a glyph before the nearer of the two to the other, the later one on a tie. Nil
    /// without a run of two columns. A column is blank when no pixel of the line's glyph rows
    /// stands out from the background there (see `columnInk`), so a glyph's open middle (`D`,
    /// `C`, `W` between its strokes) is never taken for a space: its arcs ink a row above or
    /// below, though not the middle half of the rows.
    static func spaceAfterLabel(_ pixels: [UInt8], width: Int, endingAt a: Int, wordStart b: Int, glyphHeight h: Double) -> Range<Int>? {
        guard width > 0, pixels.count >= width else { return nil }
        let lo = max(0, min(a, b) - Int(0.5 * h)), hi = min(width - 1, max(a, b))
        guard hi - lo >= 2 else { return nil }
        // The word's glyphs, a glyph and more past its box's start, set what ink is.
        let reach = min(width - 1, hi + Int(h))
        let ink = columnInk(pixels, width: width, columns: lo...reach, glyphRowsFrom: min(b, width - 1), glyphHeight: h)
        guard let most = ink.max(), most > 0 else { return nil }
        guard let best = longestRun(ink.prefix(hi - lo + 1).map { $0 < quietShare * most }, lastOnTie: true), best.count >= 2 else { return nil }
        return (lo + best.lowerBound)..<(lo + best.upperBound)
    }

    /// How far each of `columns` stands out from the background: the largest difference, over
    /// the line's glyph rows, between a pixel's 3 × 3 mean (against the sensor's noise) and the
    /// background there, the median grey of the columns within half a glyph (against a light
    /// falling off across the metal). The glyph rows are found from the word at `wordStart`:
    /// the rows around the inkiest whose ink over the next three glyph heights is at least
    /// `quietShare` of that row's.
    static func columnInk(_ pixels: [UInt8], width: Int, columns: ClosedRange<Int>, glyphRowsFrom wordStart: Int, glyphHeight h: Double) -> [Double] {
        let height = pixels.count / width
        guard height > 0 else { return [] }
        let half = max(1, Int(0.5 * h))
        let word = wordStart...min(width - 1, wordStart + Int(3 * h))
        // Only the columns looked at, and half a glyph around them, need their median.
        let first = max(0, min(columns.lowerBound, word.lowerBound) - half)
        let last = min(width - 1, max(columns.upperBound, word.upperBound) + half)
        let columnMedian: [Double] = (first...last).map { x in
            let v = (0..<height).map { pixels[$0 * width + x] }.sorted()
            return Double(v[v.count / 2])
        }
        let background: [Double] = (first...last).map { x in
            let v = columnMedian[(max(first, x - half) - first)...(min(last, x + half) - first)].sorted()
            return v[v.count / 2]
        }
        func smoothed(_ x: Int, _ y: Int) -> Double {
            var sum = 0, n = 0
            for yy in max(0, y - 1)...min(height - 1, y + 1) {
                for xx in max(0, x - 1)...min(width - 1, x + 1) { sum += Int(pixels[yy * width + xx]); n += 1 }
            }
            return Double(sum) / Double(n)
        }
        func ink(_ x: Int, _ y: Int) -> Double { abs(smoothed(x, y) - background[x - first]) }
        let rowInk = (0..<height).map { y in word.reduce(0.0) { $0 + ink($1, y) } }
        guard let top = rowInk.indices.max(by: { rowInk[$0] < rowInk[$1] }) else { return [] }
        var r0 = top, r1 = top
        while r0 > 0, rowInk[r0 - 1] >= quietShare * rowInk[top] { r0 -= 1 }
        while r1 < height - 1, rowInk[r1 + 1] >= quietShare * rowInk[top] { r1 += 1 }
        return columns.map { x in (r0...r1).reduce(0.0) { max($0, ink(x, $1)) } }
    }

    /// `spaceAfterLabel`: a column is blank under this share of the inkiest column's ink.
    static let quietShare = 0.3

    /// The blank columns just before a word's first glyph, found from inside the word: from
    /// `b` (where the word's box starts, often within its first glyph) leftwards to `a` (where
    /// the word before it ends), the first run of at least `minBlank` glyph heights (two columns
    /// at least) with no ink in any of the middle half of the rows. A column's ink is its
    /// largest distance from the crop's `median` grey there; it is blank under `blankShare` of
    /// the window's largest. A glyph's open middle (`C`, `G`) is no such run: its arcs ink the
    /// column above and below.
    static func spaceBefore(_ pixels: [UInt8], width: Int, median: UInt8, from b: Int, downTo a: Int, glyphHeight h: Double) -> Range<Int>? {
        guard width > 0, pixels.count >= width else { return nil }
        let height = pixels.count / width
        let lo = max(0, a), hi = min(width - 1, b)
        guard hi - lo >= 2 else { return nil }
        let rows = (height / 4)..<max(height / 4 + 1, height - height / 4)
        let ink = (lo...hi).map { x in rows.reduce(0) { max($0, abs(Int(pixels[$1 * width + x]) - Int(median))) } }
        guard let most = ink.max(), most > 0 else { return nil }
        let blank = Double(most) * blankShare
        let need = max(2, Int((minBlank * h).rounded()))
        var end: Int?
        for i in stride(from: ink.count - 1, through: 0, by: -1) {
            if Double(ink[i]) < blank {
                if end == nil { end = i }
                if end! - i + 1 >= need {
                    var start = i
                    while start > 0, Double(ink[start - 1]) < blank { start -= 1 }
                    return (lo + start)..<(lo + end! + 1)
                }
            } else { end = nil }
        }
        return nil
    }

    /// The shortest blank run `spaceBefore` takes for the space before a word, in glyph heights.
    static let minBlank = 0.08
    /// A column is blank under this share of the window's inkiest column.
    static let blankShare = 0.4

    /// The first longest run of `true`s (the last one with `lastOnTie`).
    static func longestRun(_ flags: [Bool], lastOnTie: Bool = false) -> Range<Int>? {
        var best: Range<Int>?, start: Int?
        for i in 0...flags.count {
            if i < flags.count, flags[i] { if start == nil { start = i }; continue }
            if let s = start, i - s > (best?.count ?? 0) || (lastOnTie && i - s == best?.count) { best = s..<i }
            start = nil
        }
        return best
    }
}
