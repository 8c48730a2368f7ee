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

    /// What an upload decodes to: an image to read, or the outcome that refuses it.
    enum Decoded {
        case image(Image)
        case refused(SampleOutcome)
    }

    /// Decodes `data` (at most `maxPixels`) and refuses an image too small to hold a serial: it is
    /// also below the binarisation window (Leptonica's Sauvola fails under 7 px a side, and
    /// `make fuzz-server` found 1-4 px PNGs answering 500 OCR_ENGINE_ERROR).
    static func decode(_ data: Data, maxPixels: Int, preset label: String) -> Decoded {
        let image: Image
        do { image = try Image(data: data, maxPixels: maxPixels) } catch {
            return .refused(.failure(SampleError(kind: error.kind.rawValue, message: error.message), preset: label))
        }
        guard image.width >= minimumSide, image.height >= minimumSide else {
            return .refused(.failure(SampleError(kind: tooSmallKind,
                                                 message: "the image is \(image.width)×\(image.height) px; a serial needs at least \(minimumSide) px a side"),
                                     preset: label))
        }
        return .image(image)
    }

    /// Images with a side shorter than this (pixels) are not read: nothing to find, answered 422.
    public static let minimumSide = 16
    /// The error kind of such an image.
    static let tooSmallKind = "too_small"

    public func scan(_ data: Data, options: ScanOptions) -> SampleOutcome {
        let names = options.presetNames(in: catalog)
        let label = names.count == 1 ? names[0] : "auto"
        let image: Image
        switch Self.decode(data, maxPixels: maxPixels, preset: label) {
        case .image(let decoded): image = decoded
        case .refused(let outcome): return outcome
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
