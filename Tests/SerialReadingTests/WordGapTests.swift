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

    @Test func theLongestRunWinsTheFirstOnATie() {
        #expect(WordGap.longestRun([false, true, true, false, true, true, true, false]) == 4..<7)
        #expect(WordGap.longestRun([true, true, false, true, true]) == 0..<2)
        #expect(WordGap.longestRun([false, false]) == nil)
    }
}
