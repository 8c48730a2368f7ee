import ReadingCore
import Recognition

/// One worker's Tesseract engines for reading serials: the layout engine (stock `eng` by
/// default) and one engine per serial model the presets name, each loaded once and shared by
/// every preset that names it. The CLI's reader and the server's scanner both build their
/// pipelines here, so a preset reads the same way wherever it runs.
public final class SerialEngines {
    public let layout: OCREngine
    private let languages: String
    private var models: [String: OCREngine] = [:]

    public init(languages: String = "eng", dataPath: String? = nil) throws(RecognitionError) {
        self.languages = languages
        layout = try OCREngine(languages: languages, dataPath: dataPath)
    }

    /// The engine that reads `preset`'s serial crops: its `serial_model` from `Models/`
    /// (see `ModelLocator`), or the layout engine when the preset names the layout language.
    public func serialEngine(for preset: Preset, named name: String) throws(RecognitionError) -> OCREngine {
        let model = preset.serialModel
        if model == languages { return layout }
        if let e = models[model] { return e }
        guard let folder = ModelLocator.folder(for: model) else {
            throw RecognitionError(.initFailed, "preset '\(name)' reads serials with '\(model).traineddata', which is not in $SCANBENCH_MODELS, ./Models or beside the binary")
        }
        let e = try OCREngine(languages: model, dataPath: folder)
        models[model] = e
        return e
    }

    /// A pipeline for `preset` over these engines.
    public func pipeline(for preset: Preset, named name: String) throws(RecognitionError) -> SerialPipeline {
        SerialPipeline(preset: preset, engine: layout, serialEngine: try serialEngine(for: preset, named: name))
    }
}
