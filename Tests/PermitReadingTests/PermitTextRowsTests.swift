import Foundation
import Imaging
@testable import PermitReading
import Testing

/// `PermitPipeline.textRowBands`: the rows of dark print in a number block, read one at a time
/// when the block's layout read lost the number's line under a stamp; `PermitPipeline.levelled`:
/// the block with a stamp's faded ring turned to paper.
@Suite("Rows of print in a permit's number block")
struct PermitTextRowsTests {
    /// Paper (210) with two lines of dark glyph-like strokes (30) and a stamp's faded ring (150)
    /// crossing both and running on below them.
    static func block() throws -> Image {
        let w = 400, h = 220
        var px = [UInt8](repeating: 210, count: w * h)
        for (top, bottom) in [(40, 60), (100, 122)] {
            for y in top...bottom { for x in stride(from: 30, to: 330, by: 9) { for dx in 0..<4 { px[y * w + x + dx] = 30 } } }
        }
        for t in 0..<720 {
            let a = Double(t) * .pi / 360
            for r in 88...91 {
                let x = 200 + Int((Double(r) * cos(a)).rounded()), y = 110 + Int((Double(r) * sin(a)).rounded())
                if x >= 0, x < w, y >= 0, y < h, px[y * w + x] > 150 { px[y * w + x] = 150 }
            }
        }
        return try Image.gray(width: w, height: h, pixels: px)
    }

    @Test func findsEachLineOfPrintAndNotTheStampsRing() throws {
        let image = try Self.block()
        let region = PixelRect(x: 0, y: 10, width: 400, height: 200)
        let bands = try PermitPipeline.textRowBands(image, in: region)
        #expect(bands.count == 2, "\(bands)")
        guard bands.count == 2 else { return }
        // Each band holds its line whole, with a margin, in page coordinates.
        #expect(bands[0].y <= 40 && bands[0].maxY >= 61 && bands[0].maxY < 100)
        #expect(bands[1].y > 61 && bands[1].y <= 100 && bands[1].maxY >= 123 && bands[1].maxY < 160)
        #expect(bands.allSatisfy { $0.x == 0 && $0.width == 400 })
    }

    /// A blurred page read as the photo came: the table, dark from top to bottom, beside the
    /// page on both sides; a bold title (black, wide, tall) and under it a short number line
    /// in light grey, as blur leaves small digits. The title and the number each get a band
    /// (the table's columns, dark on every row, count for none).
    @Test func findsALightNumberLineUnderABoldTitleBesideTheTable() throws {
        let w = 600, h = 200
        var px = [UInt8](repeating: 200, count: w * h)
        for y in 0..<h { for x in 0..<w where x < 40 || x >= 560 { px[y * w + x] = 25 } }
        // Title: rows 30–60, strokes 6 px wide every 10 px from 80 to 520.
        for y in 30...60 { for x in stride(from: 80, to: 520, by: 10) { for dx in 0..<6 { px[y * w + x + dx] = 20 } } }
        // Number: rows 100–115, strokes 3 px wide every 8 px from 250 to 350, grey 110
        // (0.5 of the way from the title's ink to the paper).
        for y in 100...115 { for x in stride(from: 250, to: 350, by: 8) { for dx in 0..<3 { px[y * w + x + dx] = 110 } } }
        let image = try Image.gray(width: w, height: h, pixels: px)
        let bands = try PermitPipeline.textRowBands(image, in: PixelRect(x: 0, y: 0, width: w, height: h))
        #expect(bands.count == 2, "\(bands)")
        guard bands.count == 2 else { return }
        #expect(bands[0].y <= 30 && bands[0].maxY >= 61 && bands[0].maxY < 100)
        #expect(bands[1].y > 61 && bands[1].y <= 100 && bands[1].maxY >= 116 && bands[1].maxY < 150)
        #expect(bands.allSatisfy { $0.x == 0 && $0.width == w }, "\(bands)")
    }

    /// `PermitPipeline.levelled`: a stamp's faded ring (grey 180, 0.83 of the way from the ink
    /// to the paper) becomes paper at each white point read; the print stays black and a grey
    /// between them (an anti-aliased edge) stays in between.
    @Test func levellingTurnsAStampsFadedRingToPaperAndKeepsThePrint() throws {
        var image = try Self.block()
        var px = try image.grayBytes().map { $0 == 150 ? UInt8(180) : $0 }
        px[45 * 400 + 34] = 100
        image = try Image.gray(width: 400, height: 220, pixels: px)
        let before = try image.grayBytes()
        let ring = before.indices.filter { before[$0] == 180 }
        #expect(!ring.isEmpty)
        for white in PermitPipeline.levelledWhites {
            let after = try PermitPipeline.levelled(image, white: white).grayBytes()
            #expect(after.count == before.count)
            #expect(ring.allSatisfy { after[$0] == 255 }, "white \(white)")
            #expect(before.indices.filter { before[$0] == 210 }.allSatisfy { after[$0] == 255 })
            #expect(before.indices.filter { before[$0] == 30 }.allSatisfy { after[$0] == 0 })
            #expect(after[45 * 400 + 34] > 0 && after[45 * 400 + 34] < 255)
        }
    }

    /// A block without contrast (no print) is left as it is.
    @Test func levellingLeavesABlankBlockAlone() throws {
        let blank = try Image.gray(width: 100, height: 50, pixels: [UInt8](repeating: 200, count: 5000))
        #expect(try PermitPipeline.levelled(blank, white: 0.7).grayBytes() == [UInt8](repeating: 200, count: 5000))
    }

    @Test func aBlankBlockHasNoRows() throws {
        let blank = try Image.gray(width: 100, height: 50, pixels: [UInt8](repeating: 200, count: 5000))
        #expect(try PermitPipeline.textRowBands(blank, in: PixelRect(x: 0, y: 0, width: 100, height: 50)).isEmpty)
    }

    /// `PermitPipeline.droppedBlock`: a read that lost the title and the number (a stamp over
    /// them) leaves the rows between the letterhead and the body empty; they are the block. A
    /// read with the usual spacing, or without a body line, gives none.
    @Test func theRowsAReadLeftEmptyAboveTheBodyAreItsNumberBlock() throws {
        let page = try Image.blank(width: 1000, height: 600)
        // Lines 40 px apart, 24 px tall: the letterhead ends at 64, three lines are missing,
        // `Le Président …` stands at 200, the body (`Vu …`) at 240.
        let dropped = PermitTestText.make(["RÉPUBLIQUE TUNISIENNE", "Commune de Sousse", "", "", "",
                                           "Le Président de la Commune de Sousse,", "Vu la loi organique n° 2018-29"]).lines
        let block = try #require(PermitPipeline.droppedBlock(dropped, page: page))
        #expect(block == PixelRect(x: 0, y: 64, width: 1000, height: 136))
        let whole = PermitTestText.make(PermitTestText.permit()).lines
        #expect(PermitPipeline.droppedBlock(whole, page: page) == nil)
        let noBody = PermitTestText.make(["RÉPUBLIQUE TUNISIENNE", "Commune de Sousse", "", "", "", "Le Président"]).lines
        #expect(PermitPipeline.droppedBlock(noBody, page: page) == nil)
    }
}
