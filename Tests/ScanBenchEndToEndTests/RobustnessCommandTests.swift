import Evaluation
import Foundation
import Testing
import TestSupport

/// `scanbench robustness` through the real binary: bad values refused before any work, a small
/// run whose summary `compare` and `--from` read.
@Suite("scanbench robustness end to end", .serialized)
struct RobustnessCommandTests {
    @Test(arguments: [
        (["--perturb", "blur=-1"], "'-1' is not a valid blur severity"),
        (["--perturb", "sharpen=2"], "unknown perturbation 'sharpen'"),
        (["--perturb", "jpeg="], "the list of severities is empty"),
        (["--perturb", "noise=8", "--perturb", "noise=16"], "names noise twice"),
        (["--shard", "3/2"], "--shard expects K/N"),
    ])
    func badValuesAreRefusedBeforeAnyWork(args: [String], reason: String) throws {
        let ds = try LineSet.make(count: 1, name: "robustness-bad")
        let out = try Fixtures.tempDir("robustness-bad-out").appendingPathComponent("never")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["robustness", "--dataset", ds.path, "--out", out.path] + args)
        #expect(r.status == 64, "stderr: \(r.err)")
        #expect(r.err.contains(reason), "stderr: \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing was read or written")
    }

    @Test func aRunIsASummaryCompareAndFromRead() throws {
        let ds = try LineSet.make(count: 3, name: "robustness-e2e")
        let out = try Fixtures.tempDir("robustness-e2e-out")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["robustness", "--dataset", ds.path, "--preset", "etched", "--perturb", "jpeg=30",
                                                            "--perturb", "scale=0.5", "--workers", "2", "--out", out.path, "--quiet"])
        #expect(r.status == 0, "stderr: \(r.err)")
        let path = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        #expect(folder.hasPrefix("robustness_robustness-e2e") && folder.hasSuffix("_etched") && path.hasSuffix("/robustness.json"))
        let summary = try JSONValue.parse(String(contentsOfFile: path, encoding: .utf8))
        #expect(summary["total"] == .int(3))
        let score = try #require(summary["robustness"]?["score_pct"]?.number)
        #expect((0...100).contains(score))

        let compare = try Fixtures.run(Fixtures.scanbenchBinary, ["compare", "--baseline", path, "--current", path, "--out", out.path])
        #expect(compare.status == 0, "stderr: \(compare.err)")
        #expect(compare.out.contains("`robustness_score`"))

        let again = try Fixtures.tempDir("robustness-e2e-again")
        let from = try Fixtures.run(Fixtures.scanbenchBinary, ["robustness", "--from", URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                               "--out", again.path, "--quiet"])
        #expect(from.status == 0, "stderr: \(from.err)")
        let rerendered = try JSONValue.parse(String(contentsOfFile: from.out.trimmingCharacters(in: .whitespacesAndNewlines), encoding: .utf8))
        #expect(rerendered["robustness"]?["score_pct"]?.number == score)
    }
}
