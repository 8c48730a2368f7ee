import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106311 (issue 28, fresh in session 70, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106311")
struct PermitSeed106311Tests {
    /// Flat permit 81: `N° : 6793` blurred 2 px. Its deblurred page's number was read and
    /// confirmed, but `RÉPUBLIQUE TUNISIENNE` was lost: the French reads, declared 300 dpi,
    /// dropped the letterhead's small bold lines whole (a crop of the line alone reads it word
    /// for word), and the permit was refused as another document. The heading band read again
    /// with the resolution left to Tesseract keeps them.
    @Test func aBlurredLetterheadIsReadAgainAtAnEstimatedResolution() throws {
        let result = try GeneratedPermit.read(seed: 106311, .flat, 81, label: "6793")
        #expect(result.analysis.cues.found(.country), "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "6793", "\(result.stage)")
    }
}
