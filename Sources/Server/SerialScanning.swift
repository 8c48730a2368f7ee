import Dispatch
import Evaluation
import Foundation
import Imaging
import SerialReading
import Recognition

/// Reads serials from one uploaded image. Each worker thread owns one (it may hold a
/// non-thread-safe Tesseract engine) and uses it for one request at a time.
public protocol SerialScanning: AnyObject {
    /// Decodes `image` and reads it; never throws — failures are the outcome's error.
    func scan(_ image: Data, options: ScanOptions) -> SampleOutcome
}

/// The real scanner: its Tesseract engines, and a `SerialPipeline` per request built over them
/// from the catalog's preset with the request's knobs (building one is cheap; the engines are not).
public final class TesseractSerialScanner: SerialScanning {
    private let engines: SerialEngines
    private let catalog: PresetCatalog
    private let maxPixels: Int

    /// Creates the engines (~150 ms each); call it on the thread that will use them.
    public init(catalog: PresetCatalog, maxPixels: Int = Image.defaultMaxPixels) throws {
        self.engines = try SerialEngines()
        // Every serial model a preset names is loaded now: a missing model fails the start,
        // not a request.
        for (name, preset) in catalog.presets { _ = try engines.serialEngine(for: preset, named: name) }
        self.catalog = catalog
        self.maxPixels = maxPixels
    }

    public func scan(_ data: Data, options: ScanOptions) -> SampleOutcome {
        let names = options.presetNames(in: catalog)
        let label = names.count == 1 ? names[0] : "auto"
        let image: Image
        do { image = try Image(data: data, maxPixels: maxPixels) } catch {
            return .failure(SampleError(kind: error.kind.rawValue, message: error.message), preset: label)
        }
        // `auto`: each preset in turn, as the CLI's reader does when a label names no device.
        // (Building a pipeline is cheap; the engines were loaded at start.)
        var pipelines: [SerialPipeline] = []
        for name in names {
            guard let base = catalog.presets[name] else { continue }
            do { pipelines.append(try engines.pipeline(for: options.applied(to: base), named: name)) } catch {
                return .failure(SampleError(kind: error.kind.rawValue, message: error.message), preset: label)
            }
        }
        return SerialPipeline.readBest(image, with: pipelines)
            ?? .failure(SampleError(kind: "engine_error", message: "no preset ran"), preset: label)
    }
}
