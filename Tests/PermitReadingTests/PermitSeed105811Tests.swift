import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 105811 (issue 28, fresh in session 69, a development seed since) the
/// pipeline read wrong, each drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 105811")
struct PermitSeed105811Tests {
    /// Flat permit 59: `Décret n° 2004-1285` under the title, `2014/49751 : رقم` below it. The
    /// Arabic read of the number's line across the page gave nothing, so the number block was
    /// read again, and its row `Re n° 2004-1285` (taken for `Réf. n°`) answered the decree's
    /// number `high`. Read near the number, flattened, the line is labelled `رقم`; and two
    /// letters before `n°` make only a weak label (`PermitNumberExtractorTests`).
    @Test func theArabicLabelBelowADecreeIsRead() throws {
        let result = try GeneratedPermit.read(seed: 105811, .flat, 59, label: "2014/49751")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2014/49751", "\(result.stage)")
    }

    /// Flat permit 176: `رقم الرخصة : 1590/2018`, whose Arabic read across the page came out
    /// empty (the label's tall letters cut by a band twice the digits' height); the English
    /// read of `رقم` as `4057)` was answered. The band near the number, flattened, reads it.
    @Test func anArabicLabelIsReadNearTheNumber() throws {
        let result = try GeneratedPermit.read(seed: 105811, .flat, 176, label: "1590/2018")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "1590/2018", "\(result.stage)")
    }
}
