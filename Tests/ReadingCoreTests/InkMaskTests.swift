@testable import ReadingCore
import Testing

/// The line finder's local threshold against a direct computation of its definition: a pixel is
/// ink when it is darker (lighter) than its window's mean by more than max(floor, k × sd).
struct InkMaskTests {
    static func direct(_ px: [UInt8], width w: Int, height h: Int, options o: TextLineFinder.Options) -> [Bool] {
        let r = max(1, o.window / 2)
        var out = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var s = 0.0, q = 0.0, n = 0.0
                for yy in max(0, y - r)..<min(h, y + r + 1) {
                    for xx in max(0, x - r)..<min(w, x + r + 1) {
                        let v = Double(o.darkText ? px[yy * w + xx] : 255 - px[yy * w + xx])
                        s += v; q += v * v; n += 1
                    }
                }
                let mean = s / n, sd = max(0, q / n - mean * mean).squareRoot()
                let v = Double(o.darkText ? px[y * w + x] : 255 - px[y * w + x])
                out[y * w + x] = v < mean - max(o.minContrast, o.k * sd)
            }
        }
        return out
    }

    @Test(arguments: [true, false])
    func matchesTheDefinition(_ darkText: Bool) {
        // Text-like blocks on a noisy gradient, smaller than the window and at its edges.
        let w = 61, h = 37
        var state: UInt32 = 12345
        let px = (0..<(w * h)).map { i -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = i % w, y = i / w
            let base = 90 + x + y / 2 + Int(state >> 28)
            let ink = (x / 6) % 2 == 0 && (y / 9) % 2 == 1
            return UInt8(clamping: ink ? (darkText ? base - 60 : base + 80) : base)
        }
        var o = TextLineFinder.Options()
        o.darkText = darkText
        let mask = TextLineFinder.inkMask(px, width: w, height: h, options: o)
        let expected = Self.direct(px, width: w, height: h, options: o)
        #expect(mask == expected)
        #expect(mask.contains(true) && mask.contains(false))
    }
}
