@testable import PermitReading
import Synthesis
import Testing

/// Permits of seeds 104211 and 104311 (issue 28, fresh seeds of session 59, development since),
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of seeds 104211 and 104311")
struct PermitSeed104311Tests {
    /// Flat 104311 #74 (`Autorisation N° : 2021-603`, a stamp's ring and lettering around the
    /// digits, sharp): the page read after the stamp was faded harder gave `2021-603`, but every
    /// crop of it, by all three engines, read nothing (its box, joined to the ring, half again as
    /// tall as the digits), so it stood unconfirmed and the permit was refused without a number.
    /// Its crops are cut to the digits' rows (`PermitPipeline.digitsRows`).
    @Test func aStampedNumberWhoseCropsReadNothingIsReadFromItsRows() throws {
        let result = try GeneratedPermit.read(seed: 104311, .flat, 74, label: "2021-603")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2021-603", "\(result.stage)")
    }

    /// Flat 104311 #73 (`N° d'autorisation : 4137/2012` under a stamp): the levelled block gave
    /// `413712`, its crops nothing; cut to the digits' rows they read `4137/2012`.
    @Test func aLevelledNumberIsConfirmedByCropsCutToItsRows() throws {
        let result = try GeneratedPermit.read(seed: 104311, .flat, 73, label: "4137/2012")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "4137/2012", "\(result.stage)")
    }

    /// Phone 104211 #91 (`2024-091 : رقم`, shaken 4 px, no stamp): the box of a blurred number is
    /// taller than its rows' ink; cut to them, as every crop was in a first version of the rule
    /// above, its crops read nothing and `2024-0901` was answered. A blurred number's crops that
    /// read keep its box (`PermitPipeline.digitsRows`).
    @Test func aBlurredNumberRereadFromItsCropKeepsItsBox() throws {
        let result = try GeneratedPermit.read(seed: 104211, .phone, 91, label: "2024-091")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2024-091", "\(result.stage)")
    }
}
