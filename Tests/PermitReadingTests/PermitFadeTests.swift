import Foundation
import Imaging
@testable import PermitReading
import Testing

/// Stamps are faded inside the page outline only: every pixel inside the quadrilateral takes the
/// faded grey, every pixel outside the plain grey, exactly as a pixel-by-pixel test says.
@Suite("Permit stamp fading inside the page")
struct PermitFadeTests {
    /// A corner of a bundled permit photo (colour JPEG: a coloured table and the page's edge).
    static func colourful() throws -> Image {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Datasets/synthetic/permit/permit_00004.jpg").standardizedFileURL
        return try Image(data: Data(contentsOf: url)).cropped(to: PixelRect(x: 0, y: 0, width: 180, height: 120))
    }

    @Test(arguments: [
        // A tilted page inside the frame, one touching two borders, one reaching past them.
        [SIMD2(20.3, 11.7), SIMD2(170.9, 25.2), SIMD2(150.4, 118.6), SIMD2(8.1, 101.9)],
        [SIMD2(0.0, 0.0), SIMD2(179.0, 0.0), SIMD2(179.0, 119.0), SIMD2(0.0, 119.0)],
        [SIMD2(-15.5, 4.2), SIMD2(190.0, -8.0), SIMD2(170.2, 131.0), SIMD2(12.0, 125.5)],
    ])
    func fadesExactlyTheQuadrilateral(_ corners: [SIMD2<Double>]) throws {
        let image = try Self.colourful()
        #expect(image.width == 180 && image.height == 120)
        let out = try PermitPipeline.fadedInside(corners, of: image).grayBytes()
        let faded = try image.coloredInkFaded().grayBytes()
        let gray = try image.grayBytes()
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                var inside = true
                for i in 0..<4 {
                    let a = corners[i], b = corners[(i + 1) % 4]
                    if (b.x - a.x) * (Double(y) - a.y) - (b.y - a.y) * (Double(x) - a.x) < 0 { inside = false }
                }
                let i = y * image.width + x
                if out[i] != (inside ? faded[i] : gray[i]) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(faded != gray)
    }
}
