import Evaluation
import Foundation
import Reporting

/// Made-up runs written into a store as an evaluate would (a run begun, its images committed in
/// batches, then finished): for the `history` benchmark (100 runs × 2,000 images) and for the
/// tests that write from several processes at once or kill a writer mid-run.
public struct SyntheticHistory: Sendable {
    /// Runs to write.
    public var runs: Int
    /// Images per run.
    public var images: Int
    /// The dataset's name (also its folder name).
    public var dataset: String
    /// Images per transaction (1: commit every image, as evaluate does).
    public var batch: Int
    /// The presets' digest changes every this many runs (0: never).
    public var presetChangeEvery: Int
    /// Share of images whose answer is drawn afresh each run (flaky), 0…1.
    public var flakyShare: Double
    /// Pause after each commit, in milliseconds (lets a test kill a writer mid-run).
    public var pauseMs: Int
    public var seed: UInt64

    /// A plan.
    public init(runs: Int, images: Int, dataset: String = "synthetic-history", batch: Int = 500, presetChangeEvery: Int = 25,
                flakyShare: Double = 0.01, pauseMs: Int = 0, seed: UInt64 = 1) {
        self.runs = runs; self.images = images; self.dataset = dataset; self.batch = max(1, batch)
        self.presetChangeEvery = presetChangeEvery; self.flakyShare = flakyShare; self.pauseMs = pauseMs; self.seed = seed
    }

    /// The relative path of image `i`.
    public static func path(_ i: Int) -> String { String(format: "img%05d.png", i) }

    /// The truth of image `i`: a serial-shaped string.
    static func truth(_ i: Int) -> String { String(format: "C02X%05dQ6L", i) }

    /// Writes the runs into `store`, one day apart from `start`; `committed` is called after
    /// every commit with the run's id and its images committed so far.
    public func write(into store: RunStore, start: Date = Date(timeIntervalSince1970: 1_760_000_000),
                      committed: (Int64, Int) -> Void = { _, _ in }) throws {
        var rng = SeededGenerator(seed: seed)
        // Which images are flaky, and which a preset reads right, are fixed per image.
        let flaky = (0..<images).map { _ in Double(rng.next() % 10_000) / 10_000 < flakyShare }
        let hard = (0..<images).map { _ in rng.next() % 10 }
        for r in 0..<runs {
            let generation = presetChangeEvery > 0 ? r / presetChangeEvery : 0
            let began = start.addingTimeInterval(Double(r) * 86_400)
            let info = RunInfo(dataset: "/data/\(dataset)", preset: "etched", minConfidence: 0, useProgressive: true,
                               extractParams: ["preset": "etched"], workers: 1, startedAt: began, finishedAt: began,
                               versions: ["scanbench": "synthetic"])
            let header = RecordHeader(info: info, shard: .all, settings: ["presets_digest": String(format: "%08x", 0xabc0 + generation)],
                                      datasetImages: images, shardImages: images)
            let id = try store.beginRun(header: header, kind: .evaluate)
            var records: [SampleRecord] = [], pending: [SampleRecord] = []
            for i in 0..<images {
                // Later preset generations read more of the hard images right.
                var right = hard[i] >= UInt64(3 - min(3, generation))
                if flaky[i] { right = rng.next() % 2 == 0 }
                let answer = right ? Self.truth(i) : String(format: "C02X%05dQ6I", i)
                let confidence = Double(50 + rng.next() % 50) / 100
                let outcome = SampleOutcome(candidates: [Candidate(text: answer, confidence: confidence, method: "line", stage: "line", strictValid: right)],
                                            strategyUsed: "line", preset: "etched")
                let record = SampleRecord(filename: Self.path(i), relativePath: Self.path(i), groundTruth: Self.truth(i), deviceType: "MacBook",
                                          outcome: outcome, latencyMs: Double(200 + rng.next() % 300),
                                          finishedAt: began.addingTimeInterval(Double(i) * 0.5))
                records.append(record)
                pending.append(record)
                if pending.count >= batch || i == images - 1 {
                    try store.recordImages(pending, run: id)
                    pending = []
                    committed(id, i + 1)
                    if pauseMs > 0 { usleep(useconds_t(pauseMs * 1000)) }
                }
            }
            var done = info
            done.finishedAt = began.addingTimeInterval(Double(images) * 0.5)
            let summary = ReportWriter.summaryJSON(EvaluationSummary(info: done, records: records),
                                                   paths: ReportPaths(folder: URL(fileURLWithPath: "/data"), dataset: dataset, date: began),
                                                   options: .init(formats: [.csv], datasetRoot: URL(fileURLWithPath: "/nonexistent")))
            try store.finishRun(id, summary: summary, finishedAt: done.finishedAt, recordPath: nil)
        }
    }
}
