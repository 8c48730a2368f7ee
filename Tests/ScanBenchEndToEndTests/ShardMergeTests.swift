import Evaluation
import Foundation
import Testing
import TestSupport

/// Issue 7: the same dataset unsharded and as 3 shards + merge gives identical reports.
@Suite("scanbench evaluate --shard + merge", .serialized)
struct ShardMergeTests {
    @Test func threeShardsMergedEqualAnUnshardedRun() throws {
        let ds = try LineSet.make(count: 12, name: "shard-ds")
        let out = try Fixtures.tempDir("shard-out")
        let whole = out.appendingPathComponent("whole"), shards = out.appendingPathComponent("shards"), merged = out.appendingPathComponent("merged")
        let bin = Fixtures.scanbenchBinary
        let w = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2", "--out", whole.path, "--quiet"])
        #expect(w.status == 0, "stderr: \(w.err)")
        var shardCounts: [Int] = []
        for k in 1...3 {
            let r = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "1", "--shard", "\(k)/3", "--out", shards.path, "--quiet"])
            #expect(r.status == 0, "shard \(k): \(r.err)")
            let s = try RenderedSubset.json(URL(fileURLWithPath: r.out.trimmingCharacters(in: .whitespacesAndNewlines)))
            shardCounts.append(Int(s["total"]?.number ?? -1))
        }
        #expect(shardCounts.reduce(0, +) == 12, "shards cover every image once: \(shardCounts)")
        let records = try FileManager.default.contentsOfDirectory(atPath: shards.path).filter { $0.hasSuffix(".records.jsonl") }.map { shards.appendingPathComponent($0).path }
        #expect(records.count == 3)
        let m = try Fixtures.run(bin, ["merge"] + records + ["--out", merged.path, "--quiet"])
        #expect(m.status == 0, "merge: \(m.err)")

        let a = try RenderedSubset.json(try #require(try RenderedSubset.file(in: whole, suffix: ".json")))
        let b = try RenderedSubset.json(URL(fileURLWithPath: m.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(RenderedSubset.withoutTiming(a) == RenderedSubset.withoutTiming(b),
                "merged summary differs:\n\(RenderedSubset.withoutTiming(a).serialized())\nvs\n\(RenderedSubset.withoutTiming(b).serialized())")
        #expect(a.keys == b.keys)
        // The per-image CSVs agree on every contract column.
        func contractColumns(_ dir: URL) throws -> [String] {
            let text = try String(contentsOf: try #require(try RenderedSubset.file(in: dir, suffix: ".csv")), encoding: .utf8)
            return text.split(separator: "\n").map { CSV.parse(String($0)).first.map { Array($0.prefix(7)).joined(separator: ",") } ?? "" }
        }
        #expect(try contractColumns(whole) == contractColumns(merged))
    }

    /// Issue 23: `merge DIR1 DIR2` of the folders two shards wrote (each holding an unfinished
    /// `.partial.jsonl` of another run too, which is not a record to merge).
    @Test func shardFoldersMergedEqualAnUnshardedRun() throws {
        let ds = try LineSet.make(count: 6, name: "shard-folders")
        let out = try Fixtures.tempDir("shard-folders-out")
        let bin = Fixtures.scanbenchBinary
        let whole = out.appendingPathComponent("whole"), merged = out.appendingPathComponent("merged")
        let w = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2", "--out", whole.path, "--quiet"])
        #expect(w.status == 0, "stderr: \(w.err)")
        var folders: [String] = []
        for k in 1...2 {
            let folder = out.appendingPathComponent("shard\(k)")
            let r = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "1", "--shard", "\(k)/2", "--out", folder.path, "--quiet"])
            #expect(r.status == 0, "shard \(k): \(r.err)")
            try "{}\n".write(to: folder.appendingPathComponent("eval_other_etched.partial.jsonl"), atomically: true, encoding: .utf8)
            folders.append(folder.path)
        }
        let m = try Fixtures.run(bin, ["merge"] + folders + ["--out", merged.path, "--quiet"])
        #expect(m.status == 0, "merge: \(m.err)")
        let a = try RenderedSubset.json(try #require(try RenderedSubset.file(in: whole, suffix: ".json")))
        let b = try RenderedSubset.json(URL(fileURLWithPath: m.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(a["total"] == .int(6))
        #expect(RenderedSubset.withoutTiming(a) == RenderedSubset.withoutTiming(b),
                "merged summary differs:\n\(RenderedSubset.withoutTiming(a).serialized())\nvs\n\(RenderedSubset.withoutTiming(b).serialized())")
        // One folder alone is one shard of two: refused as before, naming the missing shard.
        let half = try Fixtures.run(bin, ["merge", folders[0], "--out", merged.path])
        #expect(half.status != 0)
        #expect(half.err.contains("missing shard 2/2"), "\(half.err)")
    }

    @Test func mergeRefusesAMissingShard() throws {
        let ds = try LineSet.make(count: 3, name: "shard-missing")
        let out = try Fixtures.tempDir("shard-missing-out")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "1", "--shard", "1/2", "--out", out.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        let record = try #require(try RenderedSubset.file(in: out, suffix: ".records.jsonl"))
        let m = try Fixtures.run(Fixtures.scanbenchBinary, ["merge", record.path, "--out", out.path])
        #expect(m.status != 0)
        #expect(m.err.contains("missing shard 2/2"), "\(m.err)")
    }
}
