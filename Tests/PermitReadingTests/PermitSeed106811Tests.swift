import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106811 (issue 28, fresh in session 71, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106811")
struct PermitSeed106811Tests {
    /// Phone permit 71: `2016-08786 : رقم الرخصة`, shaken. The page read and the French crops cut
    /// the last digit (`2016-0878`); the permit model read `2016-08786` on every crop, English
    /// on three of five, and the Arabic engine read the line `2016:08786 : رقم الرخصه`. The
    /// engines' consensus was held back as the Arabic label's ink read as a digit; the Arabic
    /// read shows it is the number's own.
    @Test func aConsensusTheArabicReadShowsWholeIsTaken() throws {
        let result = try GeneratedPermit.read(seed: 106811, .phone, 71, label: "2016-08786")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2016-08786", "\(result.stage)")
    }
}
