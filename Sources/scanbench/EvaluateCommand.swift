import ArgumentParser
import Evaluation
import Foundation
import Imaging
import SerialReading
import Recognition
import Reporting
import Server

/// `scanbench evaluate`: the batch version of the backend's `/evaluate`.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run OCR on a labelled image folder and write the /evaluate JSON + per-image CSV.",
        discussion: """
        Walks DATASET recursively for .png/.jpg/.jpeg/.tif/.tiff/.bmp/.webp images (HEIC/HEIF are \
        reported as errors), reads labels.csv (filename,serial[,extra columns]) at its root, and \
        writes eval_<dataset>_<UTC yyyyMMdd_HHmmss>.json/.csv (and the per-image record \
        .records.jsonl) into --out.

        While it runs, every finished image is appended to \
        OUT/eval_<dataset>_<preset>[_shardKofN].partial.jsonl. Ctrl-C (SIGINT) or SIGTERM stops \
        between images and keeps that record; previous reports are never touched. Running the \
        same command again resumes: finished images are skipped (--fresh starts over).

        --shard K/N reads only the images whose relative path hashes (FNV-1a) to shard K; \
        `scanbench merge` combines the shards' records into the reports of a whole run.
        """)

    @Option(name: .long, help: "Labelled image folder (labels.csv at its root).")
    var dataset: String

    @Option(name: .long, help: "etched | screen | sticker | permit | auto (by device type, else best of all).")
    var preset: String = "auto"

    @Option(name: .long, help: "YAML preset file loaded on top of the built-in presets.")
    var presetFile: String?

    @Option(name: .long, help: "Drop candidates below this confidence (0–1).")
    var minConfidence: Double?

    @Option(name: .long, help: "Worker threads, each with its own Tesseract engine (default: cores).")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Output folder for the reports.")
    var out: String = "Reports"

    @Option(name: .long, help: "Refuse images larger than this many pixels.")
    var maxPixels: Int = Image.defaultMaxPixels

    @Option(name: .long, help: "Read only shard K of N (e.g. 2/3), chosen by a stable hash of each image's relative path.")
    var shard: String?

    @Flag(name: .long, help: "Discard an unfinished record of this run in --out instead of resuming it.")
    var fresh = false

    @Flag(name: .long, help: "Print only the summary JSON path.")
    var quiet = false

    @Flag(name: .customLong("client-compression"), help: "permit preset: apply the apps' compression (longest side ≤ 1920 px, JPEG ≤ 800 KB) before reading.")
    var clientCompression = false

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        if let m = minConfidence, !(0...1).contains(m) { throw ValidationError("--min-confidence must be within 0…1") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be positive") }
        if let shard { _ = try Shard(parsing: shard) }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let setup = try RunSetup(dataset: dataset, presetName: preset, presetFile: presetFile, clientCompression: clientCompression)
        let shard = try shard.map { try Shard(parsing: $0) } ?? .all
        let items = setup.listing.items.filter { shard.contains(relativePath: $0.relativePath) }
        let itemPaths = Set(items.map(\.relativePath))
        let outURL = URL(fileURLWithPath: out)
        let reportName = setup.datasetBaseName + (shard.count > 1 ? "_shard\(shard.index)of\(shard.count)" : "")
        let partialURL = outURL.appendingPathComponent("eval_\(reportName)_\(preset).partial.jsonl")

        var header = RecordHeader(info: setup.info(minConfidence: minConfidence, workers: workers, startedAt: Date()), shard: shard,
                                  settings: ["max_pixels": String(maxPixels), "presets_digest": try presetsDigest(setup.catalog)],
                                  datasetImages: setup.listing.items.count, shardImages: items.count)
        var previous: [SampleRecord] = []
        if FileManager.default.fileExists(atPath: partialURL.path) {
            if fresh {
                try FileManager.default.removeItem(at: partialURL)
            } else {
                let existing = try RecordLog.load(partialURL)
                guard let old = existing.header else {
                    throw ValidationError("\(partialURL.path) is not a ScanBench record (no header); move it away or pass --fresh")
                }
                if let conflict = old.resumeConflict(with: header) {
                    throw ValidationError("an unfinished run in \(partialURL.path) used different settings (\(conflict)); pass --fresh to discard it, or use another --out")
                }
                header.info.startedAt = old.info.startedAt
                previous = existing.records.filter { itemPaths.contains($0.relativePath) }
            }
        }
        let done = Set(previous.map(\.relativePath))
        let todo = items.filter { !done.contains($0.relativePath) }
        if !previous.isEmpty && !quiet {
            FileHandle.standardError.write(Data("resuming: \(previous.count) of \(items.count) images already recorded in \(partialURL.path)\n".utf8))
        }

        let log = try RecordLog(url: partialURL, header: header)
        let stop = StopSignal.install()
        let failure = AppendFailure()
        let progress = Progress(total: items.count, already: previous.count, quiet: quiet)
        let runner = RunSetup.runner(catalog: setup.catalog, presetName: preset, minConfidence: minConfidence, maxPixels: maxPixels, workers: workers,
                                     clientCompression: clientCompression)
        _ = try runner.run(todo, labels: setup.labels, shouldStop: { stop.requested || failure.error != nil }, onRecord: { record in
            do { try log.append(record) } catch { failure.set(error) }
            progress.tick(record)
        })
        progress.finish()
        log.flush()
        if let error = failure.error {
            throw ValidationError("cannot append to \(partialURL.path): \(error.localizedDescription); free some space and rerun to resume")
        }
        if let sig = stop.caught {
            let n = (try? RecordLog.load(partialURL).records.count) ?? 0
            FileHandle.standardError.write(Data("stopped: \(n) of \(items.count) images are recorded in \(partialURL.path); no report was written and earlier reports are untouched. Run the same command again to resume.\n".utf8))
            throw ExitCode(128 + sig)
        }

        // Render from the record as read back, exactly as `merge` and a resumed run do.
        let finished = try RecordLog.load(partialURL)
        header.info.finishedAt = Date()
        let summary = EvaluationSummary(info: header.info, records: finished.records.filter { itemPaths.contains($0.relativePath) })
        let paths = Self.freshPaths(folder: outURL, name: reportName, date: header.info.startedAt)
        let written = try ReportWriter.writeEvaluate(summary, paths: paths)
        try? FileManager.default.removeItem(at: paths.records)
        try FileManager.default.moveItem(at: partialURL, to: paths.records)
        if quiet {
            print(written.json.path)
        } else {
            print(SummaryTable.render(summary, written: written))
        }
    }

    /// Report paths that do not overwrite an earlier report (same dataset started the same second).
    static func freshPaths(folder: URL, name: String, date: Date) -> ReportPaths {
        RunAssembly.freshPaths(folder: folder, name: name, date: date)
    }

    /// A digest of every preset's full definition, so a resume notices an edited preset file.
    func presetsDigest(_ catalog: PresetCatalog) throws -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        let names = preset == "auto" ? catalog.presets.keys.sorted() : [preset]
        var text = ""
        for n in names { if let p = catalog.presets[n] { text += n + String(decoding: try enc.encode(p), as: UTF8.self) } }
        return String(Shard.fnv1a64(text), radix: 16)
    }
}

/// The first error appending to the record; the run stops on it.
final class AppendFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any Error)?
    func set(_ e: any Error) { lock.lock(); if first == nil { first = e }; lock.unlock() }
    var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return first }
}
