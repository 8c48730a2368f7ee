import Evaluation
import Foundation
import Harness
import Testing
import TestSupport

@Suite("ParameterSweep")
struct ParameterSweepTests {
    @Test func triesEachCombinationAndWritesTheTunedPreset() throws {
        let folder = try BundledSubset.make("sticker", count: 2)
        let out = try Fixtures.tempDir("scanbench-harness-sweep")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let sweep = try ParameterSweep(setup: setup, parameters: [try SweepParameter(parsing: "lines.target_height=32,40")])
        #expect(sweep.plan.combinations.count == 2)
        var seen: [Int] = []
        let outcome = try sweep.run(out: out, minConfidence: nil, workers: 1, maxPixels: 1 << 26, version: "test", onResult: { i, row in
            seen.append(i)
            #expect(row.total == 2)
        })
        #expect(seen == [0, 1])
        #expect(outcome.results.count == 2)
        #expect(outcome.tunedURL.lastPathComponent == "tuned_sticker.yaml")
        let yaml = try String(contentsOf: outcome.tunedURL, encoding: .utf8)
        #expect(yaml.hasPrefix("# Tuned by `scanbench sweep` on \(folder.path) (2 combinations): lines.target_height="))
        #expect(try String(contentsOf: outcome.resultsURL, encoding: .utf8).split(separator: "\n").count == 3)
        #expect(FileManager.default.fileExists(atPath: outcome.bestURL.path))
    }

    @Test func refusesAFieldThePresetHasNot() throws {
        let folder = try BundledSubset.make("sticker", count: 1)
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let error = #expect(throws: ParameterSweep.InvalidPlan.self) {
            try ParameterSweep(setup: setup, parameters: [try SweepParameter(parsing: "page.nonsense=1,2")])
        }
        #expect(error?.description.hasPrefix("preset sticker has no field 'page.nonsense'; fields: ") == true)
    }

    @Test func aStopBeforeTheFirstCombinationWritesNothing() throws {
        let folder = try BundledSubset.make("sticker", count: 1)
        let out = try Fixtures.tempDir("scanbench-harness-sweep")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let sweep = try ParameterSweep(setup: setup, parameters: [try SweepParameter(parsing: "lines.target_height=32,40")])
        #expect(throws: ParameterSweep.StoppedEarly.self) {
            try sweep.run(out: out, minConfidence: nil, workers: 1, maxPixels: 1 << 26, version: "test", shouldStop: { true })
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
