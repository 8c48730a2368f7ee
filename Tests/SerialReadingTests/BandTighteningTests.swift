@testable import SerialReading
import Imaging
import Testing

/// A page crop trimmed to the text band around the anchor's row.
struct BandTighteningTests {
    @Test func inkRowsBridgeGapsOfTwoRows() {
        let ink = [false, true, true, false, false, true, false, false, false, true]
        #expect(BandTightening.runs(ink) == [BandTightening.Run(first: 1, last: 5), BandTightening.Run(first: 9, last: 9)])
    }

    @Test func theCropKeepsTheBandNearestTheAnchorRow() throws {
        // Two bands of "text" (dark stripes every other column): rows 4..<14 and 30..<40.
        let w = 120, h = 48
        var px = [UInt8](repeating: 230, count: w * h)
        for y in Array(4..<14) + Array(30..<40) { for x in stride(from: 0, to: w, by: 2) { px[y * w + x] = 20 } }
        let crop = try Image.gray(width: w, height: h, pixels: px)
        let tight = try BandTightening.tighten(crop, centreRow: 35, glyph: 10)
        // The band 30...39 with a quarter of its height (2 rows) of margin.
        #expect(tight.width == w && tight.height == 14)
        let rows = try tight.grayBytes()
        #expect(rows[2 * w] == 20 && rows[0] == 230)
        // A flat crop is left alone.
        let flat = try Image.gray(width: w, height: h, pixels: [UInt8](repeating: 128, count: w * h))
        #expect(try BandTightening.tighten(flat, centreRow: 20, glyph: 10).height == h)
    }
}
