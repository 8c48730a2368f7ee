import Evaluation
import Foundation
import Testing
import TestSupport

/// Issue 7: `compare` exits 2 naming the metric for a degraded preset, 0 for an unchanged
/// rerun despite latency noise, 5 for a missing baseline, 1 for an error.
@Suite("scanbench compare", .serialized)
struct CompareCommandTests {
    let thresholds = Fixtures.repoRoot.appendingPathComponent("Reports/baselines/thresholds.yaml").path

    @Test func degradedPresetRegressesAndRerunDoesNot() throws {
        let ds = try LineSet.make(count: 12, name: "compare-ds")
        let out = try Fixtures.tempDir("compare-out")
        let bin = Fixtures.scanbenchBinary
        func evaluate(_ extra: [String], _ sub: String) throws -> String {
            let r = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2",
                                           "--out", out.appendingPathComponent(sub).path, "--quiet"] + extra)
            #expect(r.status == 0, "\(r.err)")
            return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let base = try evaluate([], "base")
        let rerun = try evaluate([], "rerun")

        // Save it as a named baseline and compare the rerun by name.
        let store = out.appendingPathComponent("baselines")
        let save = try Fixtures.run(bin, ["baseline", "save", "nightly", "--from", base, "--baselines-dir", store.path])
        #expect(save.status == 0, "\(save.err)")
        let same = try Fixtures.run(bin, ["compare", "--baseline", "nightly", "--baselines-dir", store.path, "--current", rerun,
                                          "--thresholds", thresholds, "--json-out", out.appendingPathComponent("same.json").path])
        #expect(same.status == 0, "unchanged rerun: \(same.out)\n\(same.err)")
        #expect(same.out.contains("| metric |"))
        let sameJSON = try RenderedSubset.json(out.appendingPathComponent("same.json"))
        #expect(sameJSON["verdict"]?.string == "unchanged")

        // A preset degraded on purpose: crops may only read A–C and answers need confidence 0.999.
        let tuned = out.appendingPathComponent("degraded")
        let sweep = try Fixtures.run(bin, ["sweep", "--dataset", ds.path, "--preset", "etched", "--param", "crop.whitelist=ABC",
                                           "--param", "min_confidence=0.999", "--workers", "2", "--out", tuned.path, "--quiet"])
        #expect(sweep.status == 0, "\(sweep.err)")
        let degraded = try evaluate(["--preset-file", sweep.out.trimmingCharacters(in: .whitespacesAndNewlines)], "degraded")
        let worse = try Fixtures.run(bin, ["compare", "--baseline", base, "--current", degraded, "--thresholds", thresholds,
                                           "--json-out", out.appendingPathComponent("worse.json").path])
        #expect(worse.status == 2, "degraded: \(worse.out)\n\(worse.err)")
        #expect(worse.out.contains("regression in accuracy_pct_overall"), "\(worse.out)")
        let worseJSON = try RenderedSubset.json(out.appendingPathComponent("worse.json"))
        #expect(worseJSON["regressions"]?.serialized().contains("accuracy_pct_overall") == true)

        // The other way round accuracy improves, but calibration worsens (a run that answers
        // nothing has an ECE of 0): with ECE's threshold relaxed it is an improvement only.
        let relaxed = out.appendingPathComponent("relaxed.yaml")
        try "metrics:\n  ece: { absolute: 1.0 }\n".write(to: relaxed, atomically: true, encoding: .utf8)
        let better = try Fixtures.run(bin, ["compare", "--baseline", degraded, "--current", base, "--thresholds", relaxed.path,
                                            "--json-out", out.appendingPathComponent("better.json").path])
        #expect(better.status == 4, "\(better.out)\n\(better.err)")
    }

    @Test func missingBaselineIsFiveAndBadInputIsOne() throws {
        let out = try Fixtures.tempDir("compare-missing")
        let current = out.appendingPathComponent("current.json")
        try #"{"total": 1, "hits": 1}"#.write(to: current, atomically: true, encoding: .utf8)
        let missing = try Fixtures.run(Fixtures.scanbenchBinary, ["compare", "--baseline", "no-such-baseline", "--baselines-dir", out.path,
                                                                  "--current", current.path, "--out", out.path])
        #expect(missing.status == 5)
        #expect(missing.err.contains("scanbench baseline save no-such-baseline"))
        let bad = out.appendingPathComponent("bad.json")
        try "not json".write(to: bad, atomically: true, encoding: .utf8)
        let error = try Fixtures.run(Fixtures.scanbenchBinary, ["compare", "--baseline", current.path, "--current", bad.path, "--out", out.path])
        #expect(error.status == 1)
        #expect(error.err.contains("not valid JSON"))
    }
}
