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
}
