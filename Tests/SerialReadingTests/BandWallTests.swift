@testable import SerialReading
import Imaging
import Testing
import TestSupport

/// A wall across a line's band (a phone's bezel past the row's end) is blanked before the band
/// is read; glyphs, a light gradient and a neighbouring row's glyphs in the padding are not walls.
struct BandWallTests {
    /// A band as `TextLine.band` cuts one with 20 px glyphs: 0.45 glyph heights of padding above
    /// and below. `grey(x)` is the background; glyphs are 3 px dark strokes 12 px apart over the
    /// glyph rows (or every row with `tall`), from x = 20 to `textEnd`.
    static func band(width: Int = 300, textEnd: Int = 180, tall: Bool = false, grey: (Int) -> Int = { _ in 230 },
                     wall: Range<Int>? = nil) -> [UInt8] {
        let rows = 39, h = 20
        var px = [UInt8](repeating: 0, count: rows * width)
        for y in 0..<rows {
            for x in 0..<width {
                var v = grey(x)
                let glyphRow = tall || (9..<(9 + h)).contains(y)
                if glyphRow, (20..<textEnd).contains(x), (x - 20) % 12 < 3 { v = 60 }
                if let wall, wall.contains(x) { v = 10 }
                px[y * width + x] = UInt8(max(0, min(255, v)))
            }
        }
        return px
    }

    @Test func aBezelPastTheTextIsAWallToTheBandsEnd() throws {
        let walls = BandWall.find(in: Self.band(wall: 220..<250), width: 300, glyphHeight: 20)
        #expect(walls.count == 1)
        let wall = try #require(walls.first)
        // Filled from a fifth of a glyph (4 px) before the step: a blurred bezel's soft edge.
        #expect(abs(wall.columns.lowerBound - 216) <= 1 && wall.columns.upperBound == 300 && wall.grey == 230, "\(wall)")
        // Mirrored: a wall before the text, blanked from the band's start.
        let mirrored = Self.band(wall: 220..<250).enumerated().map { i, _ in
            Self.band(wall: 220..<250)[(i / 300) * 300 + 299 - i % 300]
        }
        let left = try #require(BandWall.find(in: mirrored, width: 300, glyphHeight: 20).first)
        #expect(left.columns.lowerBound == 0 && abs(left.columns.upperBound - 84) <= 1, "\(left)")
    }

    @Test func glyphsGradientsAndNeighbouringRowsAreNoWalls() {
        // Glyphs alone; glyphs whose strokes a tight neighbouring row continues through the padding.
        #expect(BandWall.find(in: Self.band(), width: 300, glyphHeight: 20).isEmpty)
        #expect(BandWall.find(in: Self.band(textEnd: 290, tall: true), width: 300, glyphHeight: 20).isEmpty)
        // An etched case lit from one side: 85 to 156 grey across the band (etched 96901 #13,
        // whose last four glyphs a wall measured against each row's median blanked).
        #expect(BandWall.find(in: Self.band(textEnd: 290, grey: { 85 + 71 * $0 / 300 }), width: 300, glyphHeight: 20).isEmpty)
        // A wall narrower than 0.4 glyph heights is a stroke.
        #expect(BandWall.find(in: Self.band(wall: 220..<226), width: 300, glyphHeight: 20).isEmpty)
    }

    @Test func blankingFillsTheWallWithTheGreyBeforeIt() throws {
        let image = try Image.gray(width: 300, height: 39, pixels: Self.band(wall: 220..<250))
        let blanked = try BandWall.blanked(image, glyphHeight: 20).grayBytes()
        #expect(blanked[20 * 300 + 235] == 230 && blanked[20 * 300 + 299] == 230)
        // The glyphs are left as they were.
        #expect(blanked[20 * 300 + 20] == 60)
    }

    /// Generated screen photo, seed 96901 #263: the serial's row ends beside the phone's bezel.
    /// Read with its row, the bezel became a tenth glyph `B`, and every crop agreed on
    /// `1N0NEN7JCB` at 0.99 for `1N0NEN7JJC`.
    @Test func aSerialBesideThePhonesBezelIsReadWithoutIt() throws {
        let (top, label) = try SerialPipelineTests.topAnswer(.screen, seed: 96901, index: 263, preset: "screen")
        #expect(top.text == label, "\(top.text) at \(top.confidence)")
    }
}
