import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// Permits of seed 101211 (issue 28), drawn by the generator (deterministic) and read end to
/// end. The seed was drawn as a fresh set; its phone permits then showed that a levelled re-read
/// of the number block breaks the strokes of a page warped out of a shaken phone shot.
@Suite("Permits of seed 101211")
struct PermitSeed101211Tests {
    /// Phone permit 146 (`Autorisation n° 2017-36464`, shaken by 2 px, a stamp over the number):
    /// read from its page's rows. Its block levelled gives `2017` alone, labelled (the
    /// levelling thinned the dash and the rest away): a bare year the levelled read gives is no
    /// number, and the read goes on to the Arabic line's.
    @Test func aWarpedPhonePagesLevelledBlockGivesNoBareYear() throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 101211, capture: .phone).sample(at: 146)
        #expect(sample.label == "2017-36464")
        let result = try PermitPipeline().read(try Image(data: sample.jpeg))
        #expect(result.verdict.decision == "accepted", "\(result.stage)")
        if case .accepted(let answer) = result.verdict { #expect(answer.permitNumber == "2017-36464", "\(result.stage)") }
    }
}
