import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106111 (issue 28, fresh in session 70, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106111")
struct PermitSeed106111Tests {
    /// Phone permit 152: `N° 2014/3454` set in a box the page's frame erasure left whole. The
    /// box's top edge, inked across it, was taken for the number's rows: the crop re-read gave
    /// `0` (French) and nothing (the permit model), and the right page read was answered `low`.
    /// Cut to the digits' rows, the crop repeats it.
    @Test func aNumbersCropIsNotItsFramesEdge() throws {
        let result = try GeneratedPermit.read(seed: 106111, .phone, 152, label: "2014/3454")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2014/3454", "\(result.stage)")
        #expect(result.analysis.rereadAgrees == true, "\(result.stage)")
    }
}
