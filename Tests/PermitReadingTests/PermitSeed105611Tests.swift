import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 105611 (issue 28, fresh in session 68, a development seed since) the
/// pipeline read wrong, each drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 105611")
struct PermitSeed105611Tests {
    /// Flat permit 50: a page filling a landscape photo on its side, its outline not found. Read
    /// as it lay, every line's box ran down the photo and none stood in a heading: refused as
    /// without a number. Its text turned upright first (`sidewaysTurns`), `رقم 0799/2020` is read.
    @Test func aSidewaysPhotoWithoutAPageOutlineIsTurnedUpright() throws {
        let result = try GeneratedPermit.read(seed: 105611, .flat, 50, label: "0799/2020")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "0799/2020", "\(result.stage)")
    }

    /// Phone permit 165: `Réf. N° : 2018/28116` read `Réf/N°: 2018/28116`, and `5953` (the
    /// Arabic header read as Latin) was answered. The glued `Réf/N°` is the label.
    @Test func aRefLabelReadAsOneWordLabelsTheNumber() throws {
        let result = try GeneratedPermit.read(seed: 105611, .phone, 165, label: "2018/28116")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2018/28116", "\(result.stage)")
    }

    /// Phone permit 56: `Autorisation n° 2019/27179` read `Autorisation ff 2019/27179`, refused
    /// as without a number. The garbled `n°` labels it, weakly.
    @Test func aGarbledNAfterAutorisationLabelsTheNumber() throws {
        let result = try GeneratedPermit.read(seed: 105611, .phone, 56, label: "2019/27179")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2019/27179", "\(result.stage)")
    }
}
