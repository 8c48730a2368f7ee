import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// Captures of development seed 31001 (issue 28) that the pipeline read wrong or refused, each
/// drawn by the generator (deterministic), read end to end.
@Suite("Permits of development seed 31001")
struct PermitDevSeedTests {
    static func read(_ index: Int, _ capture: DatasetGenerator.Capture) throws -> (sample: GeneratedSample, result: PermitPipeline.Result) {
        let sample = try DatasetGenerator(kind: .permit, seed: 31001, capture: capture).sample(at: index)
        return (sample, try PermitPipeline().read(try Image(data: sample.jpeg)))
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
}
