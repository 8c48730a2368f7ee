import Evaluation
import Foundation
import Harness
import Imaging
import Reporting
import Testing
import TestSupport

/// A reader that answers each image's label without OCR, and tallies what it was asked.
final class LabelEcho: SampleReader {
    let tally: Tally
    init(_ tally: Tally) { self.tally = tally }
    func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        tally.record(item.relativePath)
        guard let truth = label?.truth else { return SampleOutcome(candidates: [], preset: "sticker") }
        return SampleOutcome(candidates: [Candidate(text: truth, confidence: 0.9, method: "echo", stage: "echo", strictValid: true)],
                             strategyUsed: "echo", preset: "sticker")
    }
    func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome { read(item, label: label) }
}

@Suite("EvaluateRun")
struct EvaluateRunTests {
    static func options(_ out: URL, fresh: Bool = false, shard: Shard = .all, minConfidence: Double? = nil) -> EvaluateRun.Options {
        var o = EvaluateRun.Options(out: out, workers: 1, maxPixels: 1 << 26, version: "test")
        o.fresh = fresh
        o.shard = shard
        o.minConfidence = minConfidence
        return o
    }

    @Test func readsTheRealPipelineAndRendersFromTheRecord() throws {
        let folder = try BundledSubset.make("sticker", count: 2)
        let out = try Fixtures.tempDir("scanbench-harness-out")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let run = try EvaluateRun(setup: setup, options: Self.options(out))
        #expect(run.partialURL.lastPathComponent == "eval_sticker_sticker.partial.jsonl")
        guard case .finished(let summary, let written) = try run.execute() else { Issue.record("stopped"); return }
        #expect(summary.total == 2 && summary.errors == 0)
        #expect(FileManager.default.fileExists(atPath: written.json.path))
        #expect(written.summary["preset"]?.string == "sticker")
        #expect(!FileManager.default.fileExists(atPath: run.partialURL.path), "the partial record became the run's record")
        let record = try RecordLog.load(out.appendingPathComponent(written.json.lastPathComponent.replacingOccurrences(of: ".json", with: ".records.jsonl")))
        #expect(record.records.count == 2)
        #expect(record.header?.settings["presets_digest"] != nil)
        // Each answer keeps small pictures of the reads it came from, for the HTML drill-down.
        for r in record.records {
            guard let top = r.top else { continue }
            let crops = r.outcome.crops ?? []
            #expect(!crops.isEmpty && crops.allSatisfy { $0.label.contains(top.text) }, "\(r.relativePath): \(crops.map(\.label))")
            #expect(crops.allSatisfy { (try? Image(data: $0.jpeg))?.height ?? 99 <= 64 }, "small grey JPEGs")
        }
    }

    @Test func noCropsWhenNotCollecting() throws {
        let folder = try BundledSubset.make("sticker", count: 1)
        var o = Self.options(try Fixtures.tempDir("scanbench-harness-out"))
        o.collectCrops = false
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        guard case .finished(let summary, _) = try EvaluateRun(setup: setup, options: o).execute() else { Issue.record("stopped"); return }
        #expect(summary.records.allSatisfy { $0.outcome.crops == nil })
    }

    @Test func resumesAfterAStoppedRunReadingOnlyWhatIsLeft() throws {
        let folder = try BundledSubset.make("sticker", count: 4)
        let out = try Fixtures.tempDir("scanbench-harness-out")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)

        let first = Tally(stopAfter: 1)
        let stopped = try EvaluateRun(setup: setup, options: Self.options(out))
            .execute(shouldStop: { first.shouldStop }, build: { _ in LabelEcho(first) })
        guard case .stopped(let recorded) = stopped else { Issue.record("expected a stop"); return }
        #expect(recorded == first.count && recorded >= 1 && recorded < 4)

        let second = Tally()
        let resumed = try EvaluateRun(setup: setup, options: Self.options(out))
        #expect(resumed.previous.count == recorded)
        #expect(resumed.remaining.count == 4 - recorded)
        guard case .finished(let summary, _) = try resumed.execute(build: { _ in LabelEcho(second) }) else { Issue.record("stopped"); return }
        #expect(second.count == 4 - recorded, "finished images are not read again")
        #expect(Set(first.paths).isDisjoint(with: second.paths))
        #expect(summary.total == 4 && summary.hits == 4)
    }

    @Test func aResumeWithOtherSettingsIsAConflict() throws {
        let folder = try BundledSubset.make("sticker", count: 2)
        let out = try Fixtures.tempDir("scanbench-harness-out")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let tally = Tally(stopAfter: 1)
        _ = try EvaluateRun(setup: setup, options: Self.options(out)).execute(shouldStop: { tally.shouldStop }, build: { _ in LabelEcho(tally) })

        let conflict = #expect(throws: EvaluateRun.ResumeConflict.self) {
            try EvaluateRun(setup: setup, options: Self.options(out, minConfidence: 0.5))
        }
        #expect(conflict?.description.contains("used different settings (min-confidence") == true, "\(conflict?.description ?? "")")
        #expect(conflict?.description.contains("pass --fresh") == true)
        // --fresh discards it.
        let fresh = try EvaluateRun(setup: setup, options: Self.options(out, fresh: true, minConfidence: 0.5))
        #expect(fresh.previous.isEmpty && fresh.remaining.count == 2)

        try "not a record\n".write(to: fresh.partialURL, atomically: true, encoding: .utf8)
        let garbage = #expect(throws: EvaluateRun.ResumeConflict.self) { try EvaluateRun(setup: setup, options: Self.options(out)) }
        #expect(garbage?.description.hasSuffix("is not a ScanBench record (no header); move it away or pass --fresh") == true)
    }

    @Test func shardsSplitTheImagesAndNameTheirRecords() throws {
        let folder = try BundledSubset.make("screen", count: 6)
        let out = try Fixtures.tempDir("scanbench-harness-out")
        let setup = try RunSetup(dataset: folder.path, presetName: "screen", presetFile: nil)
        var seen: [String] = []
        for k in 1...3 {
            let shard = try Shard(parsing: "\(k)/3")
            let run = try EvaluateRun(setup: setup, options: Self.options(out, shard: shard))
            #expect(run.reportName == "screen_shard\(k)of3")
            #expect(run.partialURL.lastPathComponent == "eval_screen_shard\(k)of3_screen.partial.jsonl")
            #expect(run.items.allSatisfy { shard.contains(relativePath: $0.relativePath) })
            let tally = Tally()
            guard case .finished(let summary, _) = try run.execute(build: { _ in LabelEcho(tally) }) else { Issue.record("stopped"); return }
            #expect(summary.total == run.items.count && tally.count == run.items.count)
            #expect(run.header.shardImages == run.items.count && run.header.datasetImages == 6)
            seen += run.items.map(\.relativePath)
        }
        #expect(seen.sorted() == setup.listing.items.map(\.relativePath).sorted(), "every image in exactly one shard")

        // The shards' records merge into the whole run.
        let records = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".records.jsonl") }.map { out.appendingPathComponent($0).path }
        #expect(records.count == 3)
        let merged = try RunMerge.merge(records: records, out: out.appendingPathComponent("merged"), allowPartial: false)
        #expect(merged.summary.total == 6 && merged.warnings.isEmpty)
        #expect(merged.written.json.lastPathComponent.hasPrefix("eval_screen_"))
    }
}
