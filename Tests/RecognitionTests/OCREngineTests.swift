import Foundation
import Imaging
import Recognition
import Testing
import TestSupport

@Suite("OCR engine", .serialized)
struct OCREngineTests {
    /// A serial line drawn here (capitals 20 px), scaled to a readable glyph height, and its serial.
    func line(_ index: Int, scale: Double = 1.8) throws -> (image: Image, serial: String) {
        let (image, serial) = try LineSet.line(index)
        return (try image.grayscale().scaled(by: scale), serial)
    }

    @Test func readsARenderedSerial() throws {
        let engine = try OCREngine()
        try engine.setVariable("tessedit_char_whitelist", "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
        let (image, truth) = try line(1)
        let text = try engine.recognize(image, mode: .singleLine)
        #expect(text.text.replacingOccurrences(of: " ", with: "") == truth)
        let word = try #require(text.words.first)
        #expect(word.symbolConfidence > 0.5)
        #expect(!word.symbols.isEmpty && word.symbols.allSatisfy { $0.box.width > 0 })
        #expect(word.symbols.contains { !$0.choices.isEmpty }, "per-character alternatives are reported")
    }

    @Test func rectangleIsClampedAndOutsideIsEmpty() throws {
        let engine = try OCREngine()
        let img = try line(2).image
        let outside = try engine.recognize(img, mode: .singleLine, rect: PixelRect(x: img.width + 10, y: 0, width: 50, height: 50))
        #expect(outside.lines.isEmpty)
        let overhanging = try engine.recognize(img, mode: .singleLine, rect: PixelRect(x: -20, y: -20, width: img.width + 100, height: img.height + 100))
        #expect(!overhanging.text.isEmpty)
    }

    @Test func unknownVariableIsAnError() throws {
        let engine = try OCREngine()
        #expect(throws: RecognitionError.self) { try engine.setVariable("no_such_variable_xyz", "1") }
    }

    @Test func missingLanguageIsAClearError() {
        do { _ = try OCREngine(languages: "zzz_missing"); Issue.record("loaded a missing model") } catch {
            #expect(error.kind == .initFailed)
            #expect(error.message.contains("zzz_missing"))
        }
    }

    @Test func versionsAreReported() {
        #expect(OCREngine.version.hasPrefix("5."))
        #expect(Leptonica.version.hasPrefix("leptonica-"))
    }

    /// 1,000 reads on one engine give the same answer every time (no state leaks between
    /// reads). Memory over repeated reads is measured in its own process by
    /// `ScanBenchEndToEndTests.MemoryTests`, since RSS is shared by tests running in parallel.
    @Test func thousandReadsAreStable() throws {
        let engine = try OCREngine()
        let img = try line(4, scale: 1).image
        let first = try engine.recognize(img, mode: .singleLine).text
        for _ in 0..<999 {
            let again = try engine.recognize(img, mode: .singleLine).text
            if again != first { Issue.record("read \(again) after \(first)"); break }
        }
    }

    @Test func enginesAreFreed() throws {
        weak var last: OCREngine?
        for _ in 0..<3 { let e = try OCREngine(); last = e }
        #expect(last == nil)
    }
}
