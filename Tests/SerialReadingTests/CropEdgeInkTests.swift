@testable import SerialReading
import Evaluation
import Imaging
import Synthesis
import Testing
import TestSupport

/// A serial's crop that cuts a glyph at its edge: every read of it makes the same slip, so its
/// agreement lifts the answer no higher than a doubtful serial's.
struct CropEdgeInkTests {
    /// A band crop 20 px glyphs tall (9 px above and below them): dark 12×20 glyphs 18 px
    /// apart from `first`, `count` of them, on `background(x, y)`.
    static func crop(width: Int = 240, first: Int, count: Int, background: (Int, Int) -> UInt8 = { _, _ in 200 }) throws -> Image {
        let h = 38
        var px = (0..<(width * h)).map { background($0 % width, $0 / width) }
        for k in 0..<count {
            let x0 = first + 18 * k
            for y in 9..<29 { for x in max(0, x0)..<min(width, x0 + 12) { px[y * width + x] = 60 } }
        }
        return try Image.gray(width: width, height: h, pixels: px)
    }

    @Test func aGlyphCutByEitherEdgeIsCut() throws {
        // Twelve glyphs from x = 10: the last one ends at 220; cut at 214, it runs off the edge.
        #expect(CropEdgeInk.cutsGlyph(try Self.crop(width: 214, first: 10, count: 12), glyph: 20))
        // The first one starting 5 px before the crop.
        #expect(CropEdgeInk.cutsGlyph(try Self.crop(first: -5, count: 12), glyph: 20))
    }

    @Test func marginsLeftBlankAreNot() throws {
        #expect(!CropEdgeInk.cutsGlyph(try Self.crop(first: 10, count: 12), glyph: 20))
        // A glyph two columns from the edge is whole.
        #expect(!CropEdgeInk.cutsGlyph(try Self.crop(width: 222, first: 10, count: 12), glyph: 20))
        // A left margin blanked to another grey (a label filled in), and a light gradient.
        #expect(!CropEdgeInk.cutsGlyph(try Self.crop(first: 30, count: 11) { x, _ in x < 20 ? 150 : 200 }, glyph: 20))
        #expect(!CropEdgeInk.cutsGlyph(try Self.crop(first: 10, count: 12) { x, y in UInt8(160 + x / 8 + y / 4) }, glyph: 20))
    }

    @Test func moireStripesAtTheEdgeAreNot() throws {
        // Diagonal stripes over the whole crop, as a screen's moiré: the gaps span as much.
        let striped = try Self.crop(first: 10, count: 12) { x, y in (x + y) % 6 < 3 ? 170 : 220 }
        #expect(!CropEdgeInk.cutsGlyph(striped, glyph: 20))
    }

    /// Sharp etched photos of seed 102311 whose crops all cut a glyph at their edge and agreed
    /// on the slip at 0.99: #28 `FVFQJKTULVCF` cut through its last `F` (read `…VC1`), #217
    /// `C39R9FFCQ05G` through its `C` and `G` (read `39R9FFCQ05`, a valid ten). No answer of
    /// theirs is a confident wrong one now.
    @Test(arguments: [(102311, 28), (102311, 217)])
    func aSerialReadFromCutCropsIsDoubtful(_ seed: UInt64, _ index: Int) throws {
        let (o, sample) = try SerialPipelineTests.readDrawn(.etched, seed: seed, index: index)
        let top = try #require(o.candidates.first)
        #expect(top.text == sample.label || top.confidence < 0.8, "\(sample.filename): \(top.text) at \(top.confidence)")
    }
}
