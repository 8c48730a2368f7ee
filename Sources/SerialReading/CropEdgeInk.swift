import Imaging

/// Whether a serial's crop cuts a glyph at its left or right edge: ink of the glyphs' height
/// in the crop's outermost columns. Every read of a crop that cut a glyph makes the same slip
/// — an `F` whose arms were left out reads `1` (`FVFQJKTULVC1` at 0.99), a `C` and a `G` cut
/// at both ends leave a valid ten-character serial (`39R9FFCQ05` for `C39R9FFCQ05G` at 0.99) —
/// so the crops' agreement is no evidence, as for glyphs the photo's edge cut
/// (`Region.cut`).
enum CropEdgeInk {
    /// The outermost columns looked at on each side, in glyph heights (at least one column):
    /// a glyph cut by the crop's edge inks every one of them; one the crop's margin holds
    /// leaves blank columns there.
    static let edgeWidth = 0.1
    /// A column is inked when its grey spans, down the crop (the 10th to the 90th percentile:
    /// a stroke and the blank above or below it), at least halfway from what the crop's blank
    /// columns span (its 20th percentile column: the gaps between glyphs) to what its glyph
    /// columns span (the 90th).
    /// A blanked margin is flat, a lighting gradient barely spans anything down one column, and
    /// a screen's moiré stripes span as much in the gaps as at the edge; a cut stroke or a round
    /// glyph's arc spans what the glyphs do.
    static let spanShare = 0.5

    /// Whether `crop` (a band crop around glyphs `glyph` px tall, with blank rows above and
    /// below them) has glyph ink in its first or last columns.
    static func cutsGlyph(_ crop: Image, glyph h: Double) -> Bool {
        guard h >= 4, let px = try? crop.grayBytes() else { return false }
        let w = crop.width
        let rows = 0..<crop.height
        let n = max(1, Int((edgeWidth * h).rounded()))
        guard w > 4 * n, rows.count >= 5 else { return false }
        func span(_ x: Int) -> Int {
            let column = rows.map { px[$0 * w + x] }.sorted()
            return Int(column[column.count * 9 / 10]) - Int(column[column.count / 10])
        }
        let spans = (0..<w).map(span)
        let inner = spans[n..<(w - n)].sorted()
        let blank = Double(inner[inner.count * 2 / 10]), glyphs = Double(inner[inner.count * 9 / 10])
        guard glyphs - blank >= 8 else { return false }
        func inked(_ x: Int) -> Bool { Double(spans[x]) >= blank + spanShare * (glyphs - blank) }
        return (0..<n).allSatisfy(inked) || ((w - n)..<w).allSatisfy(inked)
    }
}
