import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106411 (issue 28, fresh in session 71, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106411")
struct PermitSeed106411Tests {
    /// Phone permit 212: `N° 626944`, shaken 4 px. The page read and the French crop read
    /// `62694`; the permit model read `6269-44`, not of a permit number's shape, and was set
    /// aside: `62694` was answered `high`. Its digits are not the number's: no agreement, and
    /// the vote's three engines read `626944`.
    @Test func aModelReadWithOtherDigitsIsNoAgreement() throws {
        let result = try GeneratedPermit.read(seed: 106411, .phone, 212, label: "626944")
        let answer = GeneratedPermit.answer(result)
        #expect(answer?.permitNumber == "626944", "\(result.stage)")
    }

    /// Phone permit 163: no page outline found on a pale table, the whole photo read: the
    /// French reads, declared 300 dpi, found no text line at all, and the photo was refused as
    /// unreadable. Read again with the resolution left to Tesseract, the flattened page shows
    /// the letterhead, the title and the number.
    @Test func aPageWithNoTextAt300DpiIsReadAgainAtAnEstimatedResolution() throws {
        let result = try GeneratedPermit.read(seed: 106411, .phone, 163, label: "2022/4986")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2022/4986", "\(result.stage)")
    }

    /// Phone permit 18: a page on a white table, tilted 6° in perspective; its outline scored
    /// 0.028, under `PermitPage.minScore`, and the whole photo read no word. The faint outline
    /// is read when the photo read as it came is refused, and stands with more words read.
    @Test func aFaintOutlineIsReadWhenThePhotoAsItCameIsRefused() throws {
        let result = try GeneratedPermit.read(seed: 106411, .phone, 18, label: "791709")
        #expect(result.stage.hasPrefix("faint-page:"), "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "791709", "\(result.stage)")
    }
}
