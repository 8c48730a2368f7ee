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

/// `PermitPipeline.traceSink` (`scanbench permit --verbose`'s "number search"): the steps that
/// decided the number, on photos of seed 103811.
@Suite("The number search's trace")
struct PermitTraceTests {
    final class Lines { var all: [String] = [] }

    static func traced(_ capture: DatasetGenerator.Capture, _ index: Int, label: String) throws -> (PermitPipeline.Result, [String]) {
        let pipeline = try PermitPipeline()
        let lines = Lines()
        pipeline.traceSink = { lines.all.append($0) }
        return (try GeneratedPermit.read(seed: 103811, capture, index, label: label, with: pipeline), lines.all)
    }

    /// Flat #87 (`2016-7742 : رقم` under a stamp, refused for want of a label): the trace names
    /// the lone number found and the Arabic read of its line that did not show `رقم`, then the
    /// second read of the refused page and what it gave.
    @Test func aLoneNumberRefusedForWantOfItsLabelIsShownWithItsArabicRead() throws {
        let (result, lines) = try Self.traced(.flat, 87, label: "2016-7742")
        guard case .refused = result.verdict else { Issue.record("answered: \(result.stage)"); return }
        #expect(lines.contains { $0.hasPrefix("lone number `2016-7742`") && $0.hasSuffix("no رقم") }, "\(lines)")
        let again = try #require(lines.firstIndex { $0.hasPrefix(PermitPipeline.traceReadAgain) }, "\(lines)")
        #expect(lines[(again + 1)...].contains { $0.hasPrefix("→ \(result.verdict.decision)") }, "\(lines)")
    }

    /// Flat #106 (`19778`, labelled `رقم`, read at once): two lines, the lone number of the page
    /// read labelled by its line's Arabic read, then its crop re-reads agreeing; no second read.
    @Test func aNumberConfirmedByItsCropShowsItsReReads() throws {
        let (result, lines) = try Self.traced(.flat, 106, label: "19778")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "19778")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first.map { $0.hasPrefix("lone number `19778` of the page read;") && $0.hasSuffix(": labelled رقم") } == true, "\(lines)")
        #expect(lines.last == "number `19778` re-read from its crop: French `19778`, permit model `19778`, Arabic line `19778`: agrees", "\(lines)")
    }
}
