import Foundation
@testable import Imaging
import Testing

/// Moiré removed in the spectrum: the stripes go, a glyph's strokes stay.
@Suite("Image descreen")
struct ImageDescreenTests {
    /// 200 grey, a dark 6 px stroke at x 100..<106 (rows 10..<50), and stripes of `period` px,
    /// slanted by `slant` px per row, ±`amplitude` grey levels.
    static func page(stripes amplitude: Double, period: Double = 4.7, slant: Double = 0.2) throws -> Image {
        let w = 240, h = 60
        var px = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let stroke = (100..<106).contains(x) && (10..<50).contains(y) ? -120.0 : 0
                let stripe = amplitude * cos(2 * .pi * (Double(x) + slant * Double(y)) / period)
                px[y * w + x] = UInt8(max(0, min(255, 200 + stroke + stripe)))
            }
        }
        return try Image.gray(width: w, height: h, pixels: px)
    }

    /// Standard deviation of row 30 over x in `cols`.
    static func spread(_ img: Image, _ cols: Range<Int>) throws -> Double {
        let px = try img.grayBytes(), w = img.width
        let row = cols.map { Double(px[30 * w + $0]) }
        let mean = row.reduce(0, +) / Double(row.count)
        return (row.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(row.count)).squareRoot()
    }

    @Test func fftRoundTripsAndFindsASinusoid() {
        let n = 64
        var re = (0..<n).map { cos(2 * Double.pi * 5 * Double($0) / Double(n)) }, im = [Double](repeating: 0, count: n)
        let original = re
        FFT.transform(&re, &im, count: n, inverse: false)
        let power: [Double] = (0..<n).map { re[$0] * re[$0] + im[$0] * im[$0] }
        let peak = power.indices.max { power[$0] < power[$1] }
        #expect(peak == 5 || peak == n - 5)
        FFT.transform(&re, &im, count: n, inverse: true)
        #expect(zip(re, original).allSatisfy { abs($0 / Double(n) - $1) < 1e-9 })
        #expect(FFT.size(atLeast: 100) == 128 && FFT.size(atLeast: 64) == 64)
    }

    @Test func stripesGoAndTheStrokeStays() throws {
        let img = try Self.page(stripes: 16)
        let clean = try img.descreened(maxPeriod: 13)
        let before = try Self.spread(img, 20..<90), after = try Self.spread(clean, 20..<90)
        #expect(before > 10)
        #expect(after < before / 4, "stripes \(before) → \(after)")
        // The stroke keeps most of its darkness against the background beside it.
        let px = try clean.grayBytes(), w = clean.width
        let stroke = Double(px[30 * w + 103]), beside = Double(px[30 * w + 60])
        #expect(beside - stroke > 90, "stroke \(stroke) beside \(beside)")
    }

    @Test func aPageWithoutStripesComesBackAsItWas() throws {
        let img = try Self.page(stripes: 0)
        let same = try img.descreened(maxPeriod: 13)
        #expect(try same.grayBytes() == img.grayBytes())
    }

    @Test func longStripesAreNotTouched() throws {
        // A period of 30 px is text-sized: left alone.
        let img = try Self.page(stripes: 16, period: 30)
        let same = try img.descreened(maxPeriod: 13)
        #expect(try same.grayBytes() == img.grayBytes())
    }
}
