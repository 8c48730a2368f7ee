@testable import SerialReading
import Imaging
import ReadingCore
import Recognition
import Testing
import TestSupport

/// A serial whose glyphs touch the photo's edge may be cut by it, and every read of a cut glyph
/// makes the same slip: its reads agreeing lift it no higher than a doubtful serial.
struct FrameEdgeTests {
    /// A token over ten 12×20 glyphs 16 px apart from x = 100 on the baseline `y`, read at
    /// scale 1 in a band that starts a glyph height before the line (as `TextLine.band` cuts it).
    static func token(baseline y: Int, extraBox: PixelRect? = nil) throws -> LineToken {
        let glyphs = (0..<10).map { PixelRect(x: 100 + 16 * $0, y: y - 20, width: 12, height: 20) }
        let line = try #require(TextLine(glyphs: glyphs + (extraBox.map { [$0] } ?? [])))
        let box = PixelRect(x: Int(line.glyphHeight), y: 0, width: 16 * 9 + 12, height: 20)
        let word = RecognizedWord(text: "C02Y94ZEJG", confidence: 0.9, box: box, symbols: [])
        let value = try #require(ValueToken.first(in: [word]))
        let read = ReadLine(line: line, band: try Image.blank(width: 10, height: 10), readScale: 1, text: RecognizedText(lines: []))
        return LineToken(value: value, line: read)
    }

    @Test func glyphsOnThePhotosEdgeAreCut() throws {
        // A 400×300 photo found at scale 1: glyphs ending on its last row touch the edge.
        #expect(try Self.token(baseline: 300).touchesEdge(fit: 1, width: 400, height: 300))
        #expect(try !Self.token(baseline: 290).touchesEdge(fit: 1, width: 400, height: 300))
        // Found at half scale in an 800×600 photo: the same frame.
        #expect(try Self.token(baseline: 300).touchesEdge(fit: 0.5, width: 800, height: 600))
        // Past the token's right end, a glyph on the edge is another word's.
        let far = PixelRect(x: 380, y: 200, width: 20, height: 20)
        #expect(try !Self.token(baseline: 220, extraBox: far).touchesEdge(fit: 1, width: 400, height: 300))
        // A row read out to the photo's right edge ends in a box a pixel short of it: no glyph.
        let line = try #require(TextLine(glyphs: (0..<10).map { PixelRect(x: 100 + 16 * $0, y: 200, width: 12, height: 20) }))
        let row = try #require(LineRows.row(of: line, width: 400))
        #expect(row.glyphs.last.map { $0.maxX >= 396 && $0.maxX < 399 } == true, "\(row.glyphs.last.map(\.maxX) ?? 0)")
    }

    @Test func aCutSerialIsDoubtful() {
        let vote = SerialVote.Result(text: "C02Y94ZEJG5H", agreement: 1, positionSupport: 1, weakestSupport: 1,
                                     reads: 6, ruleFixes: 0, valid: true, repair: "")
        #expect(Calibration().confidence(of: vote, anchored: true) == 0.99)
        #expect(Calibration().confidence(of: vote, anchored: true, cut: true) == 0.79)
    }

    /// A bundled sticker photo (`Serial No. FYL3T7YPBZ`, its last glyph ending near x = 1130)
    /// read whole and cut at the right through its last glyph: the same serial, sure only whole.
    @Test func aStickerCutThroughItsSerialIsNotSure() throws {
        let image = try Image(contentsOf: Fixtures.bundled("sticker").appendingPathComponent("sticker_00001.jpg"))
        let pipeline = try SerialEngines().pipeline(for: try PresetCatalog.untimed().preset("sticker"), named: "sticker")
        let whole = try #require(pipeline.read(image).candidates.first)
        #expect(whole.text == "FYL3T7YPBZ" && whole.confidence >= 0.8, "\(whole.text) \(whole.confidence)")
        let cut = try image.cropped(to: PixelRect(x: 0, y: 0, width: 1128, height: image.height))
        let answer = try #require(pipeline.read(cut).candidates.first)
        #expect(answer.confidence < 0.8, "\(answer.text) \(answer.confidence)")
    }
}
