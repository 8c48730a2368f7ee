import Evaluation
import Foundation
import Harness
import Reporting
import Testing
import TestSupport

/// `scanbench robustness`'s run on the repository's own sticker images, read by the real pipeline.
@Suite("RobustnessRun", .serialized)
struct RobustnessRunTests {
    static func options(_ out: URL, _ perturb: [String], seed: UInt64 = 3, shard: Shard = .all, fresh: Bool = false) throws -> RobustnessRun.Options {
        var o = RobustnessRun.Options(out: out, workers: 2, maxPixels: 1 << 26, version: "test")
        o.plan = try PerturbationPlan(parsing: perturb)
        o.seed = seed
        o.shard = shard
        o.fresh = fresh
        return o
    }

    /// Three sticker images and one file that is not an image.
    static func folder() throws -> URL {
        let folder = try BundledSubset.make("sticker", count: 3)
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        return folder
    }

    static func answers(_ summary: EvaluationSummary) -> [String: String] {
        Dictionary(uniqueKeysWithValues: summary.records.map { ($0.relativePath, $0.outcome.error?.kind ?? $0.top?.text ?? "-") })
    }

    static func finished(_ run: RobustnessRun, shouldStop: @escaping @Sendable () -> Bool = { false },
                         onRecord: @escaping @Sendable (SampleRecord) -> Void = { _ in }) throws -> (RobustnessSummary, RobustnessRun.Written)? {
        guard case .finished(let s, let w) = try run.execute(shouldStop: shouldStop, onRecord: onRecord) else { return nil }
        return (s, w)
    }

    @Test func eachLevelReadsEveryImageABrokenFileIsOneErrorRowAndAFinishedLevelIsNotReadAgain() throws {
        let folder = try Self.folder()
        let out = try Fixtures.tempDir("robustness-run")
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        // Stop after 5 images: inside the second level (the clean run has 4).
        let tally = Tally(stopAfter: 5)
        let first = try RobustnessRun(setup: setup, options: Self.options(out, ["blur=6", "jpeg=15"]))
        guard case .stopped(let level, _) = try first.execute(shouldStop: { tally.shouldStop }, onRecord: { tally.record($0.relativePath) }) else {
            Issue.record("expected a stop"); return
        }
        #expect(level?.id == "blur_6")

        let resumed = try RobustnessRun(setup: setup, options: Self.options(out, ["blur=6", "jpeg=15"]))
        #expect(resumed.levels.map { $0.finished != nil } == [true, false, false])
        let more = Tally()
        guard let (summary, written) = try Self.finished(resumed, onRecord: { more.record($0.relativePath) }) else { Issue.record("stopped"); return }
        #expect(more.count == 12 - tally.count, "the resumed run read only what was left")
        #expect(summary.ladders.map { $0.levels.map(\.images) } == [[4], [4]])
        #expect(([summary.clean] + summary.ladders.flatMap(\.levels)).allSatisfy { $0.errors == 1 }, "the broken file is one error row per level")
        // The broken file has no serial and no confident answer: right, by the rule for negatives.
        #expect(summary.clean.exact == 3 && summary.clean.right == 4)
        // σ 6 px is far past what a 3-image sticker read survives; the curve shows it.
        #expect(summary.ladders[0].levels[0].right < summary.clean.right)
        #expect(written.summary["total"] == .int(4), "the clean run's /evaluate summary")
        #expect(written.summary["robustness"]?["score_pct"]?.number != nil)
        for url in [written.csv, written.markdown, written.html] { #expect(FileManager.default.fileExists(atPath: url.path)) }
        #expect(try String(contentsOf: written.html, encoding: .utf8).contains("data:image/jpeg;base64,"), "broken images have thumbnails")

        let again = try RobustnessRun(setup: setup, options: Self.options(out, ["blur=6", "jpeg=15"]))
        #expect(again.levels.allSatisfy { $0.finished != nil })
        let otherSeed = try RobustnessRun(setup: setup, options: Self.options(out, ["blur=6", "jpeg=15"], seed: 4))
        #expect(otherSeed.levels.map { $0.finished != nil } == [true, false, false], "only the clean run does not depend on the seed")
    }

    @Test func theSameSeedGivesTheSameAnswersAndFilesReadTheSameAsMemory() throws {
        let folder = try Self.folder()
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let perturb = ["noise=12", "perspective=0.3"]
        let a = try Self.finished(RobustnessRun(setup: setup, options: Self.options(try Fixtures.tempDir("robustness-a"), perturb)))
        let run = try RobustnessRun(setup: setup, options: Self.options(try Fixtures.tempDir("robustness-b"), perturb))
        let b = try Self.finished(run)
        guard let a, let b else { Issue.record("stopped"); return }
        #expect(a.1.csv != b.1.csv)
        let figures = { (s: RobustnessSummary) in s.ladders.flatMap(\.levels).map { [$0.right, $0.detected, $0.confidentWrong] } }
        #expect(figures(a.0) == figures(b.0))
        #expect(try RobustnessReport.csv(a.0).split(separator: "\n").map { $0.split(separator: ",").prefix(11) }
                == RobustnessReport.csv(b.0).split(separator: "\n").map { $0.split(separator: ",").prefix(11) })

        // The same levels written as files and evaluated from disk give the same answers.
        let files = try Fixtures.tempDir("robustness-files")
        let folders = try run.writeImages(to: files)
        #expect(folders.map(\.lastPathComponent) == ["noise_12", "perspective_0.3"])
        for (levelFolder, level) in zip(folders, run.levels.dropFirst()) {
            let fromFiles = try RunSetup(dataset: levelFolder.path, presetName: "sticker", presetFile: nil)
            #expect(fromFiles.labels.issues.count == setup.labels.issues.count, "labels.csv names the written files: \(fromFiles.labels.issues)")
            var o = EvaluateRun.Options(out: try Fixtures.tempDir("robustness-files-out"), workers: 1, maxPixels: 1 << 26, version: "test")
            o.reportFormats = [.csv]
            guard case .finished(let disk, _) = try EvaluateRun(setup: fromFiles, options: o).execute() else { Issue.record("stopped"); return }
            let memory = try #require(b.0.ladders.flatMap(\.levels).first { $0.level == level.level })
            #expect(disk.records.filter(\.top1Hit).count == memory.exact)
            let diskAnswers = Self.answers(disk).mapKeys { ($0 as NSString).deletingPathExtension }
            let levelRecords = try RecordLog.load(try #require(RobustnessRun.finishedRecord(in: run.folder.appendingPathComponent(level.level!.id),
                                                                                                matching: level.evaluation)))
            let memoryAnswers = Self.answers(EvaluationSummary(info: disk.info, records: levelRecords.records))
                .mapKeys { ($0 as NSString).deletingPathExtension }
            #expect(diskAnswers == memoryAnswers)
        }
    }

    @Test func shardsMergeIntoTheUnshardedFigures() throws {
        let folder = try Self.folder()
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        let perturb = ["dark=3"]
        guard let whole = try Self.finished(RobustnessRun(setup: setup, options: Self.options(try Fixtures.tempDir("robustness-whole"), perturb))) else {
            Issue.record("stopped"); return
        }
        var shardFolders: [URL] = []
        for k in 1...2 {
            let run = try RobustnessRun(setup: setup, options: Self.options(try Fixtures.tempDir("robustness-shard"), perturb, shard: try Shard(parsing: "\(k)/2")))
            _ = try Self.finished(run)
            shardFolders.append(run.folder)
        }
        let merged = try RobustnessRun.merge(folders: shardFolders, out: try Fixtures.tempDir("robustness-merged"), allowPartial: false)
        #expect(merged.0.clean.images == 4)
        #expect(try RobustnessReport.csv(merged.0).split(separator: "\n").map { $0.split(separator: ",").prefix(11) }
                == RobustnessReport.csv(whole.0).split(separator: "\n").map { $0.split(separator: ",").prefix(11) })
        #expect(throws: RobustnessRun.Refused.self) { try RobustnessRun.merge(folders: [folder], out: try Fixtures.tempDir("x"), allowPartial: false) }
        #expect(throws: RobustnessRun.Refused.self) { try RobustnessRun.merge(folders: [shardFolders[0]], out: try Fixtures.tempDir("x"), allowPartial: false) }
    }
}

extension Dictionary {
    func mapKeys<K: Hashable>(_ f: (Key) -> K) -> [K: Value] { Dictionary<K, Value>(uniqueKeysWithValues: map { (f($0.key), $0.value) }) }
}
