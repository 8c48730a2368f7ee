import Evaluation
import Foundation
import Imaging
@testable import PermitReading
import ReadingCore
import Recognition
import Testing

/// Each decision on a real (rendered, photographed) image. The fixtures are small JPEGs in
/// `Fixtures/permit/`, rendered independently of the synthetic generator.
@Suite("Permit pipeline on real images", .serialized)
struct PermitPipelineTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/permit")

    func read(_ name: String, compression: Bool = false) throws -> SampleOutcome {
        let reader = try PermitSampleReader(clientCompression: compression)
        let url = Self.fixtures.appendingPathComponent(name)
        return reader.read(DatasetItem(relativePath: name, url: url), label: nil)
    }

    @Test func acceptsAPermitWithItsNumber() throws {
        let o = try read("permit-2023-00457.jpg")
        #expect(o.decision == "accepted")
        #expect(o.candidates.map(\.text) == ["2023/00457"])
        #expect(o.confidenceLevel == "high")
    }

    @Test func acceptsItThroughTheAppsCompressionAndDataURI() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("permit-2023-00457.jpg"))
        let decoded = try PermitInput.decode(dataURI: DataURI.encode(data), clientCompression: true)
        #expect(decoded.compression?.quality == 85)
        let reader = try PermitSampleReader(clientCompression: false)
        #expect(reader.outcome(decoded.image).candidates.first?.text == "2023/00457")
    }

    @Test func refusesAnInvoice() throws {
        let o = try read("invoice.jpg")
        #expect(o.decision == "not_permit")
        #expect(o.candidates.isEmpty)
    }

    @Test func refusesAPermitWithoutANumber() throws {
        let o = try read("permit-without-number.jpg")
        #expect(o.decision == "no_number")
        #expect(o.candidates.isEmpty)
    }

    @Test func refusesABlurredPhotoAsUnreadable() throws {
        let o = try read("blurred.jpg")
        #expect(o.decision == "unreadable")
        #expect(o.candidates.isEmpty)
    }

    @Test func refusesADarkPhotoBeforeReadingIt() throws {
        let image = try Image.blank(width: 900, height: 1200, gray: 30)
        let o = try PermitSampleReader(clientCompression: false).outcome(image)
        #expect(o.decision == "unreadable")
    }

    @Test func aCorruptFileIsAnErrorOutcome() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("permit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let bad = dir.appendingPathComponent("bad.jpg")
        try Data("not a jpeg".utf8).write(to: bad)
        let o = try PermitSampleReader(clientCompression: false).read(DatasetItem(relativePath: "bad.jpg", url: bad), label: nil)
        #expect(o.error?.kind == "unreadable_image")
        #expect(o.candidates.isEmpty)
    }

    /// Permits whose number is labelled `رقم`, sharp or slightly blurred: the Arabic read
    /// of the number's line finds the label (a crop of the line, not an engine rectangle).
    @Test(arguments: ["permit_00000.jpg", "permit_00039.jpg"])
    func findsTheArabicLabelOfTheNumber(_ name: String) throws {
        let url = Self.regressions.appendingPathComponent(name)
        let expected = try #require(try Self.regressionLabel(name))
        let o = try PermitSampleReader(clientCompression: false).read(DatasetItem(relativePath: name, url: url), label: nil)
        #expect(o.candidates.first?.text == expected)
        #expect(o.candidates.first?.method.hasPrefix("label:رقم") == true)
        #expect(o.confidenceLevel == "high")
    }

    /// A part of the page read from its crop comes back in page coordinates.
    @Test func aCropReadIsInPageCoordinates() throws {
        let page = try Image(contentsOf: Self.fixtures.appendingPathComponent("permit-2023-00457.jpg")).grayscale()
        let engine = try OCREngine(languages: "fra")
        let whole = try engine.recognize(page, mode: .auto)
        let line = try #require(whole.lines.first { $0.text.contains("2023") })
        let rect = PixelRect(x: 0, y: line.box.y - line.box.height / 2, width: page.width, height: line.box.height * 2)
        let part = try PermitPipeline.recognize(page, in: rect, with: engine, mode: .singleLine)
        let word = try #require(part.words.first { $0.text.contains("2023") })
        #expect(word.box.y >= rect.y && word.box.maxY <= rect.maxY)
        let original = try #require(line.words.first { $0.text.contains("2023") })
        // The same word as the whole page's read (a single-line read sizes its boxes a little
        // differently); without the crop's offset it would be hundreds of pixels away.
        #expect(PermitPipeline.overlap(word.box, original.box) > 0.6)
    }

    /// Permits drawn by the first generator (bundled until issue 20 redrew `Datasets/`) that
    /// once fooled the reader, kept as regression fixtures with their labels.
    static let regressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/permit-regressions")

    /// The number `labels.csv` gives for a regression image.
    static func regressionLabel(_ name: String) throws -> String? {
        let labels = try String(contentsOf: regressions.appendingPathComponent("labels.csv"), encoding: .utf8)
        let row = labels.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }.first { $0.first.map(String.init) == name }
        return row.map { String($0[1]) }
    }

    /// The synthetic permits that once fooled the extractor: an Arabic label lost next to
    /// a CIN number in the body, a law reference cut at a line break, a blurred number.
    @Test(arguments: [("permit_00004.jpg", false), ("permit_00007.jpg", false), ("permit_00015.jpg", false),
                      // Heavy blur through the apps' compression: only the Arabic header, read at
                      // half size with the resolution estimated from the text, shows it is Tunisian.
                      ("permit_00015.jpg", true)])
    func readsTheBundledPermitsAmongDistractors(_ name: String, compression: Bool) throws {
        let expected = try #require(try Self.regressionLabel(name))
        let reader = try PermitSampleReader(clientCompression: compression)
        let o = reader.read(DatasetItem(relativePath: name, url: Self.regressions.appendingPathComponent(name)), label: nil)
        #expect(o.decision == "accepted")
        // Through the apps' compression the heavily blurred number was read 0763/2017 by the
        // French engine at every crop scale; the serial and English models read 9765/2017 on
        // the same crops, and their consensus is the answer (`PermitNumberVote.consensus`).
        #expect(o.candidates.first?.text == expected)
    }
}
