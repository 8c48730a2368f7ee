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
}
