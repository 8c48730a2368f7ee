import Evaluation
import Foundation
import Reporting

/// One resumable, optionally sharded evaluation: every finished image is appended to
/// `OUT/eval_<dataset>_<preset>[_shardKofN].partial.jsonl`; a stopped run keeps that record and
/// the next run with the same settings skips what it holds; a finished run renders its reports
/// from the record as read back (exactly as `merge` does) and keeps it as `.records.jsonl`.
///
/// `init` prepares (reads an unfinished record, checks its settings); `execute` reads the
/// remaining images. `scanbench evaluate` and the server's `/evaluate` both run through it.
public struct EvaluateRun: Sendable {
    /// How the run reads and where it writes.
    public struct Options: Sendable {
        /// The images to read: one shard of the dataset, or all of it.
        public var shard: Shard = .all
        /// Where the record and the reports go.
        public var out: URL
        /// Discard an unfinished record instead of resuming it.
        public var fresh = false
        /// Serial reads: candidates below this confidence are dropped.
        public var minConfidence: Double?
        /// Worker threads, each with its own reader.
        public var workers: Int
        /// Images with more pixels are refused.
        public var maxPixels: Int
        /// ScanBench's version, as the reports state it.
        public var version: String
        /// Settings recorded in the header besides `max_pixels`, `presets_digest` and the models' digests.
        public var extraSettings: [String: String] = [:]
        /// Where the images come from when not from their files (a robustness level perturbs
        /// them in memory); `nil`: the files, or a synthetic set's drawing.
        public var makeSource: EvaluationRunner.SourceFactory?
        /// The renderings written besides the JSON summary (all by default).
        public var reportFormats = Set(ReportWriter.Format.allCases)
        /// Record small pictures of what each answer was read from, for the HTML report.
        public var collectCrops = true
        /// The HTML report's pictures: each image's thumbnail (from `thumbnail`) and its crops.
        public var thumbnail: HTMLReport.Thumbnailer?

        /// Options writing into `out`.
        public init(out: URL, workers: Int, maxPixels: Int, version: String) {
            self.out = out
            self.workers = workers
            self.maxPixels = maxPixels
            self.version = version
        }
    }

    /// An unfinished record in the way: not a record, or written under other settings.
    public struct ResumeConflict: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The record could not be appended to; the run stopped.
    public struct AppendFailed: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The reports could not be written.
    public struct ReportWriteFailed: Error, CustomStringConvertible, Sendable {
        /// What the writer threw.
        public var underlying: any Error
        public var description: String { "\(underlying)" }
    }

    /// How `execute` ended.
    public enum Outcome: Sendable {
        /// Every image read; the reports are written.
        case finished(EvaluationSummary, ReportWriter.Written)
        /// Stopped between images; `recorded` images are in the partial record, no report was written.
        case stopped(recorded: Int)
    }

    public let setup: RunSetup
    public let options: Options
    /// The unfinished record this run appends to.
    public let partialURL: URL
    /// The base of the report names (the dataset's base name, plus the shard).
    public let reportName: String
    /// The images of this run (its shard).
    public let items: [DatasetItem]
    /// Images an earlier, stopped run already recorded.
    public let previous: [SampleRecord]
    /// The record's header.
    public let header: RecordHeader

    /// Prepares the run: filters the shard, and (unless `options.fresh`) reads an unfinished
    /// record of the same run to resume it. Throws `ResumeConflict` when that record is not one
    /// or used other settings.
    public init(setup: RunSetup, options: Options, startedAt: Date = Date()) throws {
        let shard = options.shard
        self.setup = setup
        self.options = options
        items = setup.listing.items.filter { shard.contains(relativePath: $0.relativePath) }
        reportName = setup.datasetBaseName + (shard.count > 1 ? "_shard\(shard.index)of\(shard.count)" : "")
        partialURL = options.out.appendingPathComponent("eval_\(reportName)_\(setup.preset.name).partial.jsonl")
        var settings = ["max_pixels": String(options.maxPixels), "presets_digest": try setup.presetsDigest()]
        settings.merge(setup.modelDigests) { _, model in model }
        settings.merge(setup.synthetic?.settings ?? [:]) { _, synthetic in synthetic }
        settings.merge(options.extraSettings) { _, extra in extra }
        let header = RecordHeader(info: setup.info(minConfidence: options.minConfidence, workers: options.workers, startedAt: startedAt,
                                                   version: options.version),
                                  shard: shard, settings: settings, datasetImages: setup.listing.items.count, shardImages: items.count)
        (self.header, previous) = try Self.resume(partialURL, as: header, items: items, fresh: options.fresh)
    }

    /// The header to write and the records already made: those of an unfinished record at
    /// `url` written under the same settings (its start time kept), none when `fresh` (which
    /// deletes it) or when there is no such record.
    static func resume(_ url: URL, as header: RecordHeader, items: [DatasetItem], fresh: Bool) throws -> (RecordHeader, [SampleRecord]) {
        guard FileManager.default.fileExists(atPath: url.path) else { return (header, []) }
        if fresh {
            try FileManager.default.removeItem(at: url)
            return (header, [])
        }
        let existing = try RecordLog.load(url)
        guard let old = existing.header else {
            throw ResumeConflict(description: "\(url.path) is not a ScanBench record (no header); move it away or pass --fresh")
        }
        if let conflict = old.resumeConflict(with: header) {
            throw ResumeConflict(description: "an unfinished run in \(url.path) used different settings (\(conflict)); pass --fresh to discard it, or use another --out")
        }
        var resumed = header
        resumed.info.startedAt = old.info.startedAt
        let itemPaths = Set(items.map(\.relativePath))
        return (resumed, existing.records.filter { itemPaths.contains($0.relativePath) })
    }

    /// The images still to read.
    public var remaining: [DatasetItem] {
        let done = Set(previous.map(\.relativePath))
        return items.filter { !done.contains($0.relativePath) }
    }

    /// Reads the remaining images with readers from `build` (by default the setup's own),
    /// appending each record as it finishes and calling `onRecord` (serialised, from worker
    /// threads). `shouldStop` is polled between images. A reader that cannot start, or a
    /// synthetic image that cannot be drawn, throws `EvaluationRunner.SetupError`; a failed
    /// append throws `AppendFailed`. A synthetic set is drawn by the workers as they read it;
    /// with `keep`, its folder is completed (labels.csv last) before the reports are written.
    public func execute(shouldStop: @escaping @Sendable () -> Bool = { false },
                        onRecord: @escaping @Sendable (SampleRecord) -> Void = { _ in },
                        build: @escaping @Sendable (SampleReaderFactory) throws -> any SampleReader = { try $0.make() }) throws -> Outcome {
        let log = try RecordLog(url: partialURL, header: header)
        let failure = FirstError()
        var readers = setup.readers(minConfidence: options.minConfidence, maxPixels: options.maxPixels)
        readers.collectCrops = options.collectCrops
        var runner = readers.runner(workers: options.workers, build: build)
        let keeper = try setup.synthetic.flatMap { set in try set.keep.map { try SyntheticKeeper(set: set, folder: $0) } }
        runner.makeSource = options.makeSource ?? setup.synthetic?.sourceFactory(keeper: keeper)
        _ = try runner.run(remaining, labels: setup.labels, shouldStop: { shouldStop() || failure.error != nil }, onRecord: { record in
            do { try log.append(record) } catch { failure.set(error) }
            onRecord(record)
        })
        log.flush()
        if let error = failure.error {
            throw AppendFailed(description: "cannot append to \(partialURL.path): \(error.localizedDescription); free some space and rerun to resume")
        }
        if shouldStop() {
            return .stopped(recorded: (try? RecordLog.load(partialURL).records.count) ?? 0)
        }
        try keeper?.finish()

        // Render from the record as read back, exactly as `merge` and a resumed run do.
        let itemPaths = Set(items.map(\.relativePath))
        let finished = try RecordLog.load(partialURL)
        var info = header.info
        info.finishedAt = Date()
        let summary = EvaluationSummary(info: info, records: finished.records.filter { itemPaths.contains($0.relativePath) })
        let paths = RunSetup.freshPaths(folder: options.out, name: reportName, date: info.startedAt)
        let written: ReportWriter.Written
        do { written = try ReportWriter.write(summary, paths: paths, options: .init(formats: options.reportFormats, thumbnail: options.thumbnail)) } catch {
            throw ReportWriteFailed(underlying: error)
        }
        try? FileManager.default.removeItem(at: paths.records)
        try FileManager.default.moveItem(at: partialURL, to: paths.records)
        return .finished(summary, written)
    }
}

/// The first error reported, from any thread (the others are dropped).
public final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any Error)?
    /// An empty holder.
    public init() {}
    /// Keeps `e` unless an error is already held.
    public func set(_ e: any Error) { lock.lock(); if first == nil { first = e }; lock.unlock() }
    /// The first error set, if any.
    public var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return first }
}
