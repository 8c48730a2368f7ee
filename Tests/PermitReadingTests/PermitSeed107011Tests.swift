import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 107011 (issue 28, fresh in session 73, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 107011")
struct PermitSeed107011Tests {
    /// Flat permit 169: `Réf. N° : 2012-62047` under glare; the page and its number block read
    /// `Réf. N° : 20` and `Réf. N° +: 2012 L L/`, and both engines read the bare year's crop
    /// `2012-`: a number cut at its separator, which was answered `2012` at `medium`. No re-read
    /// repeats the year now; the read with the stamp's ink faded harder finds the whole number.
    @Test func aYearWhoseCropRunsOnIntoASeparatorIsACutNumber() throws {
        let result = try GeneratedPermit.read(seed: 107011, .flat, 169, label: "2012-62047")
        if case .accepted(let answer) = result.verdict {
            #expect(answer.permitNumber == "2012-62047", "\(result.stage)")
        }
    }
}
