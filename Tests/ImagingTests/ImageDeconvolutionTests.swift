@testable import Imaging
import Testing
import TestSupport

/// Richardson–Lucy deconvolution undoes a Gaussian blur of known width.
@Suite("Image deconvolution")
struct ImageDeconvolutionTests {
    /// The mean absolute grey difference between two images of one size.
    static func meanDifference(_ a: Image, _ b: Image) throws -> Double {
        let x = try a.grayBytes(), y = try b.grayBytes()
        precondition(x.count == y.count)
        return Double(zip(x, y).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(x.count)
    }

    /// A serial line (glyphs ~30 px) blurred by σ 2 px comes back far closer to the sharp line
    /// than the blurred one is, and closer with more iterations; it stays grey of its size.
    @Test func aBlurredLineComesBackCloserToTheSharpOne() throws {
        let sharp = try LineSet.line(1).image.scaled(by: 2).grayscale()
        let blurred = try sharp.gaussianBlurred(sigma: 2)
        let few = try blurred.deconvolved(sigma: 2, iterations: 5)
        let many = try blurred.deconvolved(sigma: 2, iterations: 40)
        #expect(many.width == sharp.width && many.height == sharp.height && many.depth == 8)
        let before = try Self.meanDifference(blurred, sharp)
        let afterFew = try Self.meanDifference(few, sharp), afterMany = try Self.meanDifference(many, sharp)
        #expect(afterMany < 0.6 * before, "blurred \(before), deconvolved \(afterMany)")
        #expect(afterMany < afterFew, "5 iterations \(afterFew), 40 iterations \(afterMany)")
    }

    /// No iteration leaves the image as it was; a flat grey stays flat (the ratio is 1 everywhere).
    @Test func aFlatImageStaysFlat() throws {
        let flat = try Image.blank(width: 40, height: 30, gray: 180)
        #expect(try Self.meanDifference(flat.deconvolved(sigma: 1.5, iterations: 10), flat) < 1)
        #expect(try flat.deconvolved(sigma: 1.5, iterations: 0).grayBytes() == flat.grayBytes())
    }

    /// The separable blur the deconvolution repeats gives, pixel for pixel and bit for bit, what
    /// summing each pixel's taps in order gives (its border clamped), at widths under, at and
    /// over the kernel's.
    @Test(arguments: [(3, 5), (13, 4), (14, 3), (61, 17)])
    func theBlurIsTheSumOfEachPixelsTaps(width w: Int, height h: Int) {
        let blur = GaussianBlur(sigma: 2)
        var state: UInt32 = 12345
        let source = (0..<(w * h)).map { _ -> Float in state = state &* 1664525 &+ 1013904223; return Float(state >> 8) / Float(1 << 24) }
        var out = [Float](repeating: 0, count: w * h), scratch = out
        blur.apply(source, into: &out, scratch: &scratch, width: w, height: h)
        let r = blur.radius
        func clamp(_ v: Int, _ n: Int) -> Int { min(n - 1, max(0, v)) }
        var rows = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var acc: Float = 0
                for t in 0...(2 * r) { acc += blur.taps[t] * source[y * w + clamp(x - r + t, w)] }
                rows[y * w + x] = acc
            }
        }
        var expected = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var acc: Float = 0
                for t in 0...(2 * r) { acc += blur.taps[t] * rows[clamp(y - r + t, h) * w + x] }
                expected[y * w + x] = acc
            }
        }
        #expect(out == expected)
    }
}
