import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// A box printed around the number line is erased before the line is read; the text inside it,
/// a stamp's blot and a short rule stay.
@Suite("Permit frames")
struct PermitFramesTests {
    /// A 300×120 page: a box (2 px outline, tilted by one pixel over its width) around three
    /// glyph-sized blocks, a filled blot, and a short rule under them.
    static func page() throws -> (Image, [UInt8]) {
        let w = 300, h = 120
        var px = [UInt8](repeating: 230, count: w * h)
        func ink(_ x: Int, _ y: Int) { if x >= 0, x < w, y >= 0, y < h { px[y * w + x] = 30 } }
        for x in 20...240 {
            let tilt = x > 130 ? 1 : 0
            for t in 0..<2 { ink(x, 20 + tilt + t); ink(x, 80 + tilt + t) }
        }
        for y in 20...81 { for t in 0..<2 { ink(20 + t, y); ink(239 + t, y + (y < 81 ? 1 : 0)) } }
        for g in 0..<3 { for y in 38...62 { for x in (50 + 40 * g)...(70 + 40 * g) { ink(x, y) } } }
        for y in 30...70 { for x in 255...295 { ink(x, y) } }
        for x in 40...120 { ink(x, 100) }
        return (try Image.gray(width: w, height: h, pixels: px), px)
    }

    @Test func erasesABoxOutlineOnly() throws {
        let (image, before) = try Self.page()
        let after = try PermitFrames.erased(image).grayBytes()
        let w = image.width
        // The outline is gone, one pixel around it too.
        #expect(after[20 * w + 100] >= 220 && after[81 * w + 200] >= 220 && after[50 * w + 20] >= 220)
        // The glyphs inside, the blot and the rule are as they were.
        #expect(after[50 * w + 60] == before[50 * w + 60] && after[50 * w + 140] == before[50 * w + 140])
        #expect(after[50 * w + 275] == before[50 * w + 275])
        #expect(after[100 * w + 80] == before[100 * w + 80])
    }

    @Test func leavesAPageWithoutFramesUntouched() throws {
        var px = [UInt8](repeating: 230, count: 200 * 60)
        for y in 20...40 { for x in 30...50 { px[y * 200 + x] = 20 } }
        let image = try Image.gray(width: 200, height: 60, pixels: px)
        #expect(try PermitFrames.erased(image).grayBytes() == px)
    }

    /// A ring as a stamp strikes it, beside a line of text (a block of ink, enough of the image
    /// for its ink's grey to be the text's): an outline too, with ink in its bounding box's
    /// corner zones, erased as a frame from a number block; but not along its sides' whole
    /// length, so left, and a glyph touching it with it, in a number's band (`strict`).
    @Test(arguments: [false, true])
    func aStampsRingIsNoFrameAroundANumber(touchingAGlyph: Bool) throws {
        let w = 260, h = 160
        var px = [UInt8](repeating: 230, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let d = (Double(x - 100) * Double(x - 100) + Double(y - 80) * Double(y - 80)).squareRoot()
                if abs(d - 60) < 1.5 { px[y * w + x] = 60 }
            }
        }
        for y in 70...90 { for x in 180...250 { px[y * w + x] = 30 } }
        if touchingAGlyph { for y in 60...100 { for x in 158...164 { px[y * w + x] = 30 } } }
        let image = try Image.gray(width: w, height: h, pixels: px)
        #expect(try PermitFrames.erased(image, strict: true).grayBytes() == px)
        #expect(try PermitFrames.erased(image).grayBytes()[20 * w + 100] >= 220)
    }

    /// In a band cut across the page (`strict`), an outline cut by the band's edge is no frame;
    /// a whole box is one.
    @Test func aFrameCutByTheImagesEdgeIsLeftInANumbersBand() throws {
        let (image, before) = try Self.page()
        let cut = try image.cropped(to: PixelRect(x: 0, y: 30, width: 300, height: 90))
        let w = 300
        let kept = try PermitFrames.erased(cut, strict: true).grayBytes()
        #expect(kept[(80 - 30) * w + 100] == before[80 * w + 100])
        #expect(try PermitFrames.erased(image, strict: true).grayBytes()[20 * w + 100] >= 220)
    }
}


/// A number printed in a box is re-read from crops of its line with the box erased.
@Suite("Permit boxed number")
struct PermitBoxedNumberTests {
    /// The band `numberLine` cuts: the frame around the number is gone, the digits are not,
    /// and the box is moved onto the band.
    @Test func theNumbersLineIsCutWithItsFrameErased() throws {
        let (page, before) = try PermitFramesTests.page()
        let w = page.width
        let box = PixelRect(x: 50, y: 38, width: 101, height: 25)
        let line = try PermitPipeline.numberLine(page, box: box)
        #expect(line.image.width == w && line.image.height == box.maxY + 2 * box.height)
        #expect(line.box == box)
        let px = try line.image.grayBytes()
        #expect(px[20 * w + 100] >= 220 && px[81 * w + 200] >= 220)
        #expect(px[50 * w + 60] == before[50 * w + 60])
        // A band cut lower on a taller page: the box keeps its place on the text.
        var tall = [UInt8](repeating: 230, count: w * 400)
        tall.replaceSubrange(200 * w..<320 * w, with: before)
        let moved = try PermitPipeline.numberLine(try Image.gray(width: w, height: 400, pixels: tall),
                                                  box: PixelRect(x: 50, y: 238, width: 101, height: 25))
        #expect(moved.box.y == 238 - (238 - 2 * 25))
        #expect(try moved.image.grayBytes()[(moved.box.y + 12) * w + 60] == before[50 * w + 60])
    }

    /// Phone permit 74 of seed 100311 (`Réf. N° : 9667/2017` in a box): the page read drops the
    /// `/` (`96672017`), and its crop was the frame's bottom edge, read as nothing, so the page
    /// read stood; with the frame erased the crops read the number.
    @Test func aBoxedNumberIsReadFromItsCrops() throws {
        let (sample, result) = try PermitStampedNumberTests.read(74, seed: 100311)
        #expect(sample.label == "9667/2017")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(sample.label)")
            return
        }
        #expect(answer.permitNumber == "9667/2017")
    }
}
