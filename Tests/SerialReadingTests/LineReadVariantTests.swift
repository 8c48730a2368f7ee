@testable import SerialReading
import Foundation
import Imaging
import Testing
import TestSupport

/// A line's band is preprocessed before its read (`lines.read_variant`): a screen photo's moiré
/// stripes, as strong as the text's own contrast once the value is blurred, are averaged out.
struct LineReadVariantTests {
    /// Vertical stripes of `period` px and ±`amplitude` grey levels on 200 grey.
    static func striped(width: Int = 240, height: Int = 60, period: Double = 4.7, amplitude: Double = 14) throws -> Image {
        var px = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { px[y * width + x] = UInt8(200 + amplitude * cos(2 * .pi * Double(x) / period)) }
        }
        return try Image.gray(width: width, height: height, pixels: px)
    }

    /// Standard deviation of the middle row's grey levels (the stripes' strength).
    static func rowSpread(_ img: Image) throws -> Double {
        let px = try img.grayBytes(), w = img.width, y = img.height / 2
        let row = (w / 4..<(3 * w / 4)).map { Double(px[y * w + $0]) }
        let mean = row.reduce(0, +) / Double(row.count)
        return (row.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(row.count)).squareRoot()
    }

    static func lines(_ variant: Preset.Variant?) throws -> Preset.Lines {
        var l = try #require(try PresetCatalog.untimed().preset("screen").lines)
        l.readVariant = variant
        return l
    }

    @Test(arguments: [Preset.Variant.smooth, .descreen])
    func theStripesAreTakenOut(_ variant: Preset.Variant) throws {
        let band = try Self.striped()
        let plain = try Self.rowSpread(try Self.lines(nil).readImage(band, factor: 1))
        let read = try Self.rowSpread(try Self.lines(variant).readImage(band, factor: 1))
        #expect(plain > 8)
        #expect(read < plain / 4, "stripes \(plain) → \(read)")
    }

    @Test func readImageScalesToTheTargetFirst() throws {
        let band = try Self.striped(width: 200, height: 50)
        let read = try Self.lines(.smooth).readImage(band, factor: 0.5)
        #expect(read.width == 100 && read.height == 25)
    }

    /// Strokes of grey `ink` (3 px wide every 12 px, rows 20–39) on grey `ground`.
    static func strokes(ground: UInt8, ink: UInt8, width: Int = 240, height: Int = 60) throws -> Image {
        var px = [UInt8](repeating: ground, count: width * height)
        for y in 20..<40 {
            for x in 0..<width where x % 12 < 3 { px[y * width + x] = ink }
        }
        return try Image.gray(width: width, height: height, pixels: px)
    }

    /// The ground's grey (the band's top row, mean) and the strokes' (their middle row, mean).
    static func levels(_ img: Image) throws -> (ground: Double, ink: Double) {
        let px = try img.grayBytes(), w = img.width
        let ground = (0..<w).map { Double(px[$0]) }.reduce(0, +) / Double(w)
        let strokes = (0..<w).filter { $0 % 12 == 1 }.map { Double(px[30 * w + $0]) }
        return (ground, strokes.reduce(0, +) / Double(strokes.count))
    }

    /// Glyphs found light on dark (a row etched light on a space-grey case) are read dark on
    /// light, as the model learned them: the band is inverted before its variant, and the
    /// flattening then levels the case to paper white. Not inverted, the flattening takes the
    /// light strokes for the background (etched 104811 #41: `…TQMD6R` at 0.79 for `…T0MD6R`).
    @Test func lightGlyphsAreReadDarkOnLight() throws {
        let lines = try #require(try PresetCatalog.untimed().preset("etched").lines)
        #expect(lines.readVariant == .backgroundNorm)
        let band = try Self.strokes(ground: 60, ink: 150)
        let light = try Self.levels(try lines.readImage(band, factor: 1, polarity: .light))
        #expect(light.ground > 150 && light.ink < light.ground - 60, "light glyphs read: ground \(light.ground), strokes \(light.ink)")
        let asFound = try Self.levels(try lines.readImage(band, factor: 1, polarity: .dark))
        #expect(asFound.ink > asFound.ground, "dark glyphs read: ground \(asFound.ground), strokes \(asFound.ink)")
    }

    @Test func screensReadTheirLinesDescreenedEtchedCasesFlattenedStickersAsTheyAre() throws {
        let catalog = try PresetCatalog.untimed()
        #expect(try catalog.preset("screen").lines?.readVariant == .descreen)
        #expect(try catalog.preset("etched").lines?.readVariant == .backgroundNorm)
        #expect(try catalog.preset("sticker").lines?.readVariant == nil)
        #expect(try catalog.preset("screen").flatParameters["lines"]?.contains("read_variant=descreen") == true)
    }

    /// A bundled screen photo whose value, blurred under moiré, the line read took for garbage
    /// (no answer at all before the screen preset's lines were read without it).
    @Test func aBlurredValueUnderMoireIsRead() throws {
        let dir = Fixtures.bundled("screen")
        let truth = try #require(try Fixtures.labels(dir)["screen_00011.jpg"])
        let engines = try SerialEngines()
        let pipeline = try engines.pipeline(for: try PresetCatalog.untimed().preset("screen"), named: "screen")
        let top = try #require(pipeline.read(try Image(contentsOf: dir.appendingPathComponent("screen_00011.jpg"))).candidates.first)
        #expect(top.text == truth, "\(top.text) at \(top.confidence)")
        #expect(top.confidence >= 0.5)
    }
}
