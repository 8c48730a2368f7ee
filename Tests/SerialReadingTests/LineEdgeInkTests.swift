@testable import SerialReading
import Imaging
import ReadingCore
import Testing

/// Ink past a chain's end inside its band's margin: a glyph the chain left out, not a blank.
struct LineEdgeInkTests {
    /// A white page with dark 12×20 boxes on the baseline y = 60, one per x in `boxes`.
    static func page(_ boxes: [Int]) throws -> Image {
        let w = 400, h = 120
        var px = [UInt8](repeating: 235, count: w * h)
        for x0 in boxes { for y in 40..<60 { for x in x0..<(x0 + 12) { px[y * w + x] = 40 } } }
        return try Image.gray(width: w, height: h, pixels: px)
    }

    /// Ten glyphs from x = 100, 18 px apart: the chain the line finder kept.
    static let chain = (0..<10).map { 100 + 18 * $0 }

    static func line() throws -> TextLine {
        try #require(TextLine(glyphs: chain.map { PixelRect(x: $0, y: 40, width: 12, height: 20) }))
    }

    @Test func aGlyphLeftOutAfterTheChainIsInk() throws {
        let line = try Self.line()
        let cut = try Self.page(Self.chain + [100 + 18 * 10])
        #expect(LineEdgeInk.continues(line, band: try line.band(from: cut), scale: 1, photoWidth: 400, side: .right))
        #expect(!LineEdgeInk.continues(line, band: try line.band(from: cut), scale: 1, photoWidth: 400, side: .left))
    }

    @Test func aGlyphLeftOutBeforeTheChainIsInk() throws {
        let line = try Self.line()
        let cut = try Self.page([100 - 18] + Self.chain)
        #expect(LineEdgeInk.continues(line, band: try line.band(from: cut), scale: 1, photoWidth: 400, side: .left))
        #expect(!LineEdgeInk.continues(line, band: try line.band(from: cut), scale: 1, photoWidth: 400, side: .right))
    }

    @Test func blankMarginsAndAFarWordAreNot() throws {
        let line = try Self.line()
        // The next word three glyph heights on lies past the band's margin.
        let page = try Self.page(Self.chain + [100 + 18 * 9 + 12 + 60])
        let band = try line.band(from: page)
        #expect(!LineEdgeInk.continues(line, band: band, scale: 1, photoWidth: 400, side: .right))
        #expect(!LineEdgeInk.continues(line, band: band, scale: 1, photoWidth: 400, side: .left))
    }

    @Test func aMarginClippedByThePhotosEdgeSaysNothingOfThatSide() throws {
        // The chain starts at the photo's left edge, a glyph left out after it.
        let line = try #require(TextLine(glyphs: (0..<10).map { PixelRect(x: 2 + 18 * $0, y: 40, width: 12, height: 20) }))
        let page = try Self.page((0..<11).map { 2 + 18 * $0 })
        let band = try line.band(from: page)
        #expect(!LineEdgeInk.continues(line, band: band, scale: 1, photoWidth: 400, side: .left))
        #expect(LineEdgeInk.continues(line, band: band, scale: 1, photoWidth: 400, side: .right))
    }

    /// A 600 px wide brushed page: rows alternating 220 and 245 (stripes along the text), dark
    /// 12×20 boxes on the baseline y = 60, one per x in `boxes`.
    static func brushed(_ boxes: [Int]) throws -> Image {
        let w = 600, h = 120
        var px = (0..<(w * h)).map { UInt8(($0 / w) % 4 < 2 ? 220 : 245) }
        for x0 in boxes { for y in 40..<60 { for x in x0..<(x0 + 12) { px[y * w + x] = 90 } } }
        return try Image.gray(width: w, height: h, pixels: px)
    }

    @Test func aRowsInkEndsAtTheLastGlyphNotInTheBrushedMetalPastIt() throws {
        // The chain kept four glyphs of ten; the row out to the right reaches 13 glyph heights.
        let line = try #require(TextLine(glyphs: Self.chain.prefix(4).map { PixelRect(x: $0, y: 40, width: 12, height: 20) }))
        let row = try #require(LineRows.row(of: line, width: 600, span: 13))
        let end = try #require(LineEdgeInk.inkEnd(of: row, after: line, image: try Self.brushed(Self.chain), scale: 1))
        let last = Double(Self.chain[9] + 12)
        #expect(abs(end - last) <= 3, "ink ends at \(end), the last glyph at \(last)")
        #expect(Double(row.maxX) > last + 100)
    }

    @Test func aWordPastAGapOfTwoGlyphsIsNotTheRowsInk() throws {
        let line = try #require(TextLine(glyphs: Self.chain.prefix(4).map { PixelRect(x: $0, y: 40, width: 12, height: 20) }))
        let row = try #require(LineRows.row(of: line, width: 600, span: 13))
        // Six glyphs on, then a word two glyph heights after the last.
        let next = Self.chain[9] + 12 + 40
        let page = try Self.brushed(Self.chain + [next, next + 18])
        let end = try #require(LineEdgeInk.inkEnd(of: row, after: line, image: page, scale: 1))
        #expect(abs(end - Double(Self.chain[9] + 12)) <= 3)
        // A word-space gap (a third of a glyph height) is not an end.
        let close = try Self.brushed(Self.chain + [Self.chain[9] + 12 + 7])
        let further = try #require(LineEdgeInk.inkEnd(of: row, after: line, image: close, scale: 1))
        #expect(abs(further - Double(Self.chain[9] + 12 + 7 + 12)) <= 3)
    }
}
