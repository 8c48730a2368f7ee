import Evaluation
import Foundation
import Testing
import TestSupport

/// Runs the real `scanbench` binary (built by `swift test`) on a small dataset.
@Suite("scanbench evaluate end to end", .serialized)
struct EvaluateCommandTests {
    /// A dataset of 4 serial lines drawn here plus one broken file.
    func makeDataset() throws -> URL {
        let dir = try LineSet.make(count: 4, name: "e2e-dataset")
        let names = (0..<4).map(LineSet.fileName)
        try Data("truncated".utf8).write(to: dir.appendingPathComponent("broken.jpg"))
        let truth = try Fixtures.labels(dir)
        var csv = "filename,serial,device_type\n"
        for n in names { csv += "\(n),\(truth[n] ?? ""),MacBook\n" }
        csv += "broken.jpg,C02Y94ZEJG5H,MacBook\n"
        try csv.write(to: dir.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func writesContractJSONAndCSV() throws {
        let ds = try makeDataset()
        let out = try Fixtures.tempDir("e2e-out")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2", "--out", out.path])
        #expect(r.status == 0, "stderr: \(r.err)")
        #expect(r.out.contains("detection rate"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let stem = "eval_\(ds.lastPathComponent)_"
        let json = try #require(files.first { $0.hasPrefix(stem) && $0.hasSuffix(".json") })
        #expect(json.range(of: #"^eval_.+_\d{8}_\d{6}\.json$"#, options: .regularExpression) != nil)
        let csvName = try #require(files.first { $0.hasPrefix(stem) && $0.hasSuffix(".csv") })

        let summary = try JSONValue.parse(String(contentsOf: out.appendingPathComponent(json), encoding: .utf8))
        #expect(summary["total"] == .int(5))
        #expect(summary["errors"] == .int(1))
        #expect((summary["hits"]?.number ?? 0) >= 3)
        #expect(summary["csv_path"]?.string == out.appendingPathComponent(csvName).path)
        #expect(summary["versions"]?["tesseract"]?.string?.hasPrefix("5.") == true)

        let csv = try String(contentsOf: out.appendingPathComponent(csvName), encoding: .utf8)
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("filename,ground_truth,top_serial,top_confidence,num_candidates,match,all_candidates") == true)
        #expect(lines.count == 6)
        let broken = try #require(lines.first { $0.hasPrefix("broken.jpg,") })
        #expect(broken.hasPrefix("broken.jpg,C02Y94ZEJG5H,,,0,False,ERROR:"))
        let name = LineSet.fileName(1), serial = LineSet.serials(count: 2)[1]
        let good = try #require(lines.first { $0.hasPrefix(name + ",") })
        #expect(good.range(of: "^\(name),\(serial),\(serial),\\d\\.\\d{4},\\d+,True,\(serial)@\\d\\.\\d{3}", options: .regularExpression) != nil, "got \(good)")
        // The per-image record: a header line, then one line per image.
        let records = try #require(files.first { $0.hasSuffix(".records.jsonl") })
        let record = RunRecord.parse(try Data(contentsOf: out.appendingPathComponent(records)), source: records)
        #expect(record.header?.shardImages == 5)
        #expect(record.records.count == 5 && record.tornLines == 0)
        #expect(try String(contentsOf: out.appendingPathComponent(records), encoding: .utf8).split(separator: "\n").count == 6)
        #expect(!files.contains { $0.hasSuffix(".partial.jsonl") }, "the unfinished-run record is renamed when the run ends")
    }

    @Test func badArgumentsGiveAClearErrorAndNonZeroExit() throws {
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", "/nonexistent-folder", "--out", NSTemporaryDirectory()])
        #expect(r.status != 0)
        #expect(r.err.contains("does not exist"))
        let p = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", "/tmp", "--preset", "nope"])
        #expect(p.status != 0)
        #expect(p.err.contains("unknown preset"))
    }

    /// `read` reads serials; asked for the permit pipeline it says which command does.
    @Test func readPointsAPermitToThePermitCommand() throws {
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["read", "/nonexistent.jpg", "--preset", "permit"])
        #expect(r.status != 0)
        #expect(r.err.contains("scanbench permit FILE"), "\(r.err)")
    }
}
