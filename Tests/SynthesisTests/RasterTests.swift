import Foundation
import Testing
@testable import Synthesis

/// The camera effects applied to the packed pixels after drawing.
struct RasterTests {
    /// A canvas with a dark square at (20…39, 10…29) on light grey.
    static func canvas() throws -> Canvas {
        let c = try Canvas(width: 80, height: 60)
        c.fill(RGB(gray: 0.8))
        c.fill(RGB(0.1, 0.2, 0.3), rect: Box(x: 20, y: 10, width: 20, height: 20))
        return c
    }

    static func rgb(_ p: UInt32) -> (Int, Int, Int) { (Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF)) }

    @Test func warpOfTheWholeFrameIsTheIdentity() throws {
        let r = Raster(try Self.canvas())
        let same = r.perspectiveWarped(source: [[0, 0], [79, 0], [79, 59], [0, 59]])
        #expect(same.pixels == r.pixels)
    }

    @Test func warpStretchesTheSourceQuadOverTheFrameKeepingColours() throws {
        let r = Raster(try Self.canvas())
        // The left half of the source onto the whole frame: x doubles.
        let half = r.perspectiveWarped(source: [[0, 0], [39.5, 0], [39.5, 59], [0, 59]])
        let inside = Self.rgb(half.pixels[20 * 80 + 60])  // source x = 29.6: in the square
        let outside = Self.rgb(half.pixels[20 * 80 + 20])  // source x = 10: grey
        #expect(abs(inside.0 - 26) <= 1 && abs(inside.1 - 51) <= 1 && abs(inside.2 - 77) <= 1, "\(inside)")
        #expect(outside == (204, 204, 204))
        // A true keystone leaves white where the frame shows nothing of the photo.
        let keystone = r.perspectiveWarped(source: [[-20, 0], [99, 0], [79, 59], [0, 59]])
        #expect(keystone.pixels[0] == 0xFFFF_FFFF)
    }

    @Test func defocusKeepsFlatAreasAndSoftensEdges() throws {
        let r = Raster(try Self.canvas())
        let blurred = r.defocused(halfWidth: 2)
        #expect(Self.rgb(blurred.pixels[50 * 80 + 70]) == (204, 204, 204), "flat grey stays")
        #expect(Self.rgb(blurred.pixels[20 * 80 + 30]) == Self.rgb(r.pixels[20 * 80 + 30]), "the square's middle stays")
        let edge = Self.rgb(blurred.pixels[20 * 80 + 20]).0
        #expect(edge > 26 && edge < 204, "the edge is between the two: \(edge)")
        #expect(r.defocused(halfWidth: 0).pixels == r.pixels)
    }

    @Test func motionBlurSmearsAlongItsDirectionOnly() throws {
        let r = Raster(try Self.canvas())
        let horizontal = r.motionBlurred(length: 9, angleDegrees: 0)
        // Beside the square's left edge the smear reaches in; above and below it does not.
        #expect(Self.rgb(horizontal.pixels[20 * 80 + 17]).0 < 204, "smeared to the left")
        #expect(Self.rgb(horizontal.pixels[6 * 80 + 30]) == (204, 204, 204), "not smeared upwards")
        #expect(Self.rgb(horizontal.pixels[20 * 80 + 30]) == Self.rgb(r.pixels[20 * 80 + 30]), "the middle stays")
        #expect(r.motionBlurred(length: 1, angleDegrees: 30).pixels == r.pixels)
    }
}
