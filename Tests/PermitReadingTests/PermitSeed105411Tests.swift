import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of development seed 105411 (issue 28) the pipeline read wrong, each drawn by the
/// generator (deterministic) and read end to end.
@Suite("Permits of development seed 105411")
struct PermitSeed105411Tests {
    /// Flat permit 225 (`رقم 2023-25095` under the title): the page read split the holder's
    /// `titulaire de la CIN n° 04125835, est` into lines of their own, and the body's
    /// `n° 04125835` passed for the labelled number, answered `medium`. The flattened read shows
    /// it whole, as the ID card's number: set aside, the heading's number is answered.
    @Test func aBodyNumberAnotherReadShowsAsAReferenceIsSetAside() throws {
        let result = try GeneratedPermit.read(seed: 105411, .flat, 225, label: "2023-25095")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2023-25095", "\(result.stage)")
    }
}
