import Evaluation
import Foundation
import ReadingCore
import Recognition

/// How a folder of images looks, measured: text-line glyph heights, the labelled row's
/// contrast and sharpness, the images' sharpness and grey levels. Two profiles side by side
/// (`RealismComparison`) tell how far a generated set is from real photos.
public struct RealismProfile: Codable, Sendable {
    /// The folder measured.
    public var folder: String
    /// `serial` or `permit`: which labels.csv column holds the truth the row is matched on.
    public var schema: Labels.Schema
    /// The Tesseract model that read lines to find the labelled row; nil when no image has a truth.
    public var engine: String?
    public var settings: RealismSettings
    /// One record per image, in the folder's order.
    public var samples: [RealismSample]
    /// The statistics over `samples`.
    public var summary: RealismSummary

    /// A profile of `samples` measured in `folder`.
    public init(folder: String, schema: Labels.Schema, engine: String?, settings: RealismSettings, samples: [RealismSample]) {
        self.folder = folder
        self.schema = schema
        self.engine = engine
        self.settings = settings
        self.samples = samples
        summary = RealismSummary(samples)
    }

    /// Measures every image under `folder` (its labels.csv gives each image's truth), one after
    /// another. `progress` is told after each image (done, total).
    public static func measure(folder: URL, settings: RealismSettings = RealismSettings(),
                               progress: ((Int, Int) -> Void)? = nil) throws -> RealismProfile {
        let listing = try DatasetWalker.walk(folder)
        let labelsFile = folder.appendingPathComponent("labels.csv")
        let labels = FileManager.default.fileExists(atPath: labelsFile.path) ? try Labels.load(labelsFile) : .empty
        let truths = listing.items.map { labels.lookup(relativePath: $0.relativePath)?.truth }
        var engine: OCREngine? = nil
        var engineName: String? = nil
        if truths.contains(where: { $0 != nil }) {
            (engine, engineName) = try makeEngine(for: labels.schema, settings: settings)
        }
        let meter = RealismMeter(settings: settings, engine: engine)
        var samples: [RealismSample] = []
        for (i, item) in listing.items.enumerated() {
            samples.append(meter.measure(contentsOf: item.url, file: item.relativePath, truth: truths[i]))
            progress?(i + 1, listing.items.count)
        }
        return RealismProfile(folder: folder.path, schema: labels.schema, engine: engineName, settings: settings, samples: samples)
    }

    /// The engine that reads a folder's lines: serials with the serial model the etched preset
    /// reads lines with (stock `eng` when `Models/` lacks it, and the name says so), permit
    /// numbers with the permit languages.
    static func makeEngine(for schema: Labels.Schema, settings: RealismSettings) throws -> (OCREngine, String) {
        switch schema {
        case .permit:
            return (try OCREngine(languages: settings.permitLanguages), settings.permitLanguages)
        case .serial:
            if let folder = ModelLocator.folder(for: settings.serialModel) {
                return (try OCREngine(languages: settings.serialModel, dataPath: folder), settings.serialModel)
            }
            return (try OCREngine(languages: "eng"), "eng (\(settings.serialModel).traineddata not found)")
        }
    }
}
