import Evaluation
import Imaging
import PermitReading
import SerialReading

/// What one worker's reader is built from: the permit pipeline for `.permit`, the serial
/// pipeline over `catalog` otherwise. Each worker calls `make()` on its own thread, so the
/// reader's Tesseract engine is never shared.
public struct SampleReaderFactory: Sendable {
    /// The presets a serial reader uses.
    public var catalog: PresetCatalog
    /// Which reader, and for a serial one which preset.
    public var preset: PresetChoice
    /// Serial reads: candidates below this confidence are dropped.
    public var minConfidence: Double?
    /// Images with more pixels are refused.
    public var maxPixels: Int
    /// Permit reads: whether the apps' compression is applied first.
    public var clientCompression: Bool
    /// Record small pictures of what each answer was read from (`SampleOutcome.crops`).
    public var collectCrops = false

    /// A factory for `preset` over `catalog`.
    public init(catalog: PresetCatalog, preset: PresetChoice, minConfidence: Double?, maxPixels: Int = Image.defaultMaxPixels,
                clientCompression: Bool = false) {
        self.catalog = catalog
        self.preset = preset
        self.minConfidence = minConfidence
        self.maxPixels = maxPixels
        self.clientCompression = clientCompression
    }

    /// One worker's reader.
    public func make() throws -> any SampleReader {
        switch preset {
        case .permit:
            return try PermitSampleReader(clientCompression: clientCompression, maxPixels: maxPixels, collectCrops: collectCrops)
        case .auto, .named:
            return try SerialSampleReader(catalog: catalog, presetName: preset.name, minConfidence: minConfidence, maxPixels: maxPixels,
                                          collectCrops: collectCrops)
        }
    }

    /// A runner with `workers` threads, each building its reader with `build` (by default `make()`).
    public func runner(workers: Int,
                       build: @escaping @Sendable (SampleReaderFactory) throws -> any SampleReader = { try $0.make() }) -> EvaluationRunner {
        let factory = self
        return EvaluationRunner(workers: workers) { try build(factory) }
    }
}
