import Evaluation
import Foundation
import Imaging
import Testing
import TestSupport

@Suite("Image perturbations")
struct ImagePerturbationTests {
    /// A grey image, `width × height`, black left of `edge` and white from it on.
    func step(width: Int = 40, height: Int = 20, edge: Int = 20) throws -> Image {
        let pixels = (0..<(width * height)).map { i in UInt8(i % width < edge ? 0 : 255) }
        return try pixels.withUnsafeBufferPointer { try Image(grayBytes: $0, width: width, height: height, stride: width) }
    }

    @Test func gaussianBlurSpreadsAnEdgeByItsSigma() throws {
        let img = try step()
        let soft = try img.gaussianBlurred(sigma: 1), softer = try img.gaussianBlurred(sigma: 3)
        // Next to the edge the blur mixes both sides; further away only the wider blur does.
        #expect((60...195).contains(soft.grayValue(x: 20, y: 10)))
        #expect(soft.grayValue(x: 24, y: 10) >= 250, "σ 1 does not reach 4 px away")
        #expect(softer.grayValue(x: 24, y: 10) < 250, "σ 3 does")
        #expect(try img.gaussianBlurred(sigma: 2).depth == 8)
        let colour = try LineSet.line(1).image
        #expect(try colour.gaussianBlurred(sigma: 2).depth == 32, "colour stays colour")
    }

    @Test func motionSmearsAlongItsDirectionOnly() throws {
        let img = try step()
        let across = try img.motionBlurred(length: 9)
        let along = try img.motionBlurred(length: 9, vertical: true)
        #expect((30...225).contains(across.grayValue(x: 19, y: 10)), "a horizontal smear crosses a vertical edge")
        #expect(along.grayValue(x: 19, y: 10) == 0 && along.grayValue(x: 20, y: 10) == 255, "a vertical smear runs along it")
    }

    @Test func toneOperationsMapTheLevels() throws {
        let white = try Image.blank(width: 8, height: 8, gray: 255), black = try Image.blank(width: 8, height: 8, gray: 0)
        // One stop darker halves the light: 255 × 0.5^(1/2.2) ≈ 186.
        #expect((185...187).contains(try white.underexposed(stops: 1).grayValue(x: 3, y: 3)))
        #expect(try black.underexposed(stops: 3).grayValue(x: 3, y: 3) == 0)
        #expect((191...192).contains(try white.contrastScaled(0.5).grayValue(x: 3, y: 3)))
        #expect((63...64).contains(try black.contrastScaled(0.5).grayValue(x: 3, y: 3)))
        #expect(try white.grayValue(x: 3, y: 3) == 255, "the original is untouched")
    }

    @Test func noiseIsTheSameForASeedAndHasItsSigma() throws {
        let grey = try Image.blank(width: 100, height: 100, gray: 128)
        var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7), c = SeededGenerator(seed: 8)
        let first = try grey.withGaussianNoise(sigma: 10, using: &a).grayBytes()
        #expect(try grey.withGaussianNoise(sigma: 10, using: &b).grayBytes() == first)
        #expect(try grey.withGaussianNoise(sigma: 10, using: &c).grayBytes() != first)
        let d = first.map { Double($0) - 128 }
        let mean = d.reduce(0, +) / Double(d.count)
        let sd = (d.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(d.count)).squareRoot()
        #expect(abs(mean) < 0.5 && (9.5...10.5).contains(sd), "mean \(mean), σ \(sd)")
    }

    @Test func tiltGrowsTheCanvasAndKeystoneNarrowsTheFarEdge() throws {
        let img = try Image.blank(width: 200, height: 100, gray: 0)
        let tilted = try img.tilted(degrees: 30)
        // The whole turned photo fits: 200 cos 30° + 100 sin 30° ≈ 223 wide.
        #expect(tilted.width >= 220 && tilted.height >= 180)
        #expect(tilted.grayValue(x: 2, y: 2) == 255 && tilted.grayValue(x: tilted.width / 2, y: tilted.height / 2) == 0)
        let keystone = try img.keystoned(strength: 0.3, far: .top)
        #expect(keystone.width == 200 && keystone.height == 100)
        #expect(keystone.grayValue(x: 10, y: 1) == 255, "the far edge's ends show the background")
        #expect(keystone.grayValue(x: 100, y: 1) < 40 && keystone.grayValue(x: 10, y: 98) < 40, "its middle and the near edge keep the photo")
    }

    @Test func theUncompressedHandOverKeepsThePixels() throws {
        let colour = try LineSet.line(2).image
        let bmp = try colour.uncompressedData()
        #expect(ImageFormat.sniff(bmp) == .bmp)
        let back = try Image(data: bmp)
        #expect(back.width == colour.width && back.height == colour.height && back.depth == 32)
        #expect(try back.grayBytes() == colour.grayBytes())
        #expect(try back.pngData() == colour.pngData(), "the same pixels as a PNG of the original")
        let grey = try colour.grayscale()
        let pgm = try grey.uncompressedData()
        #expect(ImageFormat.sniff(pgm) == .pnm)
        let greyBack = try Image(data: pgm)
        #expect(greyBack.depth == 8)
        #expect(try greyBack.grayBytes() == grey.grayBytes())
    }
}
