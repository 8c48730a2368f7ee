import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106611 (issue 28, fresh in session 72, a development seed since), each
/// drawn by the generator (deterministic) and read end to end. Both were answered `high` with
/// the number of the decree cited under the title.
@Suite("Permits of development seed 106611")
struct PermitSeed106611Tests {
    /// Flat permit 84: `Décret n° 2016-2663` under the title, its `Décret` split off by the
    /// layout read onto another line (`1 n° 2016-2663`), the permit's `2015-315 رقم` below it not
    /// read at all. The decree's number, under a bare `N°`, was answered `high`. Its row read
    /// alone names the decree.
    @Test func aBareNumeroWhoseRowNamesADecreeIsNotTheNumber() throws {
        let result = try GeneratedPermit.read(seed: 106611, .flat, 84, label: "2015-315")
        #expect(result.analysis.number?.text != "2016-2663", "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2015-315", "\(result.stage)")
    }

    /// Phone permit 173: the flattened page read `Décret n° 2000-2230` whole, the page as
    /// photographed `n° 2000-2230`, and the permit's `Réf. N° : 2023/06194` under a stamp was
    /// read by neither: the decree's number was answered `high` from the second read. A number
    /// of the heading that another read names as a reference is set aside.
    @Test func aHeadingNumberAnotherReadNamesAsADecreeIsNotTheNumber() throws {
        let result = try GeneratedPermit.read(seed: 106611, .phone, 173, label: "2023/06194")
        #expect(result.analysis.number?.text != "2000-2230", "\(result.stage)")
        if case .accepted(let answer) = result.verdict {
            #expect(answer.permitNumber == "2023/06194", "\(result.stage)")
        }
    }
}
