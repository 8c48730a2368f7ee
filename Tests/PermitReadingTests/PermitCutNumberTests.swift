import Imaging
import Recognition
@testable import PermitReading
import Synthesis
import Testing

/// A number whose page read is cut or framed by a stamp's or a box's strokes (phone captures of
/// development seed 96501).
@Suite("Permit numbers cut by a stamp")
struct PermitCutNumberTests {
    static func sample(_ index: Int, _ capture: DatasetGenerator.Capture = .phone) throws -> (label: String, image: Image) {
        let s = try DatasetGenerator(kind: .permit, seed: 96501, capture: capture).sample(at: index)
        return (s.label, try Image(data: s.jpeg))
    }

    /// The number the pipeline answers for `image` (nil when it refuses), and the stage.
    static func answer(_ image: Image) throws -> (number: String?, stage: String) {
        let result = try PermitPipeline().read(image)
        guard case .accepted(let answer) = result.verdict else { return (nil, "\(result.verdict.decision) in \(result.stage)") }
        return (answer.permitNumber, result.stage)
    }

    func best(_ line: String) -> PermitNumberCandidate? {
        PermitNumberExtractor.best(in: PermitTestText.make(PermitTestText.permit(numberLine: line)).lines)
    }

    /// A stamp's stroke between the label and the number is read as a separator glued to either
    /// (`N°/2024-0492\`, `N° /2019-554`): a permit number never starts with one.
    @Test func aStrokeBeforeTheNumberIsNoPartOfIt() {
        #expect(best("N°/2024-0492\\")?.text == "2024-0492")
        #expect(best("[ N° /2019-55475")?.text == "2019-55475")
        #expect(best("N° : -2022-7431")?.text == "2022-7431")
        // A separator starting the number's second word is its own.
        #expect(best("N° 0457 /2022")?.text == "0457/2022")
    }

    @Test func aReadThatGoesOnFromThePageReadContinuesIt() {
        #expect(PermitNumberVote.continues("2019-554", as: "2019-55475"))
        // Changed digits, an added separator, or an unusual shape are no continuation.
        #expect(!PermitNumberVote.continues("2019-554", as: "2019-56475"))
        #expect(!PermitNumberVote.continues("2019", as: "2019/5547"))
        #expect(!PermitNumberVote.continues("2019-554", as: "2019-554751"))
        #expect(!PermitNumberVote.continues("2019-55475", as: "2019-55475"))
    }

    /// The number's ink is followed past its box to the next word space.
    @Test func theCropFollowsTheNumbersInkPastItsBox() throws {
        // Glyphs 20 px tall, 12 wide, 4 apart: ink from x = 100 to 255; a word 24 px further on.
        var px = [UInt8](repeating: 220, count: 600 * 60)
        func glyph(_ x0: Int) { for y in 20..<40 { for x in x0..<(x0 + 12) { px[y * 600 + x] = 40 } } }
        for k in 0..<10 { glyph(100 + 16 * k) }
        glyph(280)
        let page = try Image.gray(width: 600, height: 60, pixels: px)
        // The page read boxed the first five glyphs only.
        let end = try PermitPipeline.inkEnd(page, box: PixelRect(x: 100, y: 20, width: 76, height: 20))
        #expect(end == 256, "\(end)")
        // A box that ends at the number's end stays there.
        #expect(try PermitPipeline.inkEnd(page, box: PixelRect(x: 100, y: 20, width: 156, height: 20)) == 256)
    }

    /// A stamp's ring and lettering joined to the number's box make it two and a half digits
    /// tall; the crop is cut to the rows the digits fill.
    @Test func aBoxTheStampMadeTallIsCutToItsTextsRows() throws {
        // Digits on rows 40..<60 (every other column inked, x 100..<300); the stamp's ring running
        // level on rows 10, 11, 85 and 86 (120 px), and a short arc on rows 20..<30.
        var px = [UInt8](repeating: 220, count: 400 * 100)
        for y in 40..<60 { for x in stride(from: 100, to: 300, by: 2) { px[y * 400 + x] = 40 } }
        for y in [10, 11, 85, 86] { for x in 140..<260 { px[y * 400 + x] = 90 } }
        for y in 20..<30 { for x in 120..<126 { px[y * 400 + x] = 90 } }
        let page = try Image.gray(width: 400, height: 100, pixels: px)
        let cut = try PermitPipeline.textRows(page, box: PixelRect(x: 90, y: 5, width: 220, height: 90))
        #expect(cut == PixelRect(x: 90, y: 37, width: 220, height: 26), "\(cut)")
        // A box its text fills is kept.
        let tight = PixelRect(x: 95, y: 36, width: 210, height: 28)
        #expect(try PermitPipeline.textRows(page, box: tight) == tight)
    }

    /// A frame left on the page (its erasure failed: a stamp's ring joined to it) gives the
    /// number's box its edges; its top edge, thick once blurred and inked across the whole box,
    /// is a rule, not the text's rows (phone 106111 #119 and #152, whose crops were that edge).
    @Test func aFramesEdgeIsNotTheNumbersRows() throws {
        // The frame's edges on rows 10..<18 and 72..<80 across x 90..<310 (the box's width);
        // digits on rows 34..<56 (every other column inked, x 100..<300).
        var px = [UInt8](repeating: 220, count: 400 * 100)
        for y in Array(10..<18) + Array(72..<80) { for x in 90..<310 { px[y * 400 + x] = 40 } }
        for y in 34..<56 { for x in stride(from: 100, to: 300, by: 2) { px[y * 400 + x] = 40 } }
        let page = try Image.gray(width: 400, height: 100, pixels: px)
        let cut = try PermitPipeline.textRows(page, box: PixelRect(x: 90, y: 10, width: 220, height: 70))
        #expect(cut.y <= 34 && cut.maxY >= 56 && cut.y > 18 && cut.maxY < 72, "\(cut)")
    }

    /// A stamp's ring running level just above and below the digits makes the box half again as
    /// tall as they are: within `textRowsCut`, so `textRows` keeps it; `digitsRows` cuts it to
    /// the digits' rows. A box the digits fill is not cut.
    @Test func aBoxHalfAgainAsTallAsItsDigitsIsCutToTheirRows() throws {
        // Digits on rows 40..<60 (every other column inked, x 100..<300); the ring on rows 34,
        // 35, 66 and 67 (120 px).
        var px = [UInt8](repeating: 220, count: 400 * 100)
        for y in 40..<60 { for x in stride(from: 100, to: 300, by: 2) { px[y * 400 + x] = 40 } }
        for y in [34, 35, 66, 67] { for x in 140..<260 { px[y * 400 + x] = 90 } }
        let page = try Image.gray(width: 400, height: 100, pixels: px)
        let box = PixelRect(x: 90, y: 33, width: 220, height: 36)
        #expect(try PermitPipeline.textRows(page, box: box) == box)
        let cut = try PermitPipeline.digitsRows(page, box: box)
        #expect(cut == PixelRect(x: 90, y: 37, width: 220, height: 26), "\(String(describing: cut))")
        #expect(try PermitPipeline.digitsRows(page, box: PixelRect(x: 95, y: 37, width: 210, height: 27)) == nil)
    }

    /// Flat permit 39: `Autorisation n° 8204 du 04/08/2016`. The crop stops at the word space
    /// before `du`: read on into the date, digits only, it gave `820404`.
    @Test func theCropStopsAtTheWordSpaceAfterTheNumber() throws {
        let (label, image) = try Self.sample(39, .flat)
        #expect(label == "8204")
        let (number, stage) = try Self.answer(image)
        #expect(number == "8204", "\(number ?? "refused") in \(stage)")
    }

    /// Phone permit 158: a stamp over `2019-55475`; the page read gives `/2019-554` and stops.
    /// Its crops, cut where the ink stops, read the rest: the model `2019-55475`, the French
    /// `12019-55475` (the stamp's edge as a `1`).
    @Test func aNumberTheStampCutInThePageReadIsReadWhole() throws {
        let (label, image) = try Self.sample(158)
        #expect(label == "2019-55475")
        let (number, stage) = try Self.answer(image)
        #expect(number == "2019-55475", "\(number ?? "refused") in \(stage)")
    }

    /// A word of strokes right after a number, wider than a box's edge, may be the number's last
    /// `1` fused with the edge; a bare edge, a far one, or a word with letters is not.
    @Test func aStrokeWordAfterTheNumberMayHoldItsLastOne() {
        let number = PixelRect(x: 400, y: 100, width: 120, height: 24)
        let word = { (text: String, x: Int, width: Int) in
            RecognizedWord(text: text, confidence: 0.9, box: PixelRect(x: x, y: 100, width: width, height: 24), symbols: [])
        }
        #expect(PermitNumberExtractor.mayBeFusedOne(word("|", 526, 38), after: number))
        #expect(PermitNumberExtractor.mayBeFusedOne(word("l]", 530, 16), after: number))
        #expect(!PermitNumberExtractor.mayBeFusedOne(word("|", 536, 8), after: number))   // the edge alone
        #expect(!PermitNumberExtractor.mayBeFusedOne(word("|", 560, 38), after: number))  // a number height away
        #expect(!PermitNumberExtractor.mayBeFusedOne(word("du", 526, 38), after: number))
    }

    /// Flat permit 128 of seed 104011: the boxed `2021/8541` ends a few pixels from the box's
    /// right edge, and the page read gives `2021/854 |`. The crops stopped at the `|` and
    /// confirmed `2021/854` at `high`; the number is now taken as maybe cut, its crops run on
    /// over the `1` and read it whole, and it is not `high`.
    @Test func aLastOneFusedWithTheBoxEdgeIsNotCutOff() throws {
        let result = try GeneratedPermit.read(seed: 104011, .flat, 128, label: "2021/8541")
        let answer = GeneratedPermit.answer(result)
        #expect(answer?.permitNumber == "2021/8541", "\(result.stage)")
        #expect(answer?.confidence != .high)
    }
}
