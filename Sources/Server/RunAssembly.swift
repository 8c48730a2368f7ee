import Evaluation
import Foundation
import Imaging
import SerialReading
import PermitReading
import Recognition
import Reporting

/// What every evaluation run prepares before it reads an image: the preset catalog, the walk,
/// the labels and their audit. Shared by the CLI (`evaluate`, `sweep`, `bench` through its
/// `RunSetup`) and the server's `/evaluate`, so both read a folder the same way.
public struct RunAssembly {
    public var dataset: String
    public var root: URL
    public var catalog: PresetCatalog
    public var presetName: String
    public var listing: DatasetListing
    public var labels: Labels

    /// A setting was refused (unknown preset, unreadable labels); the message says what to do.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The built-in presets, with `presetFile` (YAML) loaded on top when given.
    public static func catalog(presetFile: String?) throws -> PresetCatalog {
        var catalog = try PresetCatalog.builtIn()
        if let presetFile { catalog = catalog.merging(try PresetCatalog.load(URL(fileURLWithPath: presetFile))) }
        return catalog
    }

    /// Checks `presetName` against `catalog`, walks `dataset`, reads and audits `labels.csv`.
    /// A missing folder throws `DatasetWalker.WalkError`; a bad setting throws `Invalid`.
    public init(dataset: String, presetName: String, catalog: PresetCatalog) throws {
        guard presetName == "auto" || presetName == PermitSampleReader.presetName || catalog.presets[presetName] != nil else {
            throw Invalid(description: "unknown preset '\(presetName)'; choose one of: auto, \(PermitSampleReader.presetName), \(catalog.presets.keys.sorted().joined(separator: ", "))")
        }
        let root = URL(fileURLWithPath: dataset)
        let listing = try DatasetWalker.walk(root)
        let labelsURL = root.appendingPathComponent("labels.csv")
        var labels: Labels
        if FileManager.default.fileExists(atPath: labelsURL.path) {
            do { labels = try Labels.load(labelsURL) } catch {
                throw Invalid(description: "cannot read \(labelsURL.path): \(error.localizedDescription); fix its permissions or remove it to run unlabelled")
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
    public var datasetBaseName: String {
        let base = root.standardizedFileURL.lastPathComponent
        return base.isEmpty ? "dataset" : base
    }

    /// The backend's `extract_params` for the chosen preset.
    public var extractParams: [String: String] {
        if presetName == PermitSampleReader.presetName { return ["preset": presetName, "client_compression": String(clientCompression)] }
        return presetName == "auto" ? ["preset": "auto"] : (catalog.presets[presetName]?.flatParameters ?? [:])
    }

    /// Permit runs: whether the apps' compression is applied before reading.
    public var clientCompression = false

    /// The run's facts (times filled in by the caller); `version` is ScanBench's.
    public func info(minConfidence: Double?, workers: Int, startedAt: Date, version: String) -> RunInfo {
        RunInfo(dataset: dataset, preset: presetName, minConfidence: minConfidence ?? 0, useProgressive: true,
                extractParams: extractParams, workers: workers, startedAt: startedAt, finishedAt: startedAt,
                versions: ["scanbench": version, "tesseract": OCREngine.version, "leptonica": Leptonica.version],
                skippedHidden: listing.skippedHidden, skippedNonImages: listing.skippedNonImages,
                unreadableFolders: listing.unreadableFolders, labelIssues: labels.issues)
    }

    /// A runner whose workers each build their own reader: the permit pipeline for the
    /// `permit` preset, the serial pipeline over `catalog` otherwise.
    public static func runner(catalog: PresetCatalog, presetName: String, minConfidence: Double?, maxPixels: Int, workers: Int,
                              clientCompression: Bool = false) -> EvaluationRunner {
        EvaluationRunner(workers: workers) { () throws -> any SampleReader in
            if presetName == PermitSampleReader.presetName {
                return try PermitSampleReader(clientCompression: clientCompression, maxPixels: maxPixels)
            }
            return try SerialSampleReader(catalog: catalog, presetName: presetName, minConfidence: minConfidence, maxPixels: maxPixels)
        }
    }

    /// Report paths that do not overwrite an earlier report (same dataset started the same second).
    public static func freshPaths(folder: URL, name: String, date: Date) -> ReportPaths {
        var d = date
        var paths = ReportPaths(folder: folder, dataset: name, date: d)
        while FileManager.default.fileExists(atPath: paths.json.path) || FileManager.default.fileExists(atPath: paths.csv.path) {
            d = d.addingTimeInterval(1)
            paths = ReportPaths(folder: folder, dataset: name, date: d)
        }
        return paths
    }
}
