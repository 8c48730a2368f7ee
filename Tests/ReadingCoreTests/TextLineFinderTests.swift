import Foundation
import Imaging
import ReadingCore
import Testing
import TestSupport

@Suite("Text line finder")
struct TextLineFinderTests {
    /// A light page (`paper`) with darker (`ink`) glyph-sized rings along a line `y = y0 + slope × x`.
    static func page(width: Int = 640, height: Int = 360, glyphs: Int, slope: Double, y0: Double = 150,
                     glyph: (w: Int, h: Int) = (8, 14), advance: Int = 12, x0: Int = 40,
                     paper: UInt8 = 200, ink: UInt8 = 60) throws -> Image {
        var px = [UInt8](repeating: paper, count: width * height)
        for k in 0..<glyphs {
            let gx = x0 + k * advance
            let bottom = Int((y0 + slope * Double(gx)).rounded())
            // A ring, like an O: solid blocks would be taken for barcode bars.
            for y in (bottom - glyph.h)..<bottom where y >= 0 && y < height {
                for x in gx..<(gx + glyph.w) where x < width {
                    let edge = y < bottom - glyph.h + 2 || y >= bottom - 2 || x < gx + 2 || x >= gx + glyph.w - 2
                    if edge { px[y * width + x] = ink }
                }
            }
        }
        return try Image.gray(width: width, height: height, pixels: px)
    }

    @Test func findsATiltedLineWithItsSlopeAndHeight() throws {
        let img = try Self.page(glyphs: 14, slope: 0.12)
        let lines = try TextLineFinder.lines(in: img)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.glyphs.count == 14)
        #expect(abs(line.slope - 0.12) < 0.01, "slope \(line.slope)")
        #expect(abs(line.glyphHeight - 14) <= 1)
        // The deskewed band holds the line level: about one glyph height plus padding tall.
        let band = try line.band(from: img)
        #expect(band.width > 14 * 12)
        #expect(band.height < 3 * 14)
    }

    /// Rings 6 grey levels darker than their background (faint etching, blurred): under the
    /// default ink floor of 8 they are no ink; at a floor of 4 they are a line.
    @Test func faintGlyphsNeedALowerInkFloor() throws {
        let page = try Self.page(glyphs: 12, slope: 0, glyph: (w: 12, h: 16), advance: 20, paper: 150, ink: 144)
        #expect(try TextLineFinder.lines(in: page).isEmpty)
        var faint = TextLineFinder.Options()
        faint.minContrast = 4
        let lines = try TextLineFinder.lines(in: page, options: faint)
        #expect(lines.count == 1)
        #expect(lines.first?.glyphs.count == 12)
    }

    @Test func hollowBarcodeBarsAreNotALine() throws {
        // Tall thin rings (bars hollowed by the local threshold) chain like glyphs, but far
        // thinner than tall; text rings of the same height are a line.
        let bars = try Self.page(glyphs: 20, slope: 0, y0: 200, glyph: (w: 9, h: 60), advance: 15)
        #expect(try TextLineFinder.lines(in: bars).isEmpty)
        let text = try Self.page(glyphs: 12, slope: 0, y0: 200, glyph: (w: 34, h: 60), advance: 44)
        #expect(try TextLineFinder.lines(in: text).count == 1)
    }

    @Test func smallGlyphsNeedASmallerMinimumHeight() throws {
        // `C`s 5 px tall, 4 wide, 1 px strokes (small etched text seen from afar).
        let w = 200, h = 120
        var px = [UInt8](repeating: 200, count: w * h)
        for k in 0..<12 {
            let x0 = 20 + 7 * k
            for y in 60..<65 {
                for x in x0..<(x0 + 4) where y == 60 || y == 64 || x == x0 { px[y * w + x] = 60 }
            }
        }
        let page = try Image.gray(width: w, height: h, pixels: px)
        #expect(try TextLineFinder.lines(in: page).isEmpty, "the default minimum (6 px) drops them")
        var o = TextLineFinder.Options()
        o.minGlyph = 4
        let found = try TextLineFinder.glyphs(in: page, options: o)
        // The glyph set keeps its options: chaining them applies the same minimum.
        let lines = found.lines()
        #expect(lines.count == 1)
        #expect(lines.first?.glyphCount ?? 0 >= 12)
        #expect(found.turned(1).turned(3).lines().count == 1)
    }

    @Test func moireChainsLikeTextUnlessSmoothedFirst() throws {
        // A text line (rings 14 px tall) on a screen photographed with moiré: diagonal
        // stripes 4 px apart, ±12 grey levels, and sensor noise (±10) that breaks them up.
        let text = try Self.page(glyphs: 12, slope: 0, y0: 200)
        let w = text.width, h = text.height
        var state: UInt32 = 7
        let px = try text.grayBytes().enumerated().map { i, v -> UInt8 in
            let x = Double(i % w), y = Double(i / w)
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = Int(state >> 27) - 16
            return UInt8(clamping: Int(v) + noise * 10 / 16 + Int((12 * cos(2 * Double.pi * (x * 0.94 + y * 0.34) / 4)).rounded()))
        }
        func lines(_ p: [UInt8]) -> [TextLine] { TextLineFinder.glyphs(pixels: p, width: w, height: h).lines() }
        // Raw: the stripes break into glyph-sized pieces that chain, and crowd the page.
        let raw = lines(px)
        #expect(raw.count > 3, "\(raw.count) raw lines")
        // Smoothed: the text line alone, whole.
        let smoothed = lines(try Image.gray(width: w, height: h, pixels: px).boxBlurred(halfWidth: 2).grayBytes())
        #expect(smoothed.count == 1, "\(smoothed.count) smoothed lines")
        let line = try #require(smoothed.first)
        #expect(line.glyphCount >= 12)
        #expect(abs(line.baseline(at: 100) - 200) <= 3)
    }

    @Test func anEdgeBetweenLightAndDarkIsNotText() throws {
        // Text: the same background above and below its glyphs.
        let text = try Self.page(glyphs: 12, slope: 0.02)
        let line = try #require(try TextLineFinder.lines(in: text).first)
        #expect(!TextLineFinder.looksLikeEdge(line, pixels: try text.grayBytes(), width: text.width, height: text.height))
        // The same glyph boxes on the border of a dark card above a light page (where moiré
        // along an edge chains): dark above, light below, the "ink" halfway between.
        let w = text.width, h = text.height
        var px = [UInt8](repeating: 200, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let b = line.baseline(at: Double(x))
                px[y * w + x] = Double(y) < b - line.glyphHeight ? 110 : (Double(y) < b ? 150 : 200)
            }
        }
        #expect(TextLineFinder.looksLikeEdge(line, pixels: px, width: w, height: h))
    }

    @Test func shortChainsAndFlatPagesAreNotLines() throws {
        #expect(try TextLineFinder.lines(in: try Self.page(glyphs: 3, slope: 0)).isEmpty)
        let flat = try Image.gray(width: 300, height: 200, pixels: [UInt8](repeating: 180, count: 300 * 200))
        #expect(try TextLineFinder.lines(in: flat).isEmpty)
    }

    @Test func turningTheGlyphsMatchesFindingThemInTheTurnedImage() throws {
        let img = try Self.page(glyphs: 12, slope: 0.05)
        let glyphs = try TextLineFinder.glyphs(in: img)
        for q in 1...3 {
            let turned = try TextLineFinder.glyphs(in: img.rotated(quarterTurns: q))
            #expect(glyphs.turned(q).lines() == turned.lines(), "quarter turns \(q)")
            #expect(glyphs.turned(q).width == turned.width && glyphs.turned(q).height == turned.height)
        }
        // Upside down, the line is found again with the same slope.
        let flipped = try #require(glyphs.turned(2).lines().first)
        #expect(flipped.glyphs.count == 12 && abs(flipped.slope - 0.05) < 0.01)
        // Turned 90°, the line is vertical and chains nothing; turned back, it is whole again.
        #expect(glyphs.turned(1).lines().isEmpty)
        #expect(glyphs.turned(1).turned(3).lines().first?.glyphs.count == 12)
    }

    @Test(.needsRealDev) func realTiltedPhotoGivesLevelBands() throws {
        // A phone photo tilted by about 8°: the etched block and the sticker lines.
        let url = Fixtures.realDev.appendingPathComponent("IMG-20250813-WA0037.jpg")
        let img = try Image(contentsOf: url).grayscale()
        let lines = try TextLineFinder.lines(in: img)
        // The printed lines (not the marker writing beside them) slope by 0.10–0.17.
        let long = lines.filter { $0.glyphs.count >= 20 }
        #expect(long.filter { $0.slope > 0.10 && $0.slope < 0.17 }.count >= 3, "\(long.map(\.slope))")
        let band = try #require(long.first).band(from: img)
        #expect(band.width > 10 * band.height)
    }
}
