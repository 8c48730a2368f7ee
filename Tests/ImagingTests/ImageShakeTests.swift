@testable import Imaging
import Testing
import TestSupport

/// Camera shake: its direction read off a photo's edges, and undone by deconvolution.
@Suite("Image camera shake")
struct ImageShakeTests {
    /// A page of dark discs (radius 5–14 px, edges antialiased) on light paper, through a
    /// lens's slight blur: edges in every direction alike.
    static func page() throws -> Image {
        let w = 600, h = 400
        var pixels = [Double](repeating: 230, count: w * h)
        var state: UInt32 = 2024
        func next(_ n: Int) -> Int { state = state &* 1664525 &+ 1013904223; return Int(state >> 8) % n }
        for _ in 0..<220 {
            let cx = next(w), cy = next(h), r = Double(5 + next(10))
            let reach = Int(r) + 1
            for y in max(0, cy - reach)..<min(h, cy + reach + 1) {
                for x in max(0, cx - reach)..<min(w, cx + reach + 1) {
                    let d = (Double((x - cx) * (x - cx) + (y - cy) * (y - cy))).squareRoot()
                    let cover = max(0, min(1, r + 0.5 - d))
                    pixels[y * w + x] = min(pixels[y * w + x], 230 - 190 * cover)
                }
            }
        }
        return try Image.gray(width: w, height: h, pixels: pixels.map { UInt8($0.rounded()) }).gaussianBlurred(sigma: 0.7)
    }

    /// `image` (grey) smeared by a straight move of `length` px at `degrees`, as a hand-held
    /// shot smears it.
    static func shaken(_ image: Image, length: Double, degrees: Double) throws -> Image {
        let w = image.width, h = image.height
        let source = try image.grayBytes().map { Float($0) }
        var out = [Float](repeating: 0, count: w * h), scratch = out
        LineBlur(length: length, angleDegrees: degrees).apply(source, into: &out, scratch: &scratch, width: w, height: h)
        return try Image.gray(width: w, height: h, pixels: out.map { UInt8(max(0, min(255, $0.rounded()))) })
    }

    /// A move of 3 px is found in its direction (within 10°), its smear well over a still
    /// photo's; the same page held still shows no shake.
    @Test(arguments: [0.0, 40.0, 90.0, 135.0])
    func aMoveIsFoundInItsDirection(degrees: Double) throws {
        let sharp = try Self.page()
        let still = try #require(try sharp.cameraShake())
        #expect(still.smear < 0.45, "held still: \(still)")
        let moved = try #require(try Self.shaken(sharp, length: 3, degrees: degrees).cameraShake())
        #expect(moved.smear > 0.45, "moved 3 px at \(degrees)°: \(moved)")
        #expect(moved.degreesApart(from: degrees) <= 10, "moved 3 px at \(degrees)°: \(moved)")
    }

    /// A blank page has no edges to measure: no shake is claimed.
    @Test func aBlankPageHasNoShake() throws {
        #expect(try Image.blank(width: 200, height: 100, gray: 200).cameraShake() == nil)
    }

    /// The move's kernel spreads weight 1 over the pixels the line crosses, point-symmetric
    /// about its centre (the deconvolution uses it as its own adjoint).
    @Test(arguments: [(3.0, 0.0), (3.5, 27.0), (4.0, 90.0), (3.5, 151.0)])
    func theMovesKernelIsSymmetricAndSumsToOne(length: Double, degrees: Double) {
        let taps = LineBlur(length: length, angleDegrees: degrees).taps
        #expect(abs(taps.reduce(0) { $0 + $1.weight } - 1) < 1e-5)
        for t in taps {
            let mirror = taps.first { $0.dx == -t.dx && $0.dy == -t.dy }
            #expect(mirror.map { abs($0.weight - t.weight) < 1e-5 } == true, "tap \(t) has no mirror")
        }
    }

    /// Deconvolved by the move that smeared it, a shaken page comes back closer to the sharp
    /// one, and closer than deconvolved across the move; a colour photo keeps its colours (blue
    /// ink stays blue, black print black).
    @Test func anUnshakenPageComesBackCloserToTheSharpOne() throws {
        let sharp = try Self.page()
        let moved = try Self.shaken(sharp, length: 4, degrees: 40)
        let shake = CameraShake(angleDegrees: 40, smear: 0.7, width: 2.5)
        let across = CameraShake(angleDegrees: 130, smear: 0.7, width: 2.5)
        let before = try ImageDeconvolutionTests.meanDifference(moved, sharp)
        let after = try ImageDeconvolutionTests.meanDifference(try moved.unshaken(shake, length: 4, iterations: 10), sharp)
        let wrong = try ImageDeconvolutionTests.meanDifference(try moved.unshaken(across, length: 4, iterations: 10), sharp)
        #expect(after < 0.6 * before, "shaken \(before), unshaken \(after)")
        #expect(after < 0.5 * wrong, "unshaken along the move \(after), across it \(wrong)")

        var rgba = [UInt8](repeating: 255, count: 40 * 20 * 4)
        for y in 0..<20 {
            for x in 0..<40 {
                let i = (y * 40 + x) * 4
                if x >= 10, x < 20 { rgba[i] = 60; rgba[i + 1] = 70; rgba[i + 2] = 170 }  // blue ink
                if x >= 26, x < 30 { rgba[i] = 20; rgba[i + 1] = 20; rgba[i + 2] = 20 }  // black print
            }
        }
        let colour = try rgba.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: 40, height: 20, stride: 160) }
        let out = try colour.unshaken(shake, length: 4, iterations: 10)
        #expect(out.depth == 32 && out.width == 40 && out.height == 20)
        let blue = try out.cropped(to: PixelRect(x: 13, y: 8, width: 4, height: 4)).colouredShare(in: PixelRect(x: 0, y: 0, width: 4, height: 4))
        #expect(blue == 1, "the blue ink lost its colour")
        let black = try out.cropped(to: PixelRect(x: 27, y: 8, width: 2, height: 4)).grayBytes()
        #expect(black.allSatisfy { $0 < 60 }, "black print \(black)")
    }
}
