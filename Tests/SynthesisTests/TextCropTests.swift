import Foundation
import Imaging
import Recognition
import Testing
@testable import Synthesis

/// The labelled text cut out of a generated photo (`TextCrop`, `generate --text-crops`) is that
/// text, upright, whatever the photo's tilt, perspective and quarter turn: a sharp photo's crop
/// reads back to its label.
@Suite(.serialized)
struct TextCropTests {
    /// Reads the crops of the first sharp, contrasted samples of `kind` with stock English, and
    /// returns (label, read without spaces, quarter turns). The crop shows the label's
    /// neighbours on its line (`Serial`, `N° :`) and, in its margin, the rows above and below.
    static func reads(_ kind: DatasetKind, seed: UInt64, whitelist: String, wanted: Int) throws -> [(String, String, Int)] {
        let engine = try OCREngine(languages: "eng")
        try engine.setVariable("tessedit_char_whitelist", whitelist)
        let g = try DatasetGenerator(kind: kind, seed: seed)
        var out: [(String, String, Int)] = []
        for i in 0..<120 where out.count < wanted {
            let s = try g.sample(at: i)
            let header = g.csvHeader
            func field(_ name: String) -> String { header.firstIndex(of: name).map { s.fields[$0] } ?? "" }
            guard !s.label.isEmpty, field("legible") == "true", (Double(field("blur_sigma_px")) ?? 9) < 0.9, (Double(field("contrast")) ?? 0) >= 50,
                  field("stamp_over_number") != "true", let crop = try TextCrop.make(s) else { continue }
            // Capitals come out about 40 px tall, with a capital's height of margin around the box.
            #expect(crop.height > 110 && crop.height < 400, "\(s.filename): crop \(crop.width)×\(crop.height)")
            let text = try engine.recognize(crop, mode: .auto).text.filter { !$0.isWhitespace }
            out.append((s.label, text, Int(field("quarter_turns")) ?? 0))
        }
        return out
    }

    @Test func aSharpSerialsCropReadsAsItsSerial() throws {
        let reads = try Self.reads(.etched, seed: 5, whitelist: "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", wanted: 6)
        #expect(reads.count == 6)
        // The serial ends its line, the crop's last. Stock Tesseract slips on a glyph or two of
        // these faces (5/S, 0/D, o/0): every read ends with the serial up to two slips, half of
        // them with none.
        let slips = reads.map { OCRSlips.distance($0.0, String($0.1.suffix($0.0.count))) }
        for (read, n) in zip(reads, slips) { #expect(n <= 2, "\(read.0) read as \(read.1)") }
        #expect(slips.filter { $0 == 0 }.count >= 3, "\(reads)")
    }

    @Test func aPermitNumbersCropReadsAsItsNumberWhicheverWayThePhotoWasTurned() throws {
        let reads = try Self.reads(.permit, seed: 9, whitelist: "0123456789/-", wanted: 6)
        #expect(reads.count == 6)
        #expect(reads.contains { $0.2 != 0 }, "no quarter-turned photo among \(reads)")
        for (label, text, _) in reads { #expect(text.contains(label), "\(label) read as \(text)") }
    }

    @Test func aPhotoWithoutTheTextHasNoCrop() throws {
        let s = try DatasetGenerator(kind: .negative, seed: 3).sample(at: 0)
        #expect(s.textCorners.isEmpty)
        #expect(try TextCrop.make(s) == nil)
    }
}
