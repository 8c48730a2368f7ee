/// A token found on a read line, to become a region: where it is, how far its crop may reach,
/// and whether it is the line's last word.
struct LineToken {
    /// Read-pixel x limits of a token's crop from its neighbours.
    struct Limits: Hashable {
        /// Where the label before it ends.
        var anchorEnd: Int?
        /// Where the next word starts.
        var nextWord: Int?
        /// No neighbours known.
        static let none = Limits()
    }

    var value: ValueToken
    /// The line it was read on.
    var line: ReadLine
    var limits = Limits.none
    /// The token is the line's last word: its crop runs to the line's end.
    var toEnd = false

    /// Whether a glyph of the line under the token touches the edge of the photo it was found
    /// in (`fit` of a `width`×`height` photo): the frame may cut it. The token's place in the
    /// photo is the band's (a glyph height before the line, `RegionCropping`). A row read out
    /// to the photo's edge ends in a box a pixel short of it (`LineRows.row`): not a glyph.
    func touchesEdge(fit: Double, width: Int, height: Int) -> Bool {
        let l = line.line
        let w = Double(width) * fit, h = Double(height) * fit
        let x0 = Double(l.minX) + Double(value.box.x) * line.readScale * fit - l.glyphHeight
        let x1 = Double(l.minX) + Double(value.box.maxX) * line.readScale * fit - l.glyphHeight
        return l.glyphs.contains { g in
            Double(g.maxX) >= x0 && Double(g.x) <= x1
                && (g.x <= 0 || g.y <= 0 || Double(g.maxX) >= w - 1 || Double(g.maxY) >= h - 1)
        }
    }
}
