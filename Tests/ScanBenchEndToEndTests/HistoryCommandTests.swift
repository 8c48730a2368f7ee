import Evaluation
import Foundation
import GRDB
import RunStore
import Testing
import TestSupport

/// Issue 24: evaluate records into the run history by default, and a store that cannot be
/// used costs the run nothing but a warning.
@Suite("scanbench evaluate records its run; scanbench history", .serialized)
struct HistoryCommandTests {
    static let bin = Fixtures.scanbenchBinary

    func evaluate(_ ds: URL, out: URL, _ extra: [String] = []) throws -> (status: Int32, out: String, err: String) {
        try Fixtures.run(Self.bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2", "--out", out.path, "--quiet"] + extra)
    }

    @Test func evaluateRecordsItsRunAndEveryImageInOutHistory() throws {
        let ds = try LineSet.make(count: 3, name: "history-ds")
        let out = try Fixtures.tempDir("history-out")
        let r = try evaluate(ds, out: out)
        #expect(r.status == 0, "\(r.err)")
        let summaryPath = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let summary = try JSONValue.parse(String(contentsOfFile: summaryPath, encoding: .utf8))
        let store = try RunStore(path: out.appendingPathComponent("history.sqlite").path, create: false)
        let run = try #require(try store.runs().first)
        #expect(run.status == .finished && run.kind == .evaluate && run.datasetName == ds.lastPathComponent)
        #expect(run.recordedImages == 3 && run.total == summary["total"]?.number.map { Int($0) })
        #expect(run.top1Hits == summary["top1_hits"]?.number.map { Int($0) })
        #expect(run.summaryJSON?["summary_path"]?.string == summaryPath)
        #expect(run.recordPath.map { FileManager.default.fileExists(atPath: $0) } == true)
        #expect(run.presetDigest != "unknown" && run.machine != nil)
        #expect(try store.images(run: try #require(run.id)).count == 3)

        // `history` reads it; importing the same folder adds nothing.
        let list = try Fixtures.run(Self.bin, ["history", "--store", store.path])
        #expect(list.status == 0 && list.out.contains("| \(ds.lastPathComponent) | etched |"))
        let imported = try Fixtures.run(Self.bin, ["history", "import", "--store", store.path, out.path])
        #expect(imported.out.contains("imported 0 runs") && imported.out.contains("1 already there"), "\(imported.out)")
        // --no-store records nothing.
        let quiet = try Fixtures.tempDir("history-nostore")
        #expect(try evaluate(ds, out: quiet, ["--no-store"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: quiet.appendingPathComponent("history.sqlite").path))
    }

    @Test func aStoreThatCannotBeUsedOnlyWarns() throws {
        let ds = try LineSet.make(count: 2, name: "history-bad-ds")
        // A folder where the store's file should be.
        let out = try Fixtures.tempDir("history-bad-out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("history.sqlite"), withIntermediateDirectories: true)
        let r = try evaluate(ds, out: out)
        #expect(r.status == 0)
        #expect(r.err.contains("warning: run history not recorded") && r.err.contains("the reports are written as usual"), "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: r.out.trimmingCharacters(in: .whitespacesAndNewlines)))

        // A store from a newer ScanBench: refused, left as it was, the run's reports written.
        let newer = try Fixtures.tempDir("history-newer").appendingPathComponent("h.sqlite")
        _ = try RunStore(path: newer.path)
        let q = try DatabaseQueue(path: newer.path)
        try q.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-later')") }
        try q.close()
        let before = try Data(contentsOf: newer)
        let out2 = try Fixtures.tempDir("history-newer-out")
        let r2 = try evaluate(ds, out: out2, ["--store", newer.path])
        #expect(r2.status == 0)
        #expect(r2.err.contains("newer ScanBench"), "\(r2.err)")
        #expect(try Data(contentsOf: newer) == before)
        #expect(FileManager.default.fileExists(atPath: r2.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        let h = try Fixtures.run(Self.bin, ["history", "--store", newer.path])
        #expect(h.status != 0 && h.err.contains("newer ScanBench"))
        let missing = try Fixtures.run(Self.bin, ["history", "--store", out2.appendingPathComponent("none.sqlite").path])
        #expect(missing.status != 0 && missing.err.contains("no run store"))
    }
}
