import Foundation
import Imaging
import ReadingCore
@testable import PermitReading
import Synthesis
import Testing

/// Captures of development seeds (98001 … 100611, issue 28) whose number a stamp crosses,
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits with a stamp over the number")
struct PermitStampedNumberTests {
    static func read(_ index: Int, seed: UInt64 = 98001, capture: DatasetGenerator.Capture = .phone) throws
        -> (sample: GeneratedSample, result: PermitPipeline.Result) {
        let sample = try DatasetGenerator(kind: .permit, seed: seed, capture: capture).sample(at: index)
        return (sample, try PermitPipeline().read(try Image(data: sample.jpeg)))
    }

    /// Flat permit `index` of seed 100311 read end to end: its label must be `number`, and the
    /// answer that number at `low`.
    static func answeredLow(_ index: Int, _ number: String) throws -> PermitPipeline.Result {
        let (sample, result) = try read(index, seed: 100311, capture: .flat)
        #expect(sample.label == number)
        #expect(result.verdict == .accepted(PermitResponse(permitNumber: number, confidence: .low)), "\(result.stage)")
        return result
    }

    /// The ring read as a bracket between the label and the digits (`N°°{17503/2022`): the label
    /// is still found, and the number is re-read from a crop that starts at the digits, not at
    /// the `N°` (refused as without a number before).
    /// Known issue since the permit model replaced the serial model as the crops' second reader:
    /// it reads the `7` the ring crosses as `2` on three of the five crops, and with its double
    /// vote and the page read `17503/2022` a digit away, `2503/2022` is answered (`low`). On the
    /// fresh seeds the model won more permits than it lost (Models/README.md, issue 28's note).
    @Test func aNumberBehindAStampsRingReadAsABracketIsRead() throws {
        let (sample, result) = try Self.read(41)
        #expect(sample.label == "7503/2022")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(sample.label)")
            return
        }
        withKnownIssue("the permit model reads the ring-crossed 7 as 2") {
            #expect(answer.permitNumber == "7503/2022")
        }
        #expect(answer.confidence != .high)
    }

    /// A number whose crop the French engine's line read returns nothing for (a stamp's ring
    /// around it, a quarter turn) stands unconfirmed (`2011` for `2022-086`): answered `low`, not
    /// `medium`. Since 45e2b54 the other engines read that crop and the vote may change the
    /// number; it is still not confirmed by a repeated read.
    @Test func aNumberWhoseCropReadsAsNothingIsAnsweredLow() throws {
        let (sample, result) = try Self.read(47)
        #expect(sample.label == "2022-086")
        #expect(result.analysis.rereadAgrees != true)
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision)")
            return
        }
        #expect(answer.confidence == .low)
    }

    /// Phone permit 21 of development seed 100111 (`2017-6130`, a stamp's ring across it): its
    /// page read found no number and was refused; read again with the stamp faded by the chroma
    /// around each pixel (`stampChromaSpread`), its number is read and confirmed by its crops,
    /// and answered `low`.
    @Test func aRefusedPageIsReadAgainWithItsStampFadedHarder() throws {
        let (sample, result) = try Self.read(21, seed: 100111)
        #expect(sample.label == "2017-6130")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(sample.label)")
            return
        }
        #expect(answer.permitNumber == "2017-6130")
        #expect(answer.confidence == .low)
        #expect(result.stage.hasPrefix("stamp-faded:"))
    }

    /// Flat permit 150 of seed 100411 (`2014-4670`, a stamp's ring across its first digits):
    /// in the band its crops are cut from, the ring joined to the `201` passed for a frame and
    /// was erased with them (`20424670` answered); only a box with straight sides is erased
    /// there (`PermitFrames.erased(strict:)`).
    @Test func aStampsRingAcrossTheDigitsIsNotErasedAsABox() throws {
        let (sample, result) = try Self.read(150, seed: 100411, capture: .flat)
        #expect(sample.label == "2014-4670")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(sample.label)")
            return
        }
        #expect(answer.permitNumber == "2014-4670")
    }

    /// Flat permit 49 of seed 100311 (`80543` under `رقم :`, a stamp's ring across it). Before
    /// the print under the stamp's ink was kept (`StampInk`), the page read `90543` and only a
    /// unanimous consensus of the crops' engines (`80543` on four crops of five each) confirmed
    /// the number; now the page read is `80543` and its crop's re-read agrees.
    @Test func aNumberLabelledInArabicUnderAStampIsRead() throws {
        let result = try Self.answeredLow(49, "80543")
        #expect(result.analysis.rereadAgrees == true)
    }

    /// Flat permit 68 of seed 100311 (`Réf. N° : 2013/92122 du 09/03/2023`, a stamp's ring over
    /// the label and the first digits): the page reads and the number block read as one lost the
    /// line (`Réf. NA C2 ta97122 al 2023`); its rows of dark print read one by one give
    /// `Réf. N\2013/92122 09/03/2023`, whose digits are re-read from their crop, bounded by the date.
    @Test func aNumberLineTheBlockReadLostIsReadRowByRow() throws {
        let result = try Self.answeredLow(68, "2013/92122")
        #expect(result.stage.contains("+number-line"))
    }

    /// Flat permit 87 of seed 100311 (`2023-078`, a stamp's ring across the `8`): the page read
    /// `Numéro d'autorisation : 2923-7`, two digits lost; the crops read `2023-078` (the permit
    /// model on every one), which is the number the page read garbled.
    @Test func aGarbledReadThatLostDigitsIsReadWholeFromItsCrops() throws {
        _ = try Self.answeredLow(87, "2023-078")
    }

    /// Flat permit 50 of seed 100311 (`N° : 6704/2021`, a stamp's ring across the `7`): the
    /// page read is right, the French re-reads `6/04/2021` on every crop; the permit model and
    /// English read `6704/2021`, a consensus of two engines that confirms the page read.
    @Test func twoEnginesBehindThePageReadConfirmIt() throws {
        let result = try Self.answeredLow(50, "6704/2021")
        #expect(result.analysis.numberConfirmed)
    }

    /// Phone permit 217 of seed 105011 (`Numéro d'autorisation : 2013/36496`, stamped, shaken):
    /// read again with the stamp faded, the page read is `2013/36496`, the permit model reads it
    /// on every crop and the French crops `201436496`. The model and the page read are two
    /// engines behind the number: confirmed, it is answered rather than refused.
    @Test func thePermitModelOnEveryCropBehindThePageReadConfirmsIt() throws {
        let result = try GeneratedPermit.read(seed: 105011, .phone, 217, label: "2013/36496")
        #expect(GeneratedPermit.answer(result) == PermitResponse(permitNumber: "2013/36496", confidence: .low), "\(result.stage)")
        #expect(result.analysis.numberConfirmed)
    }

    /// Flat permit 42 of seed 100211 (`2018-3870`, a stamp's ring laid over the `3`, the digit
    /// under the stroke the ink's blue darkened): faded with the stamp, the `3` was lost and the
    /// permit refused as without a number. The print under the ink (`StampInk`) stays dark.
    @Test func aDigitUnderAStampsStrokeIsKeptWhenTheStampFades() throws {
        let (sample, result) = try Self.read(42, seed: 100211, capture: .flat)
        #expect(sample.label == "2018-3870")
        #expect(result.verdict == .accepted(PermitResponse(permitNumber: "2018-3870", confidence: .low)), "\(result.stage)")
    }

    /// Flat permit 24 of seed 100611 (`Numéro : 0977/2018` in a box a stamp crosses), sent with
    /// the apps' compression: the heading read lost the number line and found the decision's
    /// number under it, `قرار عدد 1999-509` read `u ne 1999-509`, labelled by `NE`, which was
    /// answered `high`. `NE` is a bare `N` (`isBareN`): never `high`.
    @Test func anArabicDecisionReadAsNEIsNeverAnsweredHigh() throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 100611, capture: .flat).sample(at: 24)
        #expect(sample.label == "0977/2018")
        let sent = try ClientCompression.compress(try Image(data: sample.jpeg))
        let result = try PermitPipeline().read(try Image(data: sent.data))
        if case .accepted(let answer) = result.verdict, answer.permitNumber != "0977/2018" {
            #expect(answer.confidence != .high, "\(answer.permitNumber)")
        }
    }
}
