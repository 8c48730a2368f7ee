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
}
