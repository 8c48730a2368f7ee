import Evaluation
import Foundation
import HTTPTypes
import Imaging
import SerialReading
@testable import Server
import Testing
import TestSupport

/// The server's `/scan` must read a photo exactly as `scanbench evaluate` does: same engines
/// (the preset's serial model for the crops, not stock `eng`), same candidates.
@Suite("Serial scanner")
struct SerialScannerTests {
    @Test(.needsRealDev)
    func scanReadsLikeTheEvaluationReader() async throws {
        // The reads run on a thread of their own: this target's timing tests need the few
        // cooperative threads free (see the Makefile's `test`).
        try await ServerEndToEndTests.blocking { try Self.compareScansAndReads() }
    }

    static func compareScansAndReads() throws {
        let catalog = try PresetCatalog.builtIn()
        let scanner = try TesseractSerialScanner(catalog: catalog)
        let reader = try SerialSampleReader(catalog: catalog, presetName: "etched", minConfidence: nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.realDev.path)
            .filter { $0.hasSuffix(".jpg") }.sorted().prefix(3)
        try #require(files.count == 3)
        for f in files {
            let url = Fixtures.realDev.appendingPathComponent(f)
            let scanned = scanner.scan(try Data(contentsOf: url), options: ScanOptions(preset: "etched"))
            let read = reader.read(DatasetItem(relativePath: f, url: url), label: nil)
            #expect(scanned.error == nil, "\(f)")
            #expect(scanned.candidates.map(\.text) == read.candidates.map(\.text), "\(f)")
            #expect(scanned.candidates.map(\.confidence) == read.candidates.map(\.confidence), "\(f)")
            #expect(scanned.candidates.map(\.method) == read.candidates.map(\.method), "\(f)")
        }
    }

    /// Found by `make fuzz-server`: a PNG a few pixels wide made the real scanner fail in
    /// Sauvola binarisation, answered 500 OCR_ENGINE_ERROR. Such an image holds no serial: it is
    /// refused before any engine runs, and answered 422 NO_TEXT_DETECTED.
    @Test func imagesTooSmallToHoldASerialAre422NotAnEngineFailure() throws {
        let tiny = [
            "1x1": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAsTj2FAAAAABJRU5ErkJggg==",
            "4x4": "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAAAAACMmsGiAAAADklEQVR4nGP4DwQMqAQAn3QP8Vthg78AAAAASUVORK5CYII=",
            "200x3": "iVBORw0KGgoAAAANSUhEUgAAAMgAAAADCAAAAADzHB81AAAAFUlEQVR4nGP4P0wAw0A7gFpg2HgEAAz3Vcfk1SrpAAAAAElFTkSuQmCC",
        ]
        for (size, base64) in tiny.sorted(by: { $0.key < $1.key }) {
            let data = try #require(Data(base64Encoded: base64))
            guard case .refused(let outcome) = TesseractSerialScanner.decode(data, maxPixels: 1 << 24, preset: "auto") else {
                Issue.record("\(size) was not refused"); continue
            }
            #expect(outcome.error?.kind == "too_small", "\(size)")
            let refusal = try #require(ScanResultJSON.refusal(outcome))
            #expect(refusal.status == .unprocessableContent && refusal.code == "NO_TEXT_DETECTED", "\(size): \(refusal)")
            #expect(refusal.detail.contains("at least \(TesseractSerialScanner.minimumSide) px a side"), "\(refusal.detail)")
        }
        // 16×16, the smallest size read, goes on to the pipeline.
        guard case .image(let image) = TesseractSerialScanner.decode(TinyImages.png, maxPixels: 1 << 24, preset: "auto") else {
            Issue.record("16×16 was refused"); return
        }
        #expect(image.width == 16 && image.height == 16)
    }
}
