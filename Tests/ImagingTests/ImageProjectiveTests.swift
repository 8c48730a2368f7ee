import Foundation
import Imaging
import Testing

@Suite("Projective warp and page-finding helpers")
struct ImageProjectiveTests {
    /// A 40 × 30 grey ramp: each pixel's value tells where it came from.
    func ramp() throws -> Image {
        let pixels: [UInt8] = (0..<(40 * 30)).map { (i: Int) -> UInt8 in
            let x = i % 40, y = i / 40
            return UInt8(x * 3 + y * 2)
        }
        return try Image.gray(width: 40, height: 30, pixels: pixels)
    }

    @Test func theWholeFrameMapsOntoItself() throws {
        let img = try ramp()
        let frame: [SIMD2<Double>] = [[0, 0], [39, 0], [39, 29], [0, 29]]
        let out = try img.projected(from: frame, width: 40, height: 30)
        #expect(try out.grayBytes() == img.grayBytes())
    }

    @Test func cornersLandOnTheRectanglesCornersAndOrderTurnsIt() throws {
        let img = try ramp()
        let quad: [SIMD2<Double>] = [[10, 5], [30, 5], [30, 25], [10, 25]]
        let out = try img.projected(from: quad, width: 21, height: 21)
        #expect(out.grayValue(x: 0, y: 0) == img.grayValue(x: 10, y: 5))
        #expect(out.grayValue(x: 20, y: 20) == img.grayValue(x: 30, y: 25))
        // Starting from the quad's bottom-left turns the result a quarter clockwise.
        let turned = try img.projected(from: [quad[3], quad[0], quad[1], quad[2]], width: 21, height: 21)
        #expect(turned.grayValue(x: 0, y: 0) == img.grayValue(x: 10, y: 25))
        #expect(turned.grayValue(x: 20, y: 0) == img.grayValue(x: 10, y: 5))
    }

    @Test func colourIsInterpolatedPerChannel() throws {
        // Two pixels, red-ish and blue-ish; halfway between them each channel is the mean.
        let bytes: [UInt8] = [200, 10, 40, 255, 0, 250, 100, 255]
        let colour = try bytes.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: 2, height: 1, stride: 8) }
        let same = try colour.projected(from: [[0, 0], [1, 0], [1, 0], [0, 0]], width: 2, height: 2)
        #expect(try same.grayscale().grayBytes() == colour.grayscale().grayBytes() + colour.grayscale().grayBytes())
        let middle = try colour.projected(from: [[0.5, 0], [0.5, 0], [0.5, 0], [0.5, 0]], width: 1, height: 1)
        let expected: [UInt8] = [100, 130, 70, 255]
        let mean = try expected.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: 1, height: 1, stride: 4) }
        #expect(abs(Int(try middle.grayscale().grayBytes()[0]) - Int(try mean.grayscale().grayBytes()[0])) <= 1)
    }

    @Test func outsideIsWhiteAndColourStaysColour() throws {
        let grey = try Image.blank(width: 20, height: 20, gray: 0)
        let beyond: [SIMD2<Double>] = [[-20, -20], [39, -20], [39, 39], [-20, 39]]
        let out = try grey.projected(from: beyond, width: 60, height: 60)
        #expect(out.grayValue(x: 0, y: 0) == 255 && out.grayValue(x: 30, y: 30) == 0)
        let pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
        let colour = try pixels.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: 8, height: 8, stride: 32) }
        #expect(try colour.projected(from: [[0, 0], [7, 0], [7, 7], [0, 7]], width: 30, height: 20).depth == 32)
        #expect(throws: ImagingError.self) { try grey.projected(from: [[.nan, 0], [1, 0], [1, 1], [0, 1]], width: 5, height: 5) }
    }

    @Test func reductionsAndClosing() throws {
        let img = try ramp()
        let sampled = try img.subsampled(by: 4)
        #expect(sampled.width == 10 && (7...8).contains(sampled.height))
        // A one-pixel dark line on white is closed away by a 3 × 3 brick.
        var pixels = [UInt8](repeating: 255, count: 20 * 20)
        for x in 0..<20 { pixels[10 * 20 + x] = 0 }
        let closed = try Image.gray(width: 20, height: 20, pixels: pixels).closedGray(size: 3)
        #expect(closed.grayValue(x: 10, y: 10) == 255)
    }
}
