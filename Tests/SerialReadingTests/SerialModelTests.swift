import Foundation
import Imaging
import SerialReading
import ReadingCore
import Recognition
import Testing
import TestSupport

/// Our own models, loaded through the engine wrapper from `Models/` as the presets name them:
/// `serial` (int8) and `serial_best` (unquantised, shipped as a zip of its components, which
/// needs a libtesseract built with libarchive).
@Suite("Serial models")
struct SerialModelTests {
    @Test(.needsRendered, arguments: ["serial", "serial_best"])
    func readsRenderedSerials(_ model: String) throws {
        let folder = try #require(ModelLocator.folder(for: model), "Models/\(model).traineddata not found")
        let engine = try OCREngine(languages: model, dataPath: folder)
        let truth = try Fixtures.labels(Fixtures.rendered)
        var right = 0
        for name in ["serial_2.jpeg", "serial_3.jpeg", "serial_5.jpeg", "serial_8.jpeg"] {
            // Rendered glyphs are ~8 px: scaled to the ~36 px the pipeline reads at.
            let img = try Image(contentsOf: Fixtures.rendered.appendingPathComponent(name)).grayscale().scaled(by: 4.5)
            let text = try engine.recognize(img, mode: .singleLine)
            if text.text.replacingOccurrences(of: " ", with: "") == truth[name] { right += 1 }
        }
        #expect(right >= 3, "\(model) read \(right)/4 rendered serials")
    }

    /// The same on serial lines drawn here (a clone without `../shared` runs this one).
    @Test(arguments: ["serial", "serial_best"])
    func readsSerialLinesDrawnHere(_ model: String) throws {
        let folder = try #require(ModelLocator.folder(for: model), "Models/\(model).traineddata not found")
        let engine = try OCREngine(languages: model, dataPath: folder)
        var right = 0
        for index in 0..<4 {
            let (image, serial) = try LineSet.line(index)
            let text = try engine.recognize(image.grayscale().scaled(by: 36.0 / 20), mode: .singleLine)
            if text.text.replacingOccurrences(of: " ", with: "") == serial { right += 1 }
        }
        #expect(right >= 3, "\(model) read \(right)/4 serial lines")
    }

    @Test func everyPresetsModelIsFound() throws {
        for (name, preset) in try PresetCatalog.untimed().presets where preset.serialModel != "eng" {
            #expect(ModelLocator.folder(for: preset.serialModel) != nil, "preset \(name): \(preset.serialModel)")
        }
    }
}
