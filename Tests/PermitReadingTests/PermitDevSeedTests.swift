import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// Captures of development seed 31001 (issue 28) that the pipeline read wrong or refused, each
/// drawn by the generator (deterministic), read end to end.
@Suite("Permits of development seed 31001")
struct PermitDevSeedTests {
    static func read(_ index: Int, _ capture: DatasetGenerator.Capture, asShot: Bool = false) throws -> (sample: GeneratedSample, result: PermitPipeline.Result) {
        let sample = try DatasetGenerator(kind: .permit, seed: 31001, capture: capture).sample(at: index)
        let pipeline = try PermitPipeline()
        pipeline.undoesShake = !asShot
        return (sample, try pipeline.read(try Image(data: sample.jpeg)))
    }

    /// A stamp whose thin ring crosses the number keeps little colour once photographed: the
    /// number was answered `high` (4623/2019 for 4629/2019) with the stamp unnoticed.
    @Test func aStampOverTheNumberIsNoticedAndTheAnswerIsNeverHigh() throws {
        let (sample, result) = try Self.read(65, .flat)
        #expect(sample.label == "4629/2019")
        #expect(result.analysis.numberStamped)
        if case .accepted(let answer) = result.verdict { #expect(answer.confidence != .high) }
        // An unstamped number is not taken for a stamped one.
        let clean = try Self.read(0, .flat).result
        #expect(!clean.analysis.numberStamped)
    }

    /// Phone captures whose label was read and whose digits were garbled after it
    /// (`N°: 2023/9%6704`, `Réf. N°: 202-1650`): the number is re-read from its crop, the page
    /// read's separator kept, and answered `low`. Read as shot: #88's camera shake undone
    /// (`PermitPipeline.unshaken`), its page read is not garbled.
    @Test(arguments: [(69, "2023/96704"), (88, "2022-1650")])
    func aGarbledLabelledNumberIsReReadFromItsCrop(_ index: Int, _ expected: String) throws {
        let (sample, result) = try Self.read(index, .phone, asShot: true)
        #expect(sample.label == expected)
        #expect(result.stage.hasSuffix("+garbled-reread"))
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(expected)")
            return
        }
        #expect(answer.permitNumber == expected)
        #expect(answer.confidence == .low)
    }

    /// When the label was read and its digits could not be re-read, a lone number elsewhere
    /// (the Arabic header or a phone read as digits: `5352` for `2018-41510`, `7156874` for
    /// `0211/2020`) is not answered: the permit is refused instead. Read as shot: #99's camera
    /// shake undone (`PermitPipeline.unshaken`), the label's digits are read, wrong
    /// (`6211/2028`, `medium`).
    @Test(arguments: [96, 99])
    func aLoneNumberIsNotAnsweredWhenTheLabelsDigitsWereGarbled(_ index: Int) throws {
        let (sample, result) = try Self.read(index, .phone, asShot: true)
        #expect(result.verdict.decision == "no_number", "\(sample.filename)")
    }

    /// A number line printed in a box (`N° 324110`): the page's reads and the number block's
    /// dropped it; the block is read with the box's outline erased.
    @Test func aBoxedNumberLineIsRead() throws {
        let (sample, result) = try Self.read(7, .flat)
        #expect(sample.label == "324110")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision)")
            return
        }
        #expect(answer.permitNumber == "324110")
    }
}

