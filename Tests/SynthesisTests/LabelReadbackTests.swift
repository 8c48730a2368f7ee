import Foundation
import Imaging
import Recognition
import Testing
@testable import Synthesis

/// Labels and images agree: a clean, high-resolution render of the same scene reads back with
/// Tesseract to the label (serial or permit number) where the generator says it drew it.
@Suite(.serialized)
struct LabelReadbackTests {
    static func read(_ g: DatasetGenerator, _ index: Int, engine: OCREngine) throws -> (String, String) {
        let (image, label, box) = try g.cleanRender(at: index, capHeight: 36)
        let key = try #require(box)
        // Tight vertically (barcodes sit right under sticker text) and on the left (the box starts
        // after the space that follows `Serial`, whose `l` is a quarter box height away in the
        // narrower humanist faces), generous on the right.
        let left = key.height / 8, right = key.height / 2, py = key.height / 8
        let crop = try image.cropped(to: PixelRect(x: key.x - left, y: key.y - py, width: key.width + left + right, height: key.height + 2 * py))
        let text = try engine.recognize(crop.grayscale(), mode: .singleLine).text
        return (label, text.filter { !$0.isWhitespace })
    }

    @Test func serialsAreDrawn() throws {
        let engine = try OCREngine(languages: "eng")
        // Apple's alphabet, as the serial pipeline reads it: no O, no I.
        try engine.setVariable("tessedit_char_whitelist", "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
        var misses: [String] = []
        var reads: [(String, String)] = []
        for kind in [DatasetKind.etched, .screen, .sticker] {
            let g = try DatasetGenerator(kind: kind, seed: 1)
            for i in 0..<3 {
                let (label, text) = try Self.read(g, i, engine: engine)
                reads.append((label, text))
                if !text.contains(label) { misses.append("\(kind.rawValue)[\(i)] \(label) read as \(text)") }
            }
        }
        // Stock Tesseract confuses a few glyphs even on clean renders (5/S, 0/D, 8/B…, see
        // serials.md): every read must be the label up to at most two such slips, and most exact.
        for (label, text) in reads {
            #expect(OCRSlips.distance(label, text) <= 2, "\(label) read as \(text)")
        }
        #expect(misses.count <= reads.count / 3, "\(misses)")
    }

    @Test func permitNumbersAreDrawn() throws {
        let engine = try OCREngine(languages: "eng")
        try engine.setVariable("tessedit_char_whitelist", "0123456789/-")
        let g = try DatasetGenerator(kind: .permit, seed: 1)
        var checked = 0, misses: [String] = []
        for i in 0..<20 where g.plan(at: i).documentKind == "permit" && checked < 4 {
            checked += 1
            let (label, text) = try Self.read(g, i, engine: engine)
            #expect(OCRSlips.distance(label, text) <= 1, "\(label) read as \(text)")
            if !text.contains(label) { misses.append("permit[\(i)] \(label) read as \(text)") }
        }
        #expect(checked == 4)
        #expect(misses.count <= 1, "\(misses)")
    }
}
