@testable import PermitReading
import Synthesis
import Testing

/// Permits of seed 101411 (issue 28), drawn by the generator (deterministic) and read end to
/// end. The seed was drawn as a fresh set; the lone numbers its pages' reads answered with showed
/// that the number block is worth reading for a labelled number then too.
@Suite("Permits of seed 101411")
struct PermitSeed101411Tests {
    /// A stamp over the number line: the page reads lost it and answered with a lone number
    /// under the title (phone #144 `0254` for `302549`), a read of something else. The number
    /// block read, its rows or levelled, finds the labelled one.
    @Test func aLoneNumberGivesWayToTheNumberBlocksLabelledOne() throws {
        let result = try GeneratedPermit.read(seed: 101411, .phone, 144, label: "302549")
        #expect(result.stage.contains("+number-line"), "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "302549", "\(result.stage)")
    }

    /// Flat #115 (`2019-80234 رقم` under a stamp) was answered `5159` the same way until the
    /// number block was read; its page read's own `2019-80234` is labelled now, its Arabic line
    /// read near it with the background flattened (`arabicLine`), before any block read.
    @Test func aStampedLoneNumberIsLabelledByItsArabicLineReadNearIt() throws {
        let result = try GeneratedPermit.read(seed: 101411, .flat, 115, label: "2019-80234")
        #expect(result.stage.contains("arabic-label"), "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2019-80234", "\(result.stage)")
    }

    /// Phone #57 (`N° : 9703/2024`): the lone number read is right; the block's labelled read lost
    /// the separator (`9702024`, seven plain digits, a shape a permit number rarely has) and does
    /// not replace it.
    @Test func aLabelledReadOfAnUnusualShapeLeavesAUsualLoneNumber() throws {
        let result = try GeneratedPermit.read(seed: 101411, .phone, 57, label: "9703/2024")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "9703/2024", "\(result.stage)")
    }

    /// Phone #39 (`N° : 2013-55754`, a stamp's ring across its first digits): the page reads
    /// garbled the digits (`2614- 55786`) and boxed them from inside the `2`, so its crops read
    /// `013-55754`, no permit's shape. The crop now starts where the cut glyph does, and the
    /// three engines' reads of it (`2013-55754` on most crops), far as they are from the page
    /// read's, are taken: main before refused the permit (`no_number`).
    @Test func aGarbledNumberIsCroppedFromTheGlyphItsBoxCuts() throws {
        let result = try GeneratedPermit.read(seed: 101411, .phone, 39, label: "2013-55754")
        #expect(result.stage.contains("garbled"), "\(result.stage)")
        let answer = GeneratedPermit.answer(result)
        #expect(answer?.permitNumber == "2013-55754", "\(result.stage)")
        #expect(answer?.confidence != .high)
    }

    /// Phone #124 (`Numéro : 9817 du 10/11/2015`, a stamp's ring over the label): the page read
    /// the label `Numéta»`, no label then, and with it on the line the number was no lone one
    /// either; main before refused the permit (`no_number`).
    @Test func aNumeroGarbledByAStampStillLabelsTheNumber() throws {
        let result = try GeneratedPermit.read(seed: 101411, .phone, 124, label: "9817")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "9817", "\(result.stage)")
    }
}
