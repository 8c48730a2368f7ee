@testable import PermitReading
import Synthesis
import Testing

/// Permits of seed 103811 (issue 28, fresh seed of session 54, development since), drawn by the
/// generator (deterministic) and read end to end.
@Suite("Permits of seed 103811")
struct PermitSeed103811Tests {
    /// Flat #130 (`7435/2021`, the photo blurred by σ 2 px): the page is found, every side a
    /// clear step, but its read finds fewer clean words than the whole photo's (5), so the whole
    /// photo's read stands (a `photo:` stage). The result keeps the page it set aside: `permit
    /// --verbose` said "page: not found" of a page found and read.
    @Test func aPageSetAsideForTheWholePhotoIsKept() throws {
        let result = try GeneratedPermit.read(seed: 103811, .flat, 130, label: "7435/2021")
        #expect(result.stage.hasPrefix("photo:"), "\(result.stage)")
        #expect(result.page == nil)
        let aside = try #require(result.pageSetAside)
        #expect(aside.score > PermitPage.minScore, "\(aside.evidence)")
    }
}
