import Foundation
import Imaging
import Testing
import TestSupport

@Suite("Image operations")
struct ImageOperationTests {
    /// A serial line drawn here (RGB, a few hundred pixels wide).
    func sample() throws -> Image { try LineSet.line(1).image }

    @Test func geometry() throws {
        let img = try sample()
        #expect(try img.scaled(by: 2).width == 2 * img.width)
        let r = try img.rotated(quarterTurns: 1)
        #expect(r.width == img.height && r.height == img.width)
        let c = try img.cropped(to: PixelRect(x: img.width - 50, y: img.height - 10, width: 100, height: 100))
        #expect(c.width == 50 && c.height == 10, "crop is clamped to the image")
        #expect(throws: ImagingError.self) { try img.cropped(to: PixelRect(x: img.width + 100, y: 0, width: 10, height: 10)) }
    }

    @Test func binarisationGivesOneBitImages() throws {
        let img = try sample().scaled(by: 3)
        #expect(try img.binarized(.sauvola).depth == 1)
        #expect(try img.binarized(.otsu).depth == 1)
        #expect(try img.backgroundNormalized().depth == 8)
    }

    @Test func grayBytesRoundTrip() throws {
        let pixels: [UInt8] = (0..<(7 * 5)).map { UInt8($0 * 7) }
        let img = try pixels.withUnsafeBufferPointer { try Image(grayBytes: $0, width: 7, height: 5, stride: 7) }
        #expect(try img.grayBytes() == pixels)
        #expect(img.grayValue(x: 3, y: 2) == pixels[2 * 7 + 3])
    }

    @Test func invertedIsComplement() throws {
        let img = try Image.blank(width: 4, height: 4, gray: 200)
        #expect(try img.inverted().grayValue(x: 1, y: 1) == 55)
    }

    /// Every intermediate image is released (and its PIX destroyed in deinit) once unused.
    @Test func everyImageIsFreed() throws {
        weak var original: Image?
        weak var intermediate: Image?
        weak var result: Image?
        for _ in 0..<200 {
            try autoreleasepool {
                let img = try sample()
                let gray = try img.grayscale().scaled(by: 2)
                let bin = try gray.binarized(.sauvola)
                original = img; intermediate = gray; result = bin
            }
        }
        #expect(original == nil && intermediate == nil && result == nil)
    }
}

/// Linux has no autorelease pool; a plain scope gives the same lifetime.
func autoreleasepool<T>(_ body: () throws -> T) rethrows -> T { try body() }

@Suite("Coloured ink")
struct ColoredInkTests {
    /// One row: paper, black print, a photographed blue stamp, a red seal, black under the stamp.
    static let pixels: [(UInt8, UInt8, UInt8)] = [(230, 228, 220), (30, 29, 27), (96, 97, 151), (200, 40, 40), (20, 20, 40)]

    @Test func stampsFadeIntoThePaperWhileBlackPrintStays() throws {
        var bytes: [UInt8] = []
        for p in Self.pixels { bytes += [p.0, p.1, p.2, 255] }
        let image = try bytes.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: Self.pixels.count, height: 1, stride: bytes.count) }
        let faded = try image.coloredInkFaded()
        #expect(faded.depth == 8)
        let v = try faded.grayBytes()
        #expect(v[0] >= 230)                 // paper: its brightest channel, a little chroma
        #expect(v[1] <= 35)                  // black print unchanged
        #expect(v[2] >= 220)                 // the blue stamp is paper now
        #expect(v[3] == 255)                 // so is the red seal
        #expect(v[4] <= 80)                  // black under the stamp stays dark
        // The plain grey conversion keeps the stamp as dark as print's half-tone.
        let gray = try image.grayscale().grayBytes()
        #expect(gray[2] < 130)
    }

    /// A stamp's hairline as a JPEG stores it: its colour kept at half resolution, so the pixels
    /// at its edges are dark but nearly grey. Faded pixel by pixel they stay a grey outline;
    /// faded by the most chroma around them (`chromaSpread` 3) they fade with the line. Print
    /// two pixels away keeps its black.
    @Test func aStampsHairlineFadesWithItsEdgesWhenItsChromaIsSpread() throws {
        let row: [(UInt8, UInt8, UInt8)] = [(230, 228, 224), (150, 148, 160), (96, 97, 151), (150, 148, 160), (230, 228, 224),
                                            (228, 227, 225), (30, 29, 27), (30, 29, 27), (230, 228, 224)]
        var bytes: [UInt8] = []
        for p in row { bytes += [p.0, p.1, p.2, 255] }
        let image = try bytes.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: row.count, height: 1, stride: bytes.count) }
        let own = try image.coloredInkFaded().grayBytes()
        let spread = try image.coloredInkFaded(chromaSpread: 3).grayBytes()
        #expect(own[1] < 190 && own[3] < 190)
        #expect(spread[1] >= 220 && spread[2] >= 220 && spread[3] >= 220)
        #expect(spread[6] <= 40 && spread[7] <= 40)
    }

    @Test func aGreyImageIsReturnedAsGrey() throws {
        let g = try Image.gray(width: 4, height: 1, pixels: [0, 80, 160, 255])
        #expect(try g.coloredInkFaded().grayBytes() == [0, 80, 160, 255])
    }
}
