import Evaluation
import Foundation
import SerialReading
import Server
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
}
