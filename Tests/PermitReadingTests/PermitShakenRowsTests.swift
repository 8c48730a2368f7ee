import Imaging
import Recognition
@testable import PermitReading
import Synthesis
import Testing

/// Small print smeared by a hand's shake: the French engine garbles the number's digits on the
/// page and in its rows, the English engine reads them, and the Arabic label comes out blurred
/// (`رفم`, `رهم`) (phone captures of development seed 104011).
@Suite("Permit numbers in shaken rows")
struct PermitShakenRowsTests {
    @Test func aBlurredArabicLabelIsStillTheLabel() {
        for word in ["رقم", "رفم", "رهم", "دفم", ":رفم", "رهم)", "الرفم"] {
            #expect(PermitNumberExtractor.isBlurredArabicLabel(PermitText.fold(word)), "\(word)")
        }
        // Other words: the dirham (`درهم`), an ointment (`مرهم`), the licence (`الرخصة`), a
        // longer word starting alike.
        for word in ["درهم", "مرهم", "الرخصة", "رقمي", "رم", "عدد"] {
            #expect(!PermitNumberExtractor.isBlurredArabicLabel(PermitText.fold(word)), "\(word)")
        }
    }

    /// The English read of a shaken row keeps the digits and loses the slash (`1447 2019: 2s,`,
    /// the Arabic label read as `2s,`): the run of digit words is the candidate, its shape to
    /// be settled by its crops.
    @Test func theDigitsOfARowAreOneRun() throws {
        let line = try #require(PermitTestText.make(["wake , Diaiw! 2a)", "1447 2019: 2s,"]).lines.last)
        let run = try #require(PermitNumberExtractor.digitRun(in: line))
        #expect(run.raw == "1447 2019: 2s,")
        #expect(run.label == nil)
        #expect(run.rejected == PermitNumberExtractor.shapeRejection)
        // A row of words has no run; nor do fewer than four digits.
        #expect(PermitNumberExtractor.digitRun(in: try #require(PermitTestText.make(["Licence de restauration"]).lines.first)) == nil)
        #expect(PermitNumberExtractor.digitRun(in: try #require(PermitTestText.make(["le 12 mai"]).lines.first)) == nil)
    }

    /// Phone permit 2 of seed 104011: `1447/2019 : رقم` under the title, 9 px glyphs smeared by
    /// a 4 px shake. The French page and row reads gave no number (`HATAO I : 2%)`) and the
    /// permit was refused `no_number`; the English row read `1447 2019: 2s,`, the line's Arabic
    /// read `رفم :14472019`, and the crops' engines settle `1447/2019`, at `low`.
    @Test func aShakenNumberLabelledInArabicIsReadFromItsEnglishRow() throws {
        let result = try GeneratedPermit.read(seed: 104011, .phone, 2, label: "1447/2019")
        let answer = GeneratedPermit.answer(result)
        #expect(answer?.permitNumber == "1447/2019", "\(result.stage)")
        #expect(answer?.confidence != .high)
    }

    /// Phone permit 208 of seed 104011: `رقم الرخصة : 3740/2014`, refused `no_number` before:
    /// the French reads garbled the digits, the English row read them whole.
    @Test func aNumberOnlyEnglishReadsInTheRowsIsTheAnswer() throws {
        let result = try GeneratedPermit.read(seed: 104011, .phone, 208, label: "3740/2014")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "3740/2014", "\(result.stage)")
    }
}
