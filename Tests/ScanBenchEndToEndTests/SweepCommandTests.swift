import Evaluation
import Foundation
import Testing
import TestSupport

/// Issue 7: a sweep of 12 combinations finishes and its tuned preset, fed back to `evaluate`,
/// reproduces the best row's accuracy.
@Suite("scanbench sweep", .serialized)
struct SweepCommandTests {
    @Test func twelveCombinationsAndTheBestPresetReproduces() throws {
        let ds = try LineSet.make(count: 8, name: "sweep-ds")
        let out = try Fixtures.tempDir("sweep-out")
        let bin = Fixtures.scanbenchBinary
        let r = try Fixtures.run(bin, ["sweep", "--dataset", ds.path, "--preset", "etched",
                                       "--param", "page.max_side=400,800,1600",
                                       "--param", "crop.variants=gray,sauvola,gray+sauvola,background_norm",
                                       "--workers", "2", "--out", out.path])
        #expect(r.status == 0, "\(r.err)")
        let csv = try String(contentsOf: out.appendingPathComponent("param_sweep_results.csv"), encoding: .utf8)
        let rows = CSV.parse(csv)
        #expect(rows.first == ["page.max_side", "crop.variants", "accuracy", "detected", "total", "avg_confidence",
                               "hits", "top1_hits", "errors", "latency_p50_ms", "fixed", "broken"])
        #expect(rows.count == 13, "12 combinations + header")
        #expect(rows.dropFirst().allSatisfy { $0[4] == "8" })
        #expect(Set(rows.dropFirst().map { $0[0] + "/" + $0[1] }).count == 12)

        let best = try RenderedSubset.json(out.appendingPathComponent("param_sweep_results_best.json"))
        #expect(best.keys.prefix(2) == ["params", "accuracy"])
        let bestAccuracy = try #require(best["accuracy"]?.number)
        #expect(rows.dropFirst().compactMap { Double($0[2]) }.max() == bestAccuracy)
        let presetFile = try #require(best["preset_file"]?.string)

        let e = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--preset-file", presetFile,
                                       "--workers", "2", "--out", out.appendingPathComponent("check").path, "--quiet"])
        #expect(e.status == 0, "\(e.err)")
        let summary = try RenderedSubset.json(URL(fileURLWithPath: e.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        let hits = try #require(summary["hits"]?.number)
        #expect(Metrics.round(hits / 8, 4) == bestAccuracy)
        #expect(summary["extract_params"]?["page.max_side"]?.string == best["params"]?["page.max_side"].map(SweepParameter.text))
    }

    @Test func unknownParameterPathIsAClearError() throws {
        let ds = try LineSet.make(count: 1, name: "sweep-bad")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["sweep", "--dataset", ds.path, "--preset", "etched",
                                                            "--param", "crop.no_such_field=1,2", "--out", ds.path])
        #expect(r.status != 0)
        #expect(r.err.contains("has no field 'crop.no_such_field'"), "\(r.err)")
    }
}
