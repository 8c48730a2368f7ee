import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106511 (issue 28, fresh in session 71, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106511")
struct PermitSeed106511Tests {
    /// Phone permit 162: `N° : 5567/2022` inside a stamp's ring on a page warped out of the
    /// photo; its block, read levelled (a stamp's colour in it), lost the slash and the year,
    /// and `5567`, its crops cut alike, was confirmed and answered `high`. A number the levelled
    /// block gave is stamped: never `high`.
    @Test func aNumberOfTheLevelledBlockIsNeverHigh() throws {
        let result = try GeneratedPermit.read(seed: 106511, .phone, 162, label: "5567/2022")
        #expect(result.analysis.numberStamped, "\(result.stage)")
        if case .accepted(let answer) = result.verdict {
            #expect(answer.confidence != .high, "\(answer.permitNumber) \(result.stage)")
        }
    }

    /// Flat permit 90: a lone `2017-9081` under the title, its letterhead's country and
    /// authority not read. The heading band's estimated-resolution read found none of them, but
    /// read `RNE` in the blurred band, a trade-register extract's sign: the permit was refused
    /// as that document. That read adds its positive cues only.
    @Test func theEstimatedHeadingReadGivesNoSignOfAnotherDocument() throws {
        let result = try GeneratedPermit.read(seed: 106511, .flat, 90, label: "2017-9081")
        #expect(result.analysis.cues.decisiveNegatives.isEmpty, "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2017-9081", "\(result.stage)")
    }
}
