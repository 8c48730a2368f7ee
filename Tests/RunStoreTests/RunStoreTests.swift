import Evaluation
import Foundation
import GRDB
import RunStore
import Testing
import TestSupport

@Suite("run store: opening, schema, recording")
struct RunStoreTests {
    @Test func aNewStoreHasTheSchemaAndRecordsARun() throws {
        let store = try StoreFixtures.store()
        #expect(try store.schemaVersions() == ["v1-runs-images-scans-jobs"])
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 3)
        let id = try StoreFixtures.record(store, h, StoreFixtures.answers(count: 3, right: [0, 1]))
        let run = try #require(try store.run(id))
        #expect(run.status == .finished)
        #expect(run.datasetName == "real-dev" && run.preset == "etched" && run.presetDigest == "aaaa")
        #expect(run.total == 3 && run.hits == 2 && run.top1Hits == 2 && run.recordedImages == 3)
        #expect(run.summaryJSON?["top1_hits"] == .int(2))
        #expect(run.manifestFiles == 3)
        let images = try store.images(run: id)
        #expect(images.map(\.relativePath) == ["img000.jpg", "img001.jpg", "img002.jpg"])
        #expect(images.map(\.top1Hit) == [true, true, false])
        #expect(images[2].sample?.top?.text == "WRONG2")
    }

    @Test func aResumedRunLandsOnTheSameRowAndReplacesItsImages() throws {
        let store = try StoreFixtures.store()
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 2)
        let recs = StoreFixtures.records(["A", "B"], header: h)
        let a = try store.beginRun(header: h, kind: .evaluate)
        try store.recordImages([recs[0]], run: a)
        // The rerun resumes the same record: same header, so the same run.
        var resumed = h
        resumed.info.finishedAt = h.info.startedAt.addingTimeInterval(500)
        resumed.info.workers = 4
        let b = try store.beginRun(header: resumed, kind: .evaluate)
        #expect(a == b)
        try store.recordImages(recs, run: b)
        #expect(try store.run(a)?.recordedImages == 2)
        #expect(try store.imageCount() == 2)
        #expect(try store.runs().count == 1)
    }

    @Test func aStoreFromANewerScanBenchIsRefusedAndLeftUntouched() throws {
        let store = try StoreFixtures.store()
        try StoreFixtures.record(store, StoreFixtures.header(digest: "aaaa", day: 0, images: 2), ["A", nil])
        // A later version added a migration this one does not know.
        let queue = try DatabaseQueue(path: store.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect {
            _ = try RunStore(path: store.path)
        } throws: { error in
            guard let e = error as? RunStoreError else { return false }
            return e.kind == .newerSchema && e.description.contains("v2-from-the-future") && e.description.contains("newer ScanBench")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    /// Openers of one new file at once (shards of a run starting together on a fresh store) all
    /// open it: SQLite answers the one that sets WAL mode while another does `database is
    /// locked` at once, without its busy handler, so RunStore waits and tries again.
    @Test func openersOfOneNewStoreAtOnceAllOpenIt() throws {
        let root = try Fixtures.tempDir("runstore-open")
        for round in 0..<50 {
            let path = root.appendingPathComponent("\(round)/history.sqlite").path
            let gate = NSCondition(), errors = Box<[String]>([]), done = DispatchGroup()
            let open = Box(false)
            for _ in 0..<4 {
                done.enter()
                Thread.detachNewThread {
                    gate.lock(); while !open.value { gate.wait() }; gate.unlock()
                    do { _ = try RunStore(path: path) } catch { errors.mutate { $0.append("\(error)") } }
                    done.leave()
                }
            }
            usleep(20_000)
            gate.lock(); open.mutate { $0 = true }; gate.broadcast(); gate.unlock()
            done.wait()
            #expect(errors.value.isEmpty, "round \(round)")
            #expect(try RunStore(path: path, create: false).schemaVersions() == ["v1-runs-images-scans-jobs"])
        }
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let dir = try Fixtures.tempDir("runstore-bad")
        let bad = dir.appendingPathComponent("history.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: bad)
        #expect {
            _ = try RunStore(path: bad.path)
        } throws: { ($0 as? RunStoreError)?.kind == .cannotOpen }
        #expect {
            _ = try RunStore(path: dir.appendingPathComponent("absent.sqlite").path, create: false)
        } throws: { ($0 as? RunStoreError)?.kind == .missing }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("absent.sqlite").path))
    }

    @Test func aRecorderThatCannotOpenItsStoreOnlyWarns() throws {
        let dir = try Fixtures.tempDir("runstore-recorder")
        // A regular file where the store's folder should be: the store cannot be created.
        let blocker = dir.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let warnings = Box<[String]>([])
        let recorder = RunRecorder.open(path: blocker.appendingPathComponent("history.sqlite").path) { w in warnings.mutate { $0.append(w) } }
        #expect(recorder.storePath == nil)
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 1)
        recorder.begin(header: h, kind: .evaluate)
        recorder.add(StoreFixtures.records(["A"], header: h))
        recorder.finish(summary: .object([]), recordPath: nil)
        #expect(warnings.value.count == 1)
        #expect(warnings.value.first?.contains("reports are written as usual") == true)
    }

    @Test func aRecorderRecordsARunAsItIsRead() throws {
        let store = try StoreFixtures.store()
        let recorder = RunRecorder(store: store) { _ in }
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 3)
        let recs = StoreFixtures.records(["A", "B", nil], header: h)
        recorder.begin(header: h, kind: .evaluate)
        recorder.add(recs[0])
        let running = try #require(try store.runs().first)
        #expect(running.status == .running && running.recordedImages == 1)
        recorder.add(recs[1]); recorder.add(recs[2])
        recorder.finish(summary: StoreFixtures.summary(h, recs), recordPath: "/x.records.jsonl")
        let done = try #require(try store.runs().first)
        #expect(done.status == .finished && done.recordedImages == 3 && done.total == 3 && done.recordPath == "/x.records.jsonl")
    }
}

/// A value shared with a `@Sendable` closure.
final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ v: T) { stored = v }
    var value: T { lock.lock(); defer { lock.unlock() }; return stored }
    func mutate(_ f: (inout T) -> Void) { lock.lock(); f(&stored); lock.unlock() }
}
