import Evaluation
import Foundation
import Imaging
import ReadingCore
import Recognition

/// The evaluation runner's reader for serial presets: decodes each image, picks the preset
/// (fixed, or `auto`: from the label's device type, else every preset, best answer kept) and
/// runs the serial pipeline. One per worker, with its own engine.
public final class SerialSampleReader: SampleReader {
    private let pipelines: [String: SerialPipeline]
    private let presetName: String
    private let maxPixels: Int

    /// Receives every crop any pipeline re-reads (for `scanbench read --debug`).
    public var debugSink: ((String, Image) -> Void)? {
        didSet { installSinks() }
    }
    /// Keeps what each answer was read from (`SampleOutcome.crops`), when collecting.
    private let crops: CropCollector?
    /// Receives the line stage's text lines (see `SerialPipeline.lineSink`).
    public var lineSink: ((String) -> Void)? {
        didSet { for p in pipelines.values { p.lineSink = lineSink } }
    }

    /// `presetName` is a preset in `catalog` or `auto`.
    /// `collectCrops`: record small pictures of what each top answer was read from.
    public init(catalog: PresetCatalog, presetName: String, minConfidence: Double?, maxPixels: Int = Image.defaultMaxPixels,
                languages: String = "eng", dataPath: String? = nil, collectCrops: Bool = false) throws {
        let engines = try SerialEngines(languages: languages, dataPath: dataPath)
        var pipelines: [String: SerialPipeline] = [:]
        let names = presetName == "auto" ? Array(catalog.presets.keys) : [presetName]
        for n in names {
            var p = try catalog.preset(n)
            if let minConfidence { p.minConfidence = minConfidence }
            pipelines[n] = try engines.pipeline(for: p, named: n)
        }
        self.pipelines = pipelines
        self.presetName = presetName
        self.maxPixels = maxPixels
        crops = collectCrops ? CropCollector() : nil
        installSinks()
    }

    /// Points every pipeline's sink at the debug sink and the crop collector.
    private func installSinks() {
        let sink = crops.map { $0.sink(also: debugSink) } ?? debugSink
        for p in pipelines.values { p.debugSink = sink }
    }

    public func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        let image: Image
        do { image = try Image(contentsOf: item.url, maxPixels: maxPixels) } catch {
            return .failure(SampleError(kind: error.kind.rawValue, message: error.message), preset: presetName)
        }
        return read(image, label: label)
    }

    public func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        let image: Image
        do { image = try Image(data: data, maxPixels: maxPixels) } catch {
            return .failure(SampleError(kind: error.kind.rawValue, message: error.message), preset: presetName)
        }
        return read(image, label: label)
    }

    /// Reads a decoded image (see `readUncollected`), with the crops of its answer when collecting.
    private func read(_ image: Image, label: LabelRow?) -> SampleOutcome {
        guard let crops else { return readUncollected(image, label: label) }
        crops.reset()
        defer { crops.reset() }
        var outcome = readUncollected(image, label: label)
        outcome.crops = crops.pictures(for: outcome.candidates.first?.text)
        return outcome
    }

    /// Reads a decoded image with the fixed preset, or for `auto` the one the label names.
    private func readUncollected(_ image: Image, label: LabelRow?) -> SampleOutcome {
        if presetName != "auto" {
            guard let p = pipelines[presetName] else { return .failure(SampleError(kind: "engine_error", message: "no preset \(presetName)"), preset: presetName) }
            return p.read(image)
        }
        // auto: a known device type decides; otherwise try each preset and keep the best.
        let explicit = label?.extra["preset"].flatMap { pipelines[$0] }
        if let p = explicit ?? label?.extra["device_type"].flatMap({ pipelines[PresetCatalog.presetName(forDevice: $0)] }) {
            return p.read(image)
        }
        // The built-in presets first, then a preset file's own, each once.
        let first = ["etched", "sticker", "screen"]
        let order = first + pipelines.keys.filter { !first.contains($0) }.sorted()
        return SerialPipeline.readBest(image, with: order.compactMap { pipelines[$0] })
            ?? .failure(SampleError(kind: "engine_error", message: "no preset ran"), preset: "auto")
    }
}
