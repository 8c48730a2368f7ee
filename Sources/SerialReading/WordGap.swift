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

    /// The first longest run of `true`s.
    static func longestRun(_ flags: [Bool]) -> Range<Int>? {
        var best: Range<Int>?, start: Int?
        for i in 0...flags.count {
            if i < flags.count, flags[i] { if start == nil { start = i }; continue }
            if let s = start, i - s > (best?.count ?? 0) { best = s..<i }
            start = nil
        }
        return best
    }
}
