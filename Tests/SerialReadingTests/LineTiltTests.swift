@testable import SerialReading
import Foundation
import Imaging
import ReadingCore
import Testing

/// Text tilted past what lines chain at: the steep pieces it chains in, and their tilt.
struct LineTiltTests {
    /// A chain of `count` 10×16 glyphs 14 px apart, rising or falling by `slope` per px.
    static func line(_ count: Int, slope: Double, y: Double = 200) throws -> TextLine {
        try #require(TextLine(glyphs: (0..<count).map { i in
            let x = 100 + 14 * i
            return PixelRect(x: x, y: Int(y + slope * Double(x)) - 16, width: 10, height: 16)
        }))
    }

    @Test func onlyLinesSteeperThanTheFinderChainsWholeCount() throws {
        let level = try Self.line(20, slope: 0.05), steep = try Self.line(6, slope: 0.6)
        #expect(LineStage.steepAngles([level]).isEmpty)
        let angles = LineStage.steepAngles([level, steep])
        #expect(angles.count == steep.glyphCount)
        #expect(angles.allSatisfy { abs($0 - atan(0.6)) < 0.02 })
    }

    @Test func theTiltIsTheSteepGlyphsMedianOnceTwoLinesWorthAreSeen() throws {
        var angles = LineStage.steepAngles([try Self.line(6, slope: 0.6)])
        #expect(LineStage.tilt(angles, minGlyphs: 6) == nil)
        angles += LineStage.steepAngles([try Self.line(6, slope: 0.55), try Self.line(6, slope: 0.7)])
        let tilt = try #require(LineStage.tilt(angles, minGlyphs: 6))
        #expect(abs(tilt - atan(0.6)) < 0.02)
        // Falling lines tilt the other way.
        let falling = LineStage.steepAngles([try Self.line(8, slope: -0.6, y: 400), try Self.line(8, slope: -0.6, y: 500)])
        #expect(try #require(LineStage.tilt(falling, minGlyphs: 6)) < -0.5)
    }
}
