import Evaluation
import Foundation
import Harness
import Reporting
import Synthesis
import Testing
import TestSupport

/// Issue 20: `evaluate --synthetic KIND --count N --seed S` through the Harness API. Needs
/// nothing outside the repository (the generator draws every image).
@Suite("Synthetic evaluation")
struct SyntheticRunTests {
    static func options(_ out: URL, workers: Int = 1, shard: Shard = .all) -> EvaluateRun.Options {
        var o = EvaluateRun.Options(out: out, workers: workers, maxPixels: 1 << 26, version: "test")
        o.shard = shard
        return o
    }

    static func setup(_ set: SyntheticSet, preset: String? = nil) throws -> RunSetup {
        try RunSetup(synthetic: set, presetName: preset, presetFile: nil)
    }

    /// Runs `setup` to the end, with `LabelEcho` readers unless `realReader`.
    static func finish(_ setup: RunSetup, _ options: EvaluateRun.Options, realReader: Bool = false) throws -> (EvaluationSummary, ReportWriter.Written) {
        let run = try EvaluateRun(setup: setup, options: options)
        let tally = Tally()
        let outcome = realReader ? try run.execute() : try run.execute(build: { _ in LabelEcho(tally) })
        guard case .finished(let summary, let written) = outcome else { throw Stopped() }
        return (summary, written)
    }

    struct Stopped: Error {}

    /// The summary without the fields that differ between two runs of the same set (timing, paths).
    static func figures(_ written: ReportWriter.Written) -> JSONValue { RenderedSubset.withoutTiming(written.summary) }

    @Test func twoRunsOfTheSameSeedGiveIdenticalFigures() throws {
        let set = SyntheticSet(kind: .etched, seed: 7, count: 6)
        let setup = try Self.setup(set)
        #expect(setup.dataset == "synthetic:etched:seed=7:n=6")
        #expect(setup.preset == .auto)
        let (a, wa) = try Self.finish(setup, Self.options(try Fixtures.tempDir("synthetic-a"), workers: 2), realReader: true)
        let (b, wb) = try Self.finish(setup, Self.options(try Fixtures.tempDir("synthetic-b"), workers: 2), realReader: true)
        #expect(a.total == 6 && a.errors == 0 && a.labelled == 6)
        #expect(Self.figures(wa) == Self.figures(wb), "\(Self.figures(wa).serialized())\nvs\n\(Self.figures(wb).serialized())")
        #expect(a.records.map(\.outcome.candidates) == b.records.map(\.outcome.candidates))
        #expect(wa.summary["dataset"]?.string == "synthetic:etched:seed=7:n=6")
        #expect(wa.summary["synthetic"] == .object([("kind", .string("etched")), ("seed", .int(7)), ("count", .int(6)),
                                                    ("capture", .string("mixed")), ("generator_version", .string(DatasetGenerator.version))]))
        #expect(wa.summary["legible"] != nil && wa.summary["illegible"] != nil)
        #expect(wa.json.lastPathComponent.hasPrefix("eval_synthetic_etched_seed7_n6_"))
        // Additive fields keep the contract's keys first and `permit`-less runs end with `synthetic`.
        #expect(wa.summary.keys.suffix(3) == ["legible", "illegible", "synthetic"])
        #expect(try JSONSchemaLibrary.validateEvaluate(wa.summary.serialized()).isEmpty)
    }

    @Test func shardsReadWhatTheyWouldReadInAGeneratedFolderAndMergeToTheWholeRun() throws {
        let set = SyntheticSet(kind: .sticker, seed: 3, count: 7)
        let setup = try Self.setup(set)
        let out = try Fixtures.tempDir("synthetic-shards")
        let (_, whole) = try Self.finish(setup, Self.options(out.appendingPathComponent("whole")))

        // The folder `generate` writes, walked and split as a folder run would.
        let folder = try Fixtures.tempDir("synthetic-generated")
        try DatasetGenerator(kind: .sticker, seed: 3).write(count: 7, to: folder)
        let walked = try DatasetWalker.walk(folder).items.map(\.relativePath)
        #expect(walked == setup.listing.items.map(\.relativePath))

        let shardsDir = out.appendingPathComponent("shards")
        var records: [String] = []
        for k in 1...2 {
            let shard = Shard(index: k, count: 2)
            let run = try EvaluateRun(setup: setup, options: Self.options(shardsDir, shard: shard))
            #expect(run.items.map(\.relativePath) == walked.filter { shard.contains(relativePath: $0) })
            #expect(run.partialURL.lastPathComponent == "eval_synthetic_sticker_seed3_n7_shard\(k)of2_auto.partial.jsonl")
            let tally = Tally()
            guard case .finished(_, let written) = try run.execute(build: { _ in LabelEcho(tally) }) else { Issue.record("stopped"); return }
            records.append(ReportPaths(sibling: written.json).records.path)
        }
        let merged = try RunMerge.merge(records: records, out: out.appendingPathComponent("merged"), allowPartial: false)
        #expect(merged.warnings.isEmpty)
        #expect(merged.written.json.lastPathComponent.hasPrefix("eval_synthetic_sticker_seed3_n7_"))
        #expect(Self.figures(merged.written) == Self.figures(whole), "\(Self.figures(merged.written).serialized())\nvs\n\(Self.figures(whole).serialized())")
    }

    @Test func keepWritesWhatGenerateWritesEvenAfterAResume() throws {
        let keep = try Fixtures.tempDir("synthetic-keep")
        let set = SyntheticSet(kind: .permit, seed: 11, count: 5, capture: .phone, keep: keep)
        let setup = try Self.setup(set)
        #expect(setup.preset == .permit, "permit kinds default to the permit preset")
        #expect(setup.dataset == "synthetic:permit:seed=11:n=5:capture=phone")
        let out = try Fixtures.tempDir("synthetic-keep-out")

        // A stopped run keeps the images it drew; the resumed run completes the folder.
        let first = Tally(stopAfter: 2)
        let stopped = try EvaluateRun(setup: setup, options: Self.options(out)).execute(shouldStop: { first.shouldStop }, build: { _ in LabelEcho(first) })
        guard case .stopped = stopped else { Issue.record("expected a stop"); return }
        #expect(!FileManager.default.fileExists(atPath: keep.appendingPathComponent("labels.csv").path))
        let second = Tally()
        guard case .finished(let summary, let written) = try EvaluateRun(setup: setup, options: Self.options(out)).execute(build: { _ in LabelEcho(second) })
        else { Issue.record("stopped"); return }
        #expect(first.count + second.count == 5)
        #expect(summary.total == 5)
        #expect(written.summary["synthetic"]?["capture"] == .string("phone"))

        let generated = try Fixtures.tempDir("synthetic-keep-generated")
        try DatasetGenerator(kind: .permit, seed: 11, capture: .phone).write(count: 5, to: generated)
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: keep.path).sorted() == names)
        for n in names {
            #expect(try Data(contentsOf: keep.appendingPathComponent(n)) == Data(contentsOf: generated.appendingPathComponent(n)), "\(n) differs")
        }

        // The labels the run used are the ones a folder run reads from that labels.csv.
        let folder = try Self.finish(try RunSetup(dataset: generated.path, presetName: "permit", presetFile: nil), Self.options(try Fixtures.tempDir("synthetic-folder-out")))
        func labels(_ s: EvaluationSummary) -> [String] { s.records.map { "\($0.relativePath)|\($0.groundTruth ?? "")|\($0.kind ?? "")|\($0.labelExtras.sorted { $0.key < $1.key })" } }
        #expect(labels(folder.0) == labels(summary))
    }

    @Test func anotherCaptureIsAnotherRun() throws {
        let out = try Fixtures.tempDir("synthetic-conflict")
        let setup = try Self.setup(SyntheticSet(kind: .permit, seed: 5, count: 3, capture: .flat))
        let tally = Tally(stopAfter: 1)
        _ = try EvaluateRun(setup: setup, options: Self.options(out)).execute(shouldStop: { tally.shouldStop }, build: { _ in LabelEcho(tally) })
        // The capture is in a document set's name, so its record is another file.
        let other = try Self.setup(SyntheticSet(kind: .permit, seed: 5, count: 3, capture: .phone))
        #expect(try EvaluateRun(setup: other, options: Self.options(out)).previous.isEmpty)
        let resumed = try EvaluateRun(setup: setup, options: Self.options(out))
        #expect(resumed.previous.count == tally.count)
        #expect(resumed.header.settings["generator_version"] == DatasetGenerator.version)
    }
}
