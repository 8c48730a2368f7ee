import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging
import Reporting
import RunStore

/// `scanbench evaluate`: the batch version of the backend's `/evaluate`.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run OCR on a labelled image folder (or a synthetic set) and write the /evaluate JSON + per-image CSV.",
        discussion: """
        Walks DATASET recursively for .png/.jpg/.jpeg/.tif/.tiff/.bmp/.webp images (HEIC/HEIF are \
        reported as errors), reads labels.csv (filename,serial[,extra columns]) at its root, and \
        writes eval_<dataset>_<UTC yyyyMMdd_HHmmss>.json/.csv (and the per-image record \
        .records.jsonl) into --out. The run and every image are also recorded in the run \
        history, OUT/history.sqlite by default (--store PATH, --no-store; see `scanbench history`).

        While it runs, every finished image is appended to \
        OUT/eval_<dataset>_<preset>[_shardKofN].partial.jsonl. Ctrl-C (SIGINT) or SIGTERM stops \
        between images and keeps that record; previous reports are never touched. Running the \
        same command again resumes: finished images are skipped (--fresh starts over).

        --shard K/N reads only the images whose relative path hashes (FNV-1a) to shard K; \
        `scanbench merge` combines the shards' records into the reports of a whole run.

        --synthetic KIND (instead of --dataset) reads images 0..<--count of `scanbench generate \
        --kind KIND --seed S`, drawn in memory as the workers read them (nothing is written \
        unless --keep DIR, which writes the images and labels.csv exactly as generate does). \
        --seed random draws a seed and prints it (`synthetic seed: N` on stderr). The summary's \
        `dataset` is `synthetic:KIND:seed=S:n=N` and its `synthetic` object records the set; \
        shards, merge and resume work as for a folder.
        """)

    @OptionGroup var source: EvaluateSource
    @OptionGroup var options: ReadingOptions
    @OptionGroup var history: StoreOptions

    @Option(name: .long, help: "etched | screen | sticker | permit | auto (by device type, else best of all). Default: auto; with --synthetic, permit for permit kinds.")
    var preset: String?

    @Option(name: .long, help: "Read only shard K of N (e.g. 2/3), chosen by a stable hash of each image's relative path.")
    var shard: String?

    @Flag(name: .long, help: "Discard an unfinished record of this run in --out instead of resuming it.")
    var fresh = false

    @Flag(name: .long, help: "Print only the summary JSON path.")
    var quiet = false

    @Flag(name: .customLong("client-compression"), help: "permit preset: apply the apps' compression (longest side ≤ 1920 px, JPEG ≤ 800 KB) before reading.")
    var clientCompression = false

    @Flag(name: .long, help: "No pictures: the HTML report shows no thumbnails and the record keeps no crops of what each answer was read from.")
    var noImages = false

    func validate() throws {
        if let shard { _ = try Shard(parsing: shard) }
        if shard != nil && source.keep != nil {
            throw ValidationError("--keep writes the whole set and its labels.csv: run it without --shard (or use `scanbench generate`)")
        }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let setup: RunSetup
        if let set = try source.syntheticSet() {
            // Printed even with --quiet: a random seed is the only way to draw the set again.
            FileHandle.standardError.write(Data("synthetic seed: \(set.seed)\n".utf8))
            setup = try RunSetup.forCommand(synthetic: set, preset: preset, presetFile: source.presetFile, clientCompression: clientCompression)
        } else {
            setup = try RunSetup.forCommand(dataset: source.dataset ?? "", preset: preset ?? "auto", presetFile: source.presetFile,
                                            clientCompression: clientCompression)
        }
        var run = EvaluateRun.Options(out: URL(fileURLWithPath: options.out), workers: options.workers, maxPixels: options.maxPixels,
                                      version: ScanBenchVersion.string)
        run.shard = try shard.map { try Shard(parsing: $0) } ?? .all
        run.fresh = fresh
        run.minConfidence = options.minConfidence
        run.collectCrops = !noImages
        // A synthetic set drawn in memory has no files to make thumbnails from (unless kept).
        if !noImages && (setup.synthetic == nil || setup.synthetic?.keep != nil) { run.thumbnail = RunPictures.thumbnailer(datasetRoot: setup.root) }
        let evaluation: EvaluateRun
        do { evaluation = try EvaluateRun(setup: setup, options: run) } catch let e as EvaluateRun.ResumeConflict {
            throw ValidationError(e.description)
        }
        if !evaluation.previous.isEmpty && !quiet {
            FileHandle.standardError.write(Data("resuming: \(evaluation.previous.count) of \(evaluation.items.count) images already recorded in \(evaluation.partialURL.path)\n".utf8))
        }

        // The run history: never in the way of the run (a store that fails only warns).
        let recorder = history.recorder(out: options.out)
        recorder.begin(header: evaluation.header, kind: .evaluate)
        recorder.add(evaluation.previous)

        let stop = StopSignal.install()
        let progress = Progress(total: evaluation.items.count, already: evaluation.previous.count, quiet: quiet)
        let result = Result { try evaluation.execute(shouldStop: { stop.requested }, onRecord: { progress.tick($0); recorder.add($0) }) }
        progress.finish()
        switch result {
        case .success(.finished(let summary, let written)):
            recorder.finish(summary: written.summary, finishedAt: summary.info.finishedAt, recordPath: ReportPaths(sibling: written.json).records.path)
        default:
            recorder.flush()
        }
        let outcome: EvaluateRun.Outcome
        do { outcome = try result.get() } catch let e as EvaluateRun.AppendFailed {
            throw ValidationError(e.description)
        } catch let e as EvaluateRun.ReportWriteFailed {
            throw e.underlying
        }
        switch outcome {
        case .stopped(let recorded):
            FileHandle.standardError.write(Data("stopped: \(recorded) of \(evaluation.items.count) images are recorded in \(evaluation.partialURL.path); no report was written and earlier reports are untouched. Run the same command again to resume.\n".utf8))
            throw ExitCode(128 + (stop.caught ?? SIGINT))
        case .finished(let summary, let written):
            if quiet {
                print(written.json.path)
            } else {
                print(SummaryTable.render(summary, written: written))
            }
        }
    }
}

extension RunSetup {
    /// The set-up of a command, with a refused preset or unreadable labels as a usage error.
    static func forCommand(dataset: String, preset: String, presetFile: String?, clientCompression: Bool = false) throws -> RunSetup {
        do {
            return try RunSetup(dataset: dataset, presetName: preset, presetFile: presetFile, clientCompression: clientCompression)
        } catch let e as UnknownPreset {
            throw ValidationError(e.description)
        } catch let e as RunSetup.UnreadableLabels {
            throw ValidationError(e.description)
        }
    }

    /// The set-up of a synthetic run (`preset` `nil`: the set's default), a refused preset as a usage error.
    static func forCommand(synthetic set: SyntheticSet, preset: String?, presetFile: String?, clientCompression: Bool) throws -> RunSetup {
        do {
            return try RunSetup(synthetic: set, presetName: preset, presetFile: presetFile, clientCompression: clientCompression)
        } catch let e as UnknownPreset {
            throw ValidationError(e.description)
        }
    }
}
