import ArgumentParser
import Evaluation
import Foundation
import SerialReading
import Server

/// What every command that reads a dataset prepares first: the preset catalog, the walk, the
/// labels and their audit. Shared by `evaluate`, `sweep` and `bench`; the work is
/// `Server.RunAssembly`'s, which `scanbench serve`'s `/evaluate` uses too.
struct RunSetup {
    private var assembly: RunAssembly

    var dataset: String { assembly.dataset }
    var root: URL { assembly.root }
    var catalog: PresetCatalog { assembly.catalog }
    var presetName: String { assembly.presetName }
    var listing: DatasetListing { assembly.listing }
    var labels: Labels { assembly.labels }

    /// Loads the presets (built-in, then `presetFile` on top), walks `dataset`, reads and
    /// audits `labels.csv`.
    init(dataset: String, presetName: String, presetFile: String?, clientCompression: Bool = false) throws {
        let catalog = try RunAssembly.catalog(presetFile: presetFile)
        do { assembly = try RunAssembly(dataset: dataset, presetName: presetName, catalog: catalog) } catch let e as RunAssembly.Invalid {
            throw ValidationError(e.description)
        }
        assembly.clientCompression = clientCompression
    }

    /// The dataset folder's base name, as the report names use it.
    var datasetBaseName: String { assembly.datasetBaseName }

    /// The backend's `extract_params` for the chosen preset.
    var extractParams: [String: String] { assembly.extractParams }

    /// The run's facts (times filled in by the caller).
    func info(minConfidence: Double?, workers: Int, startedAt: Date) -> RunInfo {
        assembly.info(minConfidence: minConfidence, workers: workers, startedAt: startedAt, version: ScanBenchVersion.string)
    }

    /// A runner whose workers each build a serial reader over `catalog`.
    static func runner(catalog: PresetCatalog, presetName: String, minConfidence: Double?, maxPixels: Int, workers: Int,
                       clientCompression: Bool = false) -> EvaluationRunner {
        RunAssembly.runner(catalog: catalog, presetName: presetName, minConfidence: minConfidence, maxPixels: maxPixels, workers: workers,
                           clientCompression: clientCompression)
    }
}
