import Imaging
@testable import PermitReading
import Testing

/// `PermitPipeline.inkStart`: where a number's crop starts when the page read's box left out its
/// first digit (a stamp's ring across it), and where it does not move.
@Suite("The first digit a number's box left out")
struct PermitInkStartTests {
    /// Paper (220) with the number's box, x 60–160, rows 10–33, holding four dark digit-like
    /// strokes (30), and `left` drawn left of it (a list of filled rectangles x0, x1, y0, y1).
    static func line(left: [(Int, Int, Int, Int)]) throws -> (Image, PixelRect) {
        let w = 200, h = 44
        var px = [UInt8](repeating: 220, count: w * h)
        func fill(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) {
            for y in y0...y1 { for x in x0...x1 { px[y * w + x] = 30 } }
        }
        for x in stride(from: 62, to: 150, by: 22) { fill(x, x + 11, 10, 33) }
        for r in left { fill(r.0, r.1, r.2, r.3) }
        return (try Image.gray(width: w, height: h, pixels: px), PixelRect(x: 60, y: 10, width: 100, height: 24))
    }

    /// A digit (12 px wide, the box's rows) 4 px left of the box: the crop starts with it.
    @Test func aDigitLeftOfTheBoxIsTakenIn() throws {
        let (image, box) = try Self.line(left: [(44, 55, 10, 33)])
        #expect(try PermitPipeline.inkStart(image, box: box) == 44)
    }

    /// The label's colon (two dots) as close: left out (flat 101411 #13, `Réf. N°: 8993`).
    @Test func aColonIsLeftOut() throws {
        let (image, box) = try Self.line(left: [(52, 55, 14, 17), (52, 55, 27, 30)])
        #expect(try PermitPipeline.inkStart(image, box: box) == 60)
    }

    /// A frame's edge or a rule running along the line into the box's rows: left out (phone
    /// 101511 #147), as is a digit a word space away (the label's last letter).
    @Test func aRuleOrAWordAwayIsLeftOut() throws {
        let (rule, box) = try Self.line(left: [(0, 59, 31, 33)])
        #expect(try PermitPipeline.inkStart(rule, box: box) == 60)
        let (word, _) = try Self.line(left: [(36, 47, 10, 33)])
        #expect(try PermitPipeline.inkStart(word, box: box) == 60)
    }
}
