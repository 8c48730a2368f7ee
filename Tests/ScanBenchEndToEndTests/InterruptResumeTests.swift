import Evaluation
import Foundation
import Testing
import TestSupport

/// Issues 7 and 9: SIGINT mid-run keeps earlier reports intact and a valid partial record; the
/// rerun resumes and ends with the summary of an uninterrupted run.
@Suite("evaluate interrupted and resumed", .serialized)
struct InterruptResumeTests {
    @Test func sigintThenRerunGivesTheUninterruptedSummary() throws {
        let ds = try LineSet.make(count: 24, name: "interrupt-ds")
        let out = try Fixtures.tempDir("interrupt-out")
        let args = ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "1", "--out", out.path, "--quiet"]
        let bin = Fixtures.scanbenchBinary

        // 1. An uninterrupted run: its reports are "the previous reports".
        let first = try Fixtures.run(bin, args)
        #expect(first.status == 0, "\(first.err)")
        let firstJSON = URL(fileURLWithPath: first.out.trimmingCharacters(in: .whitespacesAndNewlines))
        let before = try snapshot(out)

        // 2. The same command, interrupted once a few images are recorded.
        let p = Process()
        p.executableURL = bin
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        p.environment = env
        let errPipe = Pipe()
        p.standardError = errPipe
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let partial = out.appendingPathComponent("eval_\(ds.lastPathComponent)_etched.partial.jsonl")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, p.isRunning {
            if let text = try? String(contentsOf: partial, encoding: .utf8), text.split(separator: "\n").count >= 4 { break }
            usleep(20_000)
        }
        kill(p.processIdentifier, SIGINT)
        let err = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130, "stderr: \(err)")
        #expect(err.contains("Run the same command again to resume"))
        // Earlier reports are byte for byte intact; no new report was written.
        #expect(try snapshot(out) == before)
        let recorded = try RunRecord.parse(Data(contentsOf: partial), source: partial.path)
        #expect(recorded.header != nil)
        #expect(recorded.tornLines == 0)
        #expect(recorded.records.count > 0 && recorded.records.count < 24, "interrupted mid-way: \(recorded.records.count)")

        // 3. The rerun resumes and finishes with the same summary.
        let rerun = try Fixtures.run(bin, args.filter { $0 != "--quiet" })
        #expect(rerun.status == 0, "\(rerun.err)")
        #expect(rerun.err.contains("resuming: \(recorded.records.count) of 24"), "\(rerun.err)")
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        let newest = try FileManager.default.contentsOfDirectory(atPath: out.path)
            .filter { $0.hasSuffix(".json") && out.appendingPathComponent($0).path != firstJSON.path }
        #expect(newest.count == 1)
        let a = try RenderedSubset.json(firstJSON)
        let b = try RenderedSubset.json(out.appendingPathComponent(try #require(newest.first)))
        #expect(RenderedSubset.withoutTiming(a) == RenderedSubset.withoutTiming(b))
        let finalRecord = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path)
            .filter { $0.hasSuffix(".records.jsonl") && $0 != firstJSON.deletingPathExtension().lastPathComponent + ".records.jsonl" }.first)
        let lines = try readRecord(out.appendingPathComponent(finalRecord))
        #expect(lines.records.count == 24 && Set(lines.records.map(\.relativePath)).count == 24)
    }

    /// Name → bytes of every report file in `dir` (the partial record and the run history,
    /// which records the stopped run's images by design, excluded).
    func snapshot(_ dir: URL) throws -> [String: Data] {
        var d: [String: Data] = [:]
        for n in try FileManager.default.contentsOfDirectory(atPath: dir.path) where !n.hasSuffix(".partial.jsonl") && !n.hasPrefix("history.sqlite") {
            d[n] = try Data(contentsOf: dir.appendingPathComponent(n))
        }
        return d
    }

    func readRecord(_ url: URL) throws -> RunRecord { RunRecord.parse(try Data(contentsOf: url), source: url.path) }
}
