import Evaluation
import Foundation
import Imaging
import PermitReading
import Recognition
import ReadingCore
import Reporting
import SerialReading

/// What every evaluation run prepares before it reads an image: the preset catalog, the walk,
/// the labels and their audit. `scanbench evaluate`, `sweep`, `bench memory` and the server's
/// `/evaluate` all start here, so they read a folder the same way. A synthetic set
/// (`init(synthetic:…)`) is listed without a walk and labels itself as it is drawn.
public struct RunSetup: Sendable {
    /// The folder as given (a synthetic set: its name, `synthetic:etched:seed=7:n=50`).
    public var dataset: String
    /// The folder as a URL (a synthetic set: its `keep` folder, else a URL naming no folder).
    public var root: URL
    /// The presets (built-in, a preset file on top).
    public var catalog: PresetCatalog
    /// The reader the run uses.
    public var preset: PresetChoice
    /// The images found and what the walk skipped.
    public var listing: DatasetListing
    /// `labels.csv`, with the audit's issues.
    public var labels: Labels
    /// Permit runs: whether the apps' compression is applied before reading.
    public var clientCompression = false
    /// The synthetic set read instead of a folder, or `nil`.
    public var synthetic: SyntheticSet?

    /// `labels.csv` exists but cannot be read.
    public struct UnreadableLabels: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The built-in presets, with `presetFile` (YAML) loaded on top when given.
    public static func catalog(presetFile: String?) throws -> PresetCatalog {
        var catalog = try PresetCatalog.builtIn()
        if let presetFile { catalog = catalog.merging(try PresetCatalog.load(URL(fileURLWithPath: presetFile))) }
        return catalog
    }

    /// Walks `dataset`, reads and audits `labels.csv`. A missing folder throws
    /// `DatasetWalker.WalkError`; an unreadable `labels.csv` throws `UnreadableLabels`.
    public init(dataset: String, preset: PresetChoice, catalog: PresetCatalog, clientCompression: Bool = false) throws {
        let root = URL(fileURLWithPath: dataset)
        let listing = try DatasetWalker.walk(root)
        let labelsURL = root.appendingPathComponent("labels.csv")
        var labels: Labels
        if FileManager.default.fileExists(atPath: labelsURL.path) {
            do { labels = try Labels.load(labelsURL) } catch {
                throw UnreadableLabels(description: "cannot read \(labelsURL.path): \(error.localizedDescription); fix its permissions or remove it to run unlabelled")
            }
            labels.issues.append(contentsOf: labels.audit(relativePaths: listing.items.map(\.relativePath)))
        } else {
            labels = .empty
            labels.issues.append(LabelIssue(kind: .missingLabels, line: nil, message: "no labels.csv in \(dataset): every image is unlabelled"))
        }
        self.dataset = dataset
        self.root = root
        self.catalog = catalog
        self.preset = preset
        self.listing = listing
        self.labels = labels
        self.clientCompression = clientCompression
    }

    /// Loads the catalog (`presetFile` on top of the built-in presets), checks `presetName`
    /// against it, then walks `dataset` as `init(dataset:preset:catalog:)` does.
    public init(dataset: String, presetName: String, presetFile: String?, clientCompression: Bool = false) throws {
        let catalog = try Self.catalog(presetFile: presetFile)
        try self.init(dataset: dataset, preset: PresetChoice(parsing: presetName, catalog: catalog), catalog: catalog,
                      clientCompression: clientCompression)
    }

    /// Lists the images of a synthetic set (nothing is drawn yet). Its labels come with each
    /// image as it is drawn, so there is no labels.csv to read or audit.
    public init(synthetic set: SyntheticSet, preset: PresetChoice, catalog: PresetCatalog, clientCompression: Bool = false) {
        let origin = set.origin
        dataset = origin.datasetName
        root = set.keep ?? URL(fileURLWithPath: origin.datasetName)
        self.catalog = catalog
        self.preset = preset
        listing = DatasetListing(root: root, items: set.items(root: root), skippedHidden: 0, skippedNonImages: 0, unreadableFolders: [])
        labels = .empty
        self.clientCompression = clientCompression
        synthetic = set
    }

    /// Loads the catalog, checks `presetName` (default: the set's, `permit` for document kinds,
    /// else `auto`) and lists the set as `init(synthetic:preset:catalog:)` does.
    public init(synthetic set: SyntheticSet, presetName: String?, presetFile: String?, clientCompression: Bool = false) throws {
        let catalog = try Self.catalog(presetFile: presetFile)
        self.init(synthetic: set, preset: try PresetChoice(parsing: presetName ?? set.defaultPreset, catalog: catalog), catalog: catalog,
                  clientCompression: clientCompression)
    }

    /// The dataset folder's base name (a synthetic set's file-safe name), as the report names use it.
    public var datasetBaseName: String {
        if let synthetic { return synthetic.origin.reportBaseName }
        let base = root.standardizedFileURL.lastPathComponent
        return base.isEmpty ? "dataset" : base
    }

    /// The base of the report names of a run with facts `info`: the same as `datasetBaseName`
    /// of the set-up that ran it, so a merge names its reports as the unsharded run does.
    public static func reportBaseName(of info: RunInfo) -> String {
        if let synthetic = info.synthetic { return synthetic.reportBaseName }
        let base = URL(fileURLWithPath: info.dataset).standardizedFileURL.lastPathComponent
        return base.isEmpty ? "dataset" : base
    }

    /// The backend's `extract_params` for the chosen preset.
    public var extractParams: [String: String] {
        switch preset {
        case .permit: ["preset": preset.name, "client_compression": String(clientCompression)]
        case .auto: ["preset": "auto"]
        case .named(let name): catalog.presets[name]?.flatParameters ?? [:]
        }
    }

    /// The trained models of `Models/` the run reads with, by name (`model.serial_best`), each
    /// with its file's digest (`ModelLocator.digest`): the chosen serial presets' `serial_model`
    /// (not Tesseract's own `eng`), or the permit pipeline's number reader.
    public var modelDigests: [String: String] {
        let names: [String] = switch preset {
        case .permit: [PermitPipeline.numberModelName]
        case .auto: catalog.presets.values.map(\.serialModel)
        case .named(let name): catalog.presets[name].map { [$0.serialModel] } ?? []
        }
        return Dictionary(Set(names).subtracting(["eng"]).map { ("model.\($0)", ModelLocator.digest(of: $0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The run's facts (times filled in by the caller); `version` is ScanBench's.
    public func info(minConfidence: Double?, workers: Int, startedAt: Date, version: String) -> RunInfo {
        RunInfo(dataset: dataset, preset: preset.name, minConfidence: minConfidence ?? 0, useProgressive: true,
                extractParams: extractParams, workers: workers, startedAt: startedAt, finishedAt: startedAt,
                versions: ["scanbench": version, "tesseract": OCREngine.version, "leptonica": Leptonica.version],
                skippedHidden: listing.skippedHidden, skippedNonImages: listing.skippedNonImages,
                unreadableFolders: listing.unreadableFolders, labelIssues: labels.issues, synthetic: synthetic?.origin)
    }

    /// The readers of this run: one per worker, over `catalog` (by default this run's).
    public func readers(minConfidence: Double?, maxPixels: Int, catalog: PresetCatalog? = nil) -> SampleReaderFactory {
        SampleReaderFactory(catalog: catalog ?? self.catalog, preset: preset, minConfidence: minConfidence, maxPixels: maxPixels,
                            clientCompression: clientCompression)
    }

    /// A digest of every preset the run can use, in full, so a resume notices an edited preset file.
    public func presetsDigest() throws -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        let names = preset == .auto ? catalog.presets.keys.sorted() : [preset.name]
        var text = ""
        for n in names { if let p = catalog.presets[n] { text += n + String(decoding: try enc.encode(p), as: UTF8.self) } }
        return String(Shard.fnv1a64(text), radix: 16)
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
