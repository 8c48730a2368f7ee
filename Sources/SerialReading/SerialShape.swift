import Imaging
import ReadingCore

/// What a serial looks like before it is read: a word of 10–12 capitals and digits, glyphs set
/// closer than a word space whose ink reaches the capitals' height all along the word (a
/// lower-case word's reaches it only at its ascenders). A line ending in such a word is read
/// before the lines that do not (`lines.serial_first`): a serial follows its label, so it ends
/// a label's row, a value column's row or a line of etched regulatory text, and that row is
/// seldom the longest, while reading longer rows of prose first costs most of a photo's read.
enum SerialShape {
    /// A gap wider than this (glyph heights) between two glyphs ends a word.
    static let wordGap = 0.45
    /// Glyphs a serial-shaped word holds: 10–12, with one lost or split by the line finder.
    static let glyphs = 9...13
    /// Of a word's inked columns, the share whose ink rises to its capitals' height: capitals
    /// and digits (less the middles of `N`, `U`, `V`, `X`), not lower-case letters.
    static let capsShare = 0.42
    /// A column whose ink rises this high, as a share of the word's tall columns' reach, is a
    /// capital's or a digit's (or an ascender's); a lower-case letter's reaches about 0.72.
    static let tallReach = 0.88

    /// Whether `line` ends in a serial-shaped word (one of its last two: a mark may follow),
    /// in `pixels` (`width`×`height` grey, the frame `line` was found in).
    static func endsInSerialWord(_ line: TextLine, pixels: [UInt8], width: Int, height: Int) -> Bool {
        guard line.glyphHeight > 0, pixels.count == width * height else { return false }
        func shaped(_ word: [PixelRect], within whole: [PixelRect]) -> Bool {
            glyphs.contains(TextLine.glyphCount(word))
                && (capitalShare(word, within: whole, of: line, pixels: pixels, width: width, height: height) ?? 0) >= capsShare
        }
        return words(of: line).suffix(2).contains { word in
            shaped(word, within: word) || tail(of: word, glyphHeight: line.glyphHeight).map { shaped($0, within: word) } ?? false
        }
    }

    /// A word too long for a serial may be a label and its serial set a narrow space apart (small
    /// etched glyphs: 5 px, 0.42 glyph heights, where letters are 0–3 px apart): its glyphs
    /// after its widest gap, when that gap is at least `narrowGap` glyph heights and twice the
    /// word's median gap. Nil otherwise. Its capitals' height is the whole word's (see
    /// `capitalShare`): lower-case letters alone reach their own x-height all along.
    static func tail(of word: [PixelRect], glyphHeight h: Double) -> [PixelRect]? {
        guard TextLine.glyphCount(word) > glyphs.upperBound else { return nil }
        let sorted = word.sorted { $0.x < $1.x }
        var end = sorted[0].maxX
        var gaps: [(at: Int, width: Int)] = []
        for (i, g) in sorted.enumerated().dropFirst() {
            gaps.append((i, g.x - end))
            end = max(end, g.maxX)
        }
        guard let widest = gaps.max(by: { $0.width < $1.width }) else { return nil }
        let median = gaps.map(\.width).sorted()[gaps.count / 2]
        guard Double(widest.width) >= narrowGap * h, widest.width >= 2 * max(median, 1) else { return nil }
        return Array(sorted[widest.at...])
    }

    /// The narrowest space `tail(of:)` splits a word at, in glyph heights.
    static let narrowGap = 0.3

    /// `line`'s glyphs split where the gap between two is wider than `wordGap` glyph heights.
    static func words(of line: TextLine) -> [[PixelRect]] {
        let limit = wordGap * line.glyphHeight
        var words: [[PixelRect]] = [], word: [PixelRect] = []
        var end = Int.min
        for g in line.glyphs.sorted(by: { $0.x < $1.x }) {
            if !word.isEmpty, Double(g.x - end) > limit {
                words.append(word)
                word = []
            }
            word.append(g)
            end = max(end, g.maxX)
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Of `word`'s columns with ink above 0.15 glyph heights over the baseline, the share whose
    /// ink rises to `tallReach` of the tall columns (the 90th percentile) of `whole`, the word
    /// it is part of (itself by default): the line's height measured on blurred or smoothed
    /// glyphs is no reference. Ink is told from the background by `whole`'s own grey: its side
    /// of the median (the text is the rarer extreme), past halfway to that extreme. Nil without
    /// ink.
    static func capitalShare(_ word: [PixelRect], within whole: [PixelRect]? = nil, of line: TextLine,
                             pixels: [UInt8], width: Int, height: Int) -> Double? {
        let h = line.glyphHeight
        let context = whole ?? word
        let x0 = max(0, context.map(\.x).min() ?? 0), x1 = min(width, context.map(\.maxX).max() ?? 0)
        let w0 = max(x0, word.map(\.x).min() ?? 0), w1 = min(x1, word.map(\.maxX).max() ?? 0)
        guard x1 > x0, w1 > w0 else { return nil }
        func y(_ x: Int, _ above: Double) -> Int { min(height - 1, max(0, Int((line.baseline(at: Double(x)) - above * h).rounded()))) }
        var sample: [UInt8] = []
        for x in x0..<x1 { for yy in y(x, 1.2)...y(x, -0.2) { sample.append(pixels[yy * width + x]) } }
        guard sample.count >= 8 else { return nil }
        sample.sort()
        let median = Double(sample[sample.count / 2])
        let low = Double(sample[sample.count / 20]), high = Double(sample[sample.count - 1 - sample.count / 20])
        let dark = median - low > high - median
        let limit = dark ? (median + low) / 2 : (median + high) / 2
        guard abs(limit - median) >= 4 else { return nil }
        func isInk(_ v: UInt8) -> Bool { dark ? Double(v) <= limit : Double(v) >= limit }
        // Each inked column's reach: how high its highest ink rises above the baseline.
        func reach(_ xs: Range<Int>) -> [Double] {
            xs.compactMap { x in
                (y(x, 1.25)...y(x, 0.15)).first { isInk(pixels[$0 * width + x]) }.map { line.baseline(at: Double(x)) - Double($0) }
            }
        }
        let all = reach(x0..<x1).sorted()
        let own = w0 == x0 && w1 == x1 ? all : reach(w0..<w1)
        guard all.count >= 4, own.count >= 4 else { return nil }
        let tall = all[all.count * 9 / 10]
        return Double(own.filter { $0 >= tallReach * tall }.count) / Double(own.count)
    }

    /// `lines` with those ending in a serial-shaped word (`shaped`) first, each after the lines
    /// it continues on its row (`LineRows.continues`: a label column's label, read first as the
    /// line stage reads a label's row), then the rest, each group in its order.
    static func serialFirst(_ lines: [TextLine], shaped: [Bool]) -> [TextLine] {
        var first: [TextLine] = []
        for i in lines.indices where shaped[i] {
            for j in lines.indices where !shaped[j] && LineRows.continues(lines[i], after: lines[j]) && !first.contains(lines[j]) {
                first.append(lines[j])
            }
            first.append(lines[i])
        }
        return first + lines.filter { !first.contains($0) }
    }
}
