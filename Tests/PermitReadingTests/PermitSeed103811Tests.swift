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

    /// Flat #231 (`80305 : رقم`, sharp): the page read gave `80305 5 y`, the colon read as a
    /// `5` and grouped with the number; every crop, by all three engines, and the Arabic read
    /// of the line gave `80305`, but a consensus dropping one glyph of a doubled pair was taken
    /// for blur merging it, and `803055` was answered. The pair lay across two words.
    @Test func aDigitReadInTheLabelsColonIsDropped() throws {
        let result = try GeneratedPermit.read(seed: 103811, .flat, 231, label: "80305")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "80305", "\(result.stage)")
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

    /// Flat #87 (`2016-7742 : رقم` under a stamp): the French reads of the number block give a
    /// lone number whose line's Arabic read shows no `رقم`, and the permit was refused for want
    /// of a label. The trace names that lone number, then the block's rows read in English, the
    /// digits there and the Arabic read of their line that labels them (`رفم`, blurred), whose
    /// crops the engines settle.
    @Test func aNumberTheEnglishRowsGaveIsTracedAfterTheLoneOneRefused() throws {
        let (result, lines) = try Self.traced(.flat, 87, label: "2016-7742")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2016-7742", "\(result.stage)")
        let lone = try #require(lines.firstIndex { $0.hasPrefix("lone number `") && $0.hasSuffix("no رقم") }, "\(lines)")
        let rows = try #require(lines.firstIndex { $0.hasPrefix("rows read in English: ") && $0.contains("2016-7742") }, "\(lines)")
        let digits = try #require(lines.firstIndex { $0.hasPrefix("digits `") && $0.hasSuffix("labelled رقم") }, "\(lines)")
        #expect(lone < rows && rows < digits)
    }

    /// Flat #203 of seed 104011 (`5759/2017`, blurred by σ 2 px, refused unreadable): the trace
    /// names each second read of the refused page (its ink faded harder, then each restoration
    /// of the blur) and what it gave.
    @Test func theSecondReadsOfARefusedPageAreTraced() throws {
        let pipeline = try PermitPipeline()
        let lines = Lines()
        pipeline.traceSink = { lines.all.append($0) }
        let result = try GeneratedPermit.read(seed: 104011, .flat, 203, label: "5759/2017", with: pipeline)
        guard case .refused = result.verdict else { Issue.record("answered: \(result.stage)"); return }
        let again = lines.all.indices.filter { lines.all[$0].hasPrefix(PermitPipeline.traceReadAgain) }
        #expect(again.count == 1 + PermitPipeline.PageRestoration.allCases.count, "\(lines.all)")
        // Each read's outcome follows it, before the next read (the steps of its number search between).
        for (k, start) in again.enumerated() {
            let end = k + 1 < again.count ? again[k + 1] : lines.all.count
            #expect(lines.all[(start + 1)..<end].contains { $0.hasPrefix("→ ") }, "\(lines.all)")
        }
    }

    /// Flat #31 of seed 104411 (a sharp `56544` whose crops the engines read apart): after the
    /// engines' consensus, each engine's read of each crop, `-` where it read nothing — what a
    /// vote that went wrong is checked against.
    @Test func eachEnginesCropReadsFollowTheConsensus() throws {
        let pipeline = try PermitPipeline()
        let lines = Lines()
        pipeline.traceSink = { lines.all.append($0) }
        _ = try GeneratedPermit.read(seed: 104411, .flat, 31, label: "56544", with: pipeline)
        let consensus = try #require(lines.all.firstIndex { $0.contains("the engines' consensus: ") }, "\(lines.all)")
        let reads = lines.all[consensus + 1]
        #expect(reads.hasPrefix("    crop reads: French `56544` "), "\(reads)")
        let engines = reads.dropFirst("    crop reads: ".count).components(separatedBy: "; ")
        #expect(engines.map { $0.hasPrefix("French ") || $0.hasPrefix("permit model ") || $0.hasPrefix("English ") } == [true, true, true], "\(reads)")
        // One read (or `-`) per crop for each engine: the first crop and the vote's four.
        #expect(engines.map { $0.split(separator: " ").filter { $0 == "-" || $0.hasPrefix("`") }.count } == [5, 5, 5], "\(reads)")
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
