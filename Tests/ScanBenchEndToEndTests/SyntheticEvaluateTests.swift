import Evaluation
import Foundation
import Testing
import TestSupport

/// `scanbench evaluate --synthetic` through the real binary: the printed seed repeats the run.
@Suite("scanbench evaluate --synthetic end to end", .serialized)
struct SyntheticEvaluateTests {
    @Test func aRandomSeedIsPrintedAndRepeatsTheRun() throws {
        let out = try Fixtures.tempDir("e2e-synthetic")
        let common = ["evaluate", "--synthetic", "etched", "--count", "2", "--preset", "etched", "--workers", "1", "--quiet"]
        let first = try Fixtures.run(Fixtures.scanbenchBinary, common + ["--seed", "random", "--out", out.appendingPathComponent("a").path])
        #expect(first.status == 0, "stderr: \(first.err)")
        let line = try #require(first.err.split(separator: "\n").first { $0.hasPrefix("synthetic seed: ") }, "stderr: \(first.err)")
        let seed = String(line.dropFirst("synthetic seed: ".count))
        #expect(UInt64(seed) != nil)
        let a = try RenderedSubset.json(URL(fileURLWithPath: first.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(a["dataset"]?.string == "synthetic:etched:seed=\(seed):n=2")
        #expect(a["synthetic"]?["seed"]?.number.map { String(UInt64($0)) } == seed)

        let again = try Fixtures.run(Fixtures.scanbenchBinary, common + ["--seed", seed, "--out", out.appendingPathComponent("b").path])
        #expect(again.status == 0, "stderr: \(again.err)")
        let b = try RenderedSubset.json(URL(fileURLWithPath: again.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(RenderedSubset.withoutTiming(a) == RenderedSubset.withoutTiming(b))
    }

    @Test func misusedOptionsAreUsageErrors() throws {
        for (args, message) in [
            (["evaluate"], "give --dataset DIR, or --synthetic KIND"),
            (["evaluate", "--dataset", "/tmp", "--synthetic", "etched"], "not both"),
            (["evaluate", "--synthetic", "nope"], "unknown kind 'nope'"),
            (["evaluate", "--synthetic", "etched", "--seed", "x"], "--seed must be"),
            (["evaluate", "--dataset", "/tmp", "--count", "3"], "--count can only be used with --synthetic"),
            (["evaluate", "--synthetic", "etched", "--keep", "/tmp/k", "--shard", "1/2"], "without --shard"),
        ] {
            let r = try Fixtures.run(Fixtures.scanbenchBinary, args)
            #expect(r.status != 0)
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
    }
}
