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

    @Test func eachCombinationListsTheImagesItFixedAndBrokeAgainstTheStart() throws {
        let folder = try BundledSubset.make("sticker", count: 3)
        let out = try Fixtures.tempDir("scanbench-harness-sweep")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        // 36 is the preset's own value: nothing flips. Lines read at 2 px high and at most one
        // line per image cannot hold a serial: what the start read right breaks.
        let sweep = try ParameterSweep(setup: setup, parameters: [try SweepParameter(parsing: "lines.target_height=36,2"),
                                                                  try SweepParameter(parsing: "lines.max_lines=16,1")])
        var started: EvaluationSummary?
        let outcome = try sweep.run(out: out, minConfidence: nil, workers: 2, maxPixels: 1 << 26, version: "test", onStart: { started = $0 })
        let start = try #require(started)
        let same = try #require(outcome.results.first { ParameterSweep.describe($0.combination) == "lines.target_height=36 lines.max_lines=16" })
        #expect(same.fixed.isEmpty && same.broken.isEmpty && same.top1Hits == start.top1Hits)
        let worst = try #require(outcome.results.first { ParameterSweep.describe($0.combination) == "lines.target_height=2 lines.max_lines=1" })
        #expect(start.top1Hits - worst.top1Hits == worst.broken.count - worst.fixed.count)
        let flips = try String(contentsOf: outcome.flipsURL, encoding: .utf8)
        for path in worst.broken { #expect(flips.contains("lines.target_height=2 lines.max_lines=1,broken,\(path)")) }
        #expect(try String(contentsOf: outcome.resultsURL, encoding: .utf8).hasPrefix("lines.target_height,lines.max_lines,accuracy"))
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
