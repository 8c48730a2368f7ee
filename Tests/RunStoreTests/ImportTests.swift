import Evaluation
import Foundation
import Reporting
import RunStore
import Testing
import TestSupport

@Suite("run store: importing old records")
struct ImportTests {
    /// A run folder as evaluate leaves it: a record with its header (and, when `withSummary`, its JSON).
    func runFolder(_ days: [Int], withSummary: Bool) throws -> URL {
        let dir = try Fixtures.tempDir("runstore-import")
        for day in days {
            let h = StoreFixtures.header(digest: "aaaa", day: day, images: 4)
            let records = StoreFixtures.records(StoreFixtures.answers(count: 4, right: [0, 1, 2]), header: h)
            let paths = ReportPaths(folder: dir, dataset: "real-dev", date: h.info.startedAt)
            let log = try RecordLog(url: paths.records, header: h)
            for r in records { try log.append(r) }
            log.flush()
            if withSummary { try Data(StoreFixtures.summary(h, records).serialized().utf8).write(to: paths.json) }
        }
        return dir
    }

    @Test func aFolderOfRecordsImportsOnceAndMatchesALiveRecording() throws {
        let store = try StoreFixtures.store()
        let dir = try runFolder([0, 1], withSummary: false)
        // A nested folder (a robustness run's levels live one level down) is searched too.
        let nested = dir.appendingPathComponent("robustness_x/clean")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let first = RunImport.run([dir.path], into: store)
        #expect(first.added == 2 && first.alreadyThere == 0 && first.refused.isEmpty)
        let again = RunImport.run([dir.path], into: store)
        #expect(again.added == 0 && again.alreadyThere == 2)
        let runs = try store.runs()
        #expect(runs.count == 2)
        #expect(runs.allSatisfy { $0.status == .finished && $0.total == 4 && $0.top1Hits == 3 && $0.kind == .import })
        #expect(runs.allSatisfy { $0.machine == nil })
        #expect(try store.imageCount() == 8)
    }

    @Test func theSummaryBesideARecordIsKeptAndARunRecordedLiveIsNotDoubled() throws {
        let store = try StoreFixtures.store()
        // Recorded live first (as evaluate does), then its folder imported.
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 4)
        try StoreFixtures.record(store, h, StoreFixtures.answers(count: 4, right: [0, 1, 2]))
        let dir = try runFolder([0], withSummary: true)
        let outcome = RunImport.run([dir.path], into: store)
        #expect(outcome.added == 0 && outcome.alreadyThere == 1)
        #expect(try store.runs().count == 1)
        #expect(try store.runs().first?.recordPath?.hasSuffix(".records.jsonl") == true)
        #expect(try store.runs().first?.machine != nil)
    }

    @Test func recordsWithoutAHeaderAndMissingPathsAreReported() throws {
        let store = try StoreFixtures.store()
        let dir = try Fixtures.tempDir("runstore-import-old")
        let old = dir.appendingPathComponent("eval_old_20250101_000000.records.jsonl")
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 1)
        let log = try RecordLog(url: old)
        for r in StoreFixtures.records(["A"], header: h) { try log.append(r) }
        log.flush()
        let outcome = RunImport.run([dir.path, "/nonexistent/folder"], into: store)
        #expect(outcome.added == 0)
        #expect(outcome.refused.count == 2)
        #expect(outcome.refused.contains { $0.contains("no record header") })
        #expect(outcome.refused.contains { $0.contains("does not exist") })
    }
}
