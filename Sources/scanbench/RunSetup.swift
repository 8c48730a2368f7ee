import ArgumentParser
import Evaluation
import Foundation
import Imaging
import Pipelines
import Recognition

/// What every command that reads a dataset prepares first: the preset catalog, the walk, the
/// labels and their audit. Shared by `evaluate`, `sweep` and `bench`.
struct RunSetup {
    var dataset: String
    var root: URL
    var catalog: PresetCatalog
    var presetName: String
    var listing: DatasetListing
    var labels: Labels

    /// Loads the presets (built-in, then `presetFile` on top), walks `dataset`, reads and
    /// audits `labels.csv`.
    init(dataset: String, presetName: String, presetFile: String?) throws {
        var catalog = try PresetCatalog.builtIn()
        if let presetFile { catalog = catalog.merging(try PresetCatalog.load(URL(fileURLWithPath: presetFile))) }
        guard presetName == "auto" || catalog.presets[presetName] != nil else {
            throw ValidationError("unknown preset '\(presetName)'; choose one of: auto, \(catalog.presets.keys.sorted().joined(separator: ", "))")
        }
        let root = URL(fileURLWithPath: dataset)
        let listing = try DatasetWalker.walk(root)
        let labelsURL = root.appendingPathComponent("labels.csv")
        var labels: Labels
        if FileManager.default.fileExists(atPath: labelsURL.path) {
            do { labels = try Labels.load(labelsURL) } catch {
                throw ValidationError("cannot read \(labelsURL.path): \(error.localizedDescription); fix its permissions or remove it to run unlabelled")
            }
            labels.issues.append(contentsOf: labels.audit(relativePaths: listing.items.map(\.relativePath)))
        } else {
            labels = .empty
            labels.issues.append(LabelIssue(kind: .missingLabels, line: nil, message: "no labels.csv in \(dataset): every image is unlabelled"))
        }
        self.dataset = dataset
        self.root = root
        self.catalog = catalog
        self.presetName = presetName
        self.listing = listing
        self.labels = labels
    }

    /// The dataset folder's base name, as the report names use it.
    var datasetBaseName: String {
        let base = root.standardizedFileURL.lastPathComponent
        return base.isEmpty ? "dataset" : base
    }

    /// The backend's `extract_params` for the chosen preset.
    var extractParams: [String: String] {
        presetName == "auto" ? ["preset": "auto"] : (catalog.presets[presetName]?.flatParameters ?? [:])
    }

    /// The run's facts (times filled in by the caller).
    func info(minConfidence: Double?, workers: Int, startedAt: Date) -> RunInfo {
        RunInfo(dataset: dataset, preset: presetName, minConfidence: minConfidence ?? 0, useProgressive: true,
                extractParams: extractParams, workers: workers, startedAt: startedAt, finishedAt: startedAt,
                versions: ["scanbench": ScanBenchVersion.string, "tesseract": OCREngine.version, "leptonica": Leptonica.version],
                skippedHidden: listing.skippedHidden, skippedNonImages: listing.skippedNonImages,
                unreadableFolders: listing.unreadableFolders, labelIssues: labels.issues)
    }

    /// A runner whose workers each build a serial reader over `catalog`.
    static func runner(catalog: PresetCatalog, presetName: String, minConfidence: Double?, maxPixels: Int, workers: Int) -> EvaluationRunner {
        EvaluationRunner(workers: workers) {
            try SerialSampleReader(catalog: catalog, presetName: presetName, minConfidence: minConfidence, maxPixels: maxPixels)
        }
    }
}
