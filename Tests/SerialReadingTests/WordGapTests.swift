@testable import SerialReading
import Testing

/// The blank space between a label and its serial, found in a crop's columns.
struct WordGapTests {
    /// `rows` rows of `columns`: true is ink (black), false background (white).
    static func pixels(_ columns: [Bool], rows: Int = 8) -> [UInt8] {
        (0..<rows).flatMap { _ in columns.map { $0 ? UInt8(0) : UInt8(255) } }
    }

    @Test func theGapBetweenTwoWordsIsItsBlankColumns() {
        // Ink 0..<20, blank 20..<30, ink 30..<60; boxes end at 20 and start at 30.
        let columns = (0..<60).map { !(20..<30).contains($0) }
        let gap = WordGap.find(Self.pixels(columns), width: 60, median: 255, between: 20, and: 30, glyphHeight: 8)
        #expect(gap == 20..<30)
    }

    @Test func aLateWordBoxStillFindsTheGapBeforeIt() {
        // The serial's box starts at 34, four columns into its first glyph: the search reaches
        // back half a glyph before the nearer box and finds the gap anyway.
        let columns = (0..<60).map { !(20..<30).contains($0) }
        #expect(WordGap.find(Self.pixels(columns), width: 60, median: 255, between: 34, and: 18, glyphHeight: 8) == 20..<30)
    }

    @Test func noWordSpaceNoGap() {
        // Two blank columns are a letter space, under a quarter of a 16 px glyph.
        let columns = (0..<60).map { !(20..<22).contains($0) }
        #expect(WordGap.find(Self.pixels(columns), width: 60, median: 255, between: 20, and: 22, glyphHeight: 16) == nil)
        // A flat crop has no ink to tell a gap by.
        #expect(WordGap.find(Self.pixels(Array(repeating: false, count: 60)), width: 60, median: 255, between: 10, and: 40, glyphHeight: 8) == nil)
    }

    /// `Serial DM…` on rows 4..<12 of a 16-row crop, 30 columns, dark on `background(x)`: the
    /// label's `l` on columns 0..<3, a space, then a `D` (its stem `space.upperBound` + 0..<3,
    /// its top and bottom bars on rows 4 and 11 out to its right arc, 8 columns on) and an
    /// `M`'s two stems. `space` is where the blank columns are.
    static func labelAndD(space: Range<Int>, background: (Int) -> UInt8 = { _ in 255 }) -> [UInt8] {
        let width = 30
        var px = (0..<16).flatMap { _ in (0..<width).map(background) }
        let d = space.upperBound
        for y in 4..<12 {
            var ink = Set(0..<space.lowerBound).union(d..<(d + 3)).union((d + 8)..<(d + 10))
                .union((d + 13)..<(d + 15)).union((d + 18)..<(d + 20))
            if y == 4 || y == 11 { ink.formUnion(d..<(d + 10)) }
            for x in ink where x < width { px[y * width + x] = background(x) / 4 }
        }
        return px
    }

    @Test func theSpaceAfterALabelIsNotTheOpenMiddleOfTheNextGlyph() {
        // The `D`'s box starts at 13, in its open middle (columns 11..<16 blank on rows 5..<11,
        // wider than the space): its bars ink that middle on the glyph's top and bottom rows.
        // The 3 × 3 mean spreads ink one column into the space from each side.
        let px = Self.labelAndD(space: 3..<8)
        #expect(WordGap.spaceAfterLabel(px, width: 30, endingAt: 4, wordStart: 13, glyphHeight: 8) == 4..<7)
        // The label's box ending late, at the `D`'s first column, finds it too.
        #expect(WordGap.spaceAfterLabel(px, width: 30, endingAt: 8, wordStart: 13, glyphHeight: 8) == 4..<7)
    }

    @Test func theSpaceIsFoundUnderALightFallingOffAcrossTheCrop() {
        // Background from 250 on the left to 134 on the right: against the crop's median grey
        // the whole bright left of it would be ink.
        let px = Self.labelAndD(space: 3..<8, background: { UInt8(250 - 4 * $0) })
        let gap = WordGap.spaceAfterLabel(px, width: 30, endingAt: 4, wordStart: 13, glyphHeight: 8)
        #expect(gap.map { $0.lowerBound >= 3 && $0.upperBound <= 8 && $0.count >= 3 } == true, "\(String(describing: gap))")
    }

    @Test func touchingGlyphsOrAFlatCropHaveNoSpace() {
        #expect(WordGap.spaceAfterLabel(Self.labelAndD(space: 3..<3), width: 30, endingAt: 2, wordStart: 8, glyphHeight: 8) == nil)
        #expect(WordGap.spaceAfterLabel([UInt8](repeating: 255, count: 16 * 30), width: 30, endingAt: 4, wordStart: 13, glyphHeight: 8) == nil)
    }

    /// `Serial C…` in small etched print, 8 px glyphs on rows 4..<12 of a 16-row crop: the
    /// label's `l` on columns 0..<3, a 3-column space, then a `C` (its left arc 6..<9, its top
    /// and bottom arcs on rows 4 and 11 out to 16) whose box starts at 12, in its open middle.
    static func labelAndC(space: Bool) -> [UInt8] {
        var px = [UInt8](repeating: 255, count: 16 * 30)
        let arc = space ? 6 : 3
        for y in 4..<12 {
            for x in 0..<3 { px[y * 30 + x] = 0 }
            for x in arc..<(arc + 3) { px[y * 30 + x] = 0 }
            if y == 4 || y == 11 { for x in (arc + 3)..<(arc + 10) { px[y * 30 + x] = 0 } }
        }
        return px
    }

    @Test func theSpaceBeforeAWordIsFoundFromInsideItsFirstGlyph() {
        // The `C`'s open middle is inked above and below: only the space is blank in every row.
        #expect(WordGap.spaceBefore(Self.labelAndC(space: true), width: 30, median: 255, from: 12, downTo: 0, glyphHeight: 8) == 3..<6)
        // Touching glyphs leave no space to find.
        #expect(WordGap.spaceBefore(Self.labelAndC(space: false), width: 30, median: 255, from: 12, downTo: 0, glyphHeight: 8) == nil)
        // Nor does a flat crop.
        #expect(WordGap.spaceBefore([UInt8](repeating: 255, count: 16 * 30), width: 30, median: 255, from: 12, downTo: 0, glyphHeight: 8) == nil)
    }

    @Test func theLongestRunWinsTheFirstOnATie() {
        #expect(WordGap.longestRun([false, true, true, false, true, true, true, false]) == 4..<7)
        #expect(WordGap.longestRun([true, true, false, true, true]) == 0..<2)
        #expect(WordGap.longestRun([false, false]) == nil)
        #expect(WordGap.longestRun([true, true, false, true, true], lastOnTie: true) == 3..<5)
    }
}
