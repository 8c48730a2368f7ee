@testable import PermitReading
import Synthesis
import Testing

/// Permits of seed 103111 (issue 28, development seed of session 48), drawn by the generator
/// (deterministic) and read end to end.
@Suite("Permits of seed 103111")
struct PermitSeed103111Tests {
    /// Phone #198: the page read boxed `2013/50603` short of its last glyph and read that glyph
    /// as a word of its own (`2013/5060 à`); the crops stopped short of that word, cut the `3`,
    /// and all read `2013/5060`, answered `high`. The number's ink runs into that word without a
    /// word space: the number may be cut, and a cut number is never `high`.
    @Test func aNumberWhoseInkRunsIntoTheNextWordIsNotHigh() throws {
        let result = try GeneratedPermit.read(seed: 103111, .phone, 198, label: "2013/50603")
        let answer = GeneratedPermit.answer(result)
        #expect(result.analysis.number?.mayBeCut == true, "\(result.stage)")
        #expect(answer?.permitNumber == "2013/50603" || answer?.confidence != .high, "\(answer.map { "\($0)" } ?? "-") at \(result.stage)")
    }

    /// Flat #123 (`Numéro : 518897`, a stamp's ring across it, the page warped in the photo):
    /// the levelled number block gave `518897` on the first read and on the read with the
    /// stamp faded, its crops confirming it on neither; read alike twice, it stands at `low`
    /// (main before refused it for want of a number).
    @Test func aLevelledNumberReadAlikeTwiceStands() throws {
        let result = try GeneratedPermit.read(seed: 103111, .flat, 123, label: "518897")
        #expect(result.stage.contains("levelled-twice"), "\(result.stage)")
        let answer = GeneratedPermit.answer(result)
        #expect(answer?.permitNumber == "518897" && answer?.confidence == .low, "\(result.stage)")
    }
}
