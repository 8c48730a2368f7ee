import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106211 (issue 28, fresh in session 70, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106211")
struct PermitSeed106211Tests {
    /// Flat permit 228: `Numéro : 2013-142` in a box, blurred 2 px; the page read split it
    /// `2013 14`. The crops of the bare year `2013`, cut where its box ends, gave the permit
    /// model's `2913` alone, which stood in its place (`low`, wrong). A consensus on no more
    /// digits than a bare year replaces nothing: the year is refused as the rest of a number,
    /// and the sharpened page's read finds it whole.
    @Test func aBareYearsCropsDoNotMakeItAnotherNumber() throws {
        let result = try GeneratedPermit.read(seed: 106211, .flat, 228, label: "2013-142")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2013-142", "\(result.stage)")
    }
}
