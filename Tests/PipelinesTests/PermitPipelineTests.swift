import Evaluation
import Foundation
import Imaging
@testable import Pipelines
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

    /// The bundled synthetic permits that once fooled the extractor: an Arabic label lost next to
    /// a CIN number in the body, a law reference cut at a line break, a blurred number.
    @Test(arguments: ["permit_00004.jpg", "permit_00007.jpg", "permit_00015.jpg"])
    func readsTheBundledPermitsAmongDistractors(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Datasets/synthetic/permit").standardized
        let labels = try String(contentsOf: root.appendingPathComponent("labels.csv"), encoding: .utf8)
        let row = labels.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }.first { $0.first.map(String.init) == name }
        let expected = try #require(row.map { String($0[1]) })
        let reader = try PermitSampleReader(clientCompression: false)
        let o = reader.read(DatasetItem(relativePath: name, url: root.appendingPathComponent(name)), label: nil)
        #expect(o.decision == "accepted")
        #expect(o.candidates.first?.text == expected)
    }
}
