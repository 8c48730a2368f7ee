import ArgumentParser
import Evaluation
import Foundation
import Imaging
import Pipelines
import Recognition
import Reporting

/// `scanbench evaluate`: the batch version of the backend's `/evaluate`.
struct Evaluate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run OCR on a labelled image folder and write the /evaluate JSON + per-image CSV.",
        discussion: """
        Walks DATASET recursively for .png/.jpg/.jpeg/.tif/.tiff/.bmp/.webp images (HEIC/HEIF are \
        reported as errors), reads labels.csv (filename,serial[,extra columns]) at its root, and \
        writes eval_<dataset>_<UTC yyyyMMdd_HHmmss>.json/.csv (and the per-image record \
        .records.jsonl) into --out.
        """)

    @Option(name: .long, help: "Labelled image folder (labels.csv at its root).")
    var dataset: String

    @Option(name: .long, help: "etched | screen | sticker | auto (by device type, else best of all).")
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

    @Flag(name: .long, help: "Print only the summary JSON path.")
    var quiet = false

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        if let m = minConfidence, !(0...1).contains(m) { throw ValidationError("--min-confidence must be within 0…1") }
    }

    func run() throws {
        Leptonica.silenceMessages()
        var catalog = try PresetCatalog.builtIn()
        if let presetFile { catalog = catalog.merging(try PresetCatalog.load(URL(fileURLWithPath: presetFile))) }
        guard preset == "auto" || catalog.presets[preset] != nil else {
            throw ValidationError("unknown preset '\(preset)'; choose one of: auto, \(catalog.presets.keys.sorted().joined(separator: ", "))")
        }
        let root = URL(fileURLWithPath: dataset)
        let listing = try DatasetWalker.walk(root)
        let labelsURL = root.appendingPathComponent("labels.csv")
        var labels = FileManager.default.fileExists(atPath: labelsURL.path) ? try Labels.load(labelsURL) : Labels.empty
        if !FileManager.default.fileExists(atPath: labelsURL.path) {
            labels.issues.append(LabelIssue(kind: .missingLabels, line: nil, message: "no labels.csv in \(dataset): every image is unlabelled"))
        }
        let found = Set(listing.items.map(\.relativePath))
        let foundNames = Set(listing.items.map { $0.url.lastPathComponent })
        for row in labels.rows where !found.contains(row.filename) && !foundNames.contains(row.filename) {
            labels.issues.append(LabelIssue(kind: .missingFile, line: row.line, message: "'\(row.filename)' is labelled but not found"))
        }

        let started = Date()
        let paths = ReportPaths(folder: URL(fileURLWithPath: out), dataset: dataset, date: started)
        let log = try RecordLog(url: paths.records)
        let presetName = preset, minConf = minConfidence, cap = maxPixels, presets = catalog
        let runner = EvaluationRunner(workers: workers) {
            try SerialSampleReader(catalog: presets, presetName: presetName, minConfidence: minConf, maxPixels: cap)
        }
        let progress = Progress(total: listing.items.count, quiet: quiet)
        let records = try runner.run(listing.items, labels: labels, onRecord: { record in
            try? log.append(record)
            progress.tick(record)
        })
        progress.finish()
        let params = preset == "auto" ? ["preset": "auto"] : (catalog.presets[preset]?.flatParameters ?? [:])
        let info = RunInfo(dataset: dataset, preset: preset, minConfidence: minConfidence ?? 0, useProgressive: true,
                           extractParams: params, workers: workers, startedAt: started, finishedAt: Date(),
                           versions: ["scanbench": ScanBenchVersion.string, "tesseract": OCREngine.version, "leptonica": Leptonica.version],
                           skippedHidden: listing.skippedHidden, skippedNonImages: listing.skippedNonImages,
                           unreadableFolders: listing.unreadableFolders, labelIssues: labels.issues)
        let summary = EvaluationSummary(info: info, records: records)
        let written = try ReportWriter.writeEvaluate(summary, paths: paths)
        if quiet {
            print(written.json.path)
        } else {
            print(SummaryTable.render(summary, written: written))
        }
    }
}
