import Imaging
@testable import SerialReading
import Testing
import TestSupport

/// A line image (a render, a tight crop) is cut to its text before it is read: no ink is lost,
/// the blank margin past `margin` glyph heights goes.
struct LineImageTests {
    @Test(arguments: 0..<4) func trimmingKeepsAllTheInkAndCutsTheBlankMargin(index: Int) throws {
        let g = try LineSet.line(index).image.grayscale()
        let ink = try #require(LineImage.inkBox(g))
        // The drawn line has a blank margin of one capital height on every side.
        #expect(ink.x > 0 && ink.y > 0 && ink.maxX < g.width && ink.maxY < g.height)
        let (line, glyph) = try #require(try LineImage.trimmed(g, margin: 0.6))
        #expect(glyph == Double(ink.height))
        let m = Int((0.6 * glyph).rounded())
        #expect(line.width == ink.width + 2 * m && line.height == ink.height + 2 * m)
        #expect(line.width < g.width && line.height < g.height)
        // The trimmed line's ink is the same ink: its threshold (from the mean) moves a little
        // with the margin gone, so a faint edge column may drop out, never more.
        let kept = try #require(LineImage.inkBox(line))
        #expect(kept.x >= m && kept.y >= m)
        #expect(kept.maxX <= m + ink.width && kept.maxY <= m + ink.height)
        #expect(kept.width >= ink.width - 2 && kept.height >= ink.height - 2)
    }

    @Test func lightTextOnADarkLineIsFoundToo() throws {
        let g = try LineSet.line(1).image.grayscale()
        #expect(LineImage.inkBox(try g.inverted()) == LineImage.inkBox(g))
    }

    @Test func aBlankLineHasNoInkAndIsNotTrimmed() throws {
        let g = try LineSet.line(0).image.grayscale()
        let blank = try g.filled(PixelRect(x: 0, y: 0, width: g.width, height: g.height), gray: 200)
        #expect(LineImage.inkBox(blank) == nil)
        #expect(try LineImage.trimmed(blank, margin: 0.6) == nil)
    }
}
