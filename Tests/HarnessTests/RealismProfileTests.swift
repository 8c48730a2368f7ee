import Evaluation
import Foundation
import Harness
import Imaging
import Synthesis
import Testing
import TestSupport

@Suite("Realism profile")
struct RealismProfileTests {
    @Test(arguments: [12.0, 20.0])
    func aLinesGlyphHeightIsItsCapHeight(capHeight: Double) throws {
        let meter = RealismMeter(engine: nil)
        // Flat-topped capitals and digits: round ones (0, G, C) overshoot the cap height and
        // the baseline by a pixel or two at 20 px, which the finder's height includes.
        let sample = try meter.measure(LineRender.image(of: "EHF7LZ1471KXN", capHeight: capHeight), file: "line", truth: "EHF7LZ1471KXN")
        #expect(sample.lineHeights.count == 1)
        #expect(abs((sample.lineHeights.first ?? 0) - capHeight) <= 1, "\(sample.lineHeights)")
        let serial = try meter.measure(LineRender.image(of: "C02Y94ZEJG5H", capHeight: capHeight), file: "serial", truth: nil)
        #expect(serial.lineHeights.count == 1)
        #expect(abs((serial.lineHeights.first ?? 0) - capHeight) <= 0.1 * capHeight, "\(serial.lineHeights)")
        #expect(sample.lineRotation == 0 && !sample.lightText)
        // Without an engine no row is looked for.
        #expect(sample.rowStatus == .noTruth && sample.row == nil)
    }

    @Test func aQuarterTurnedLineIsFoundTurned() throws {
        let meter = RealismMeter(engine: nil)
        let image = try LineRender.image(of: "C02Y94ZEJG5H", capHeight: 16).rotated(quarterTurns: 1)
        let sample = try meter.measure(image, file: "turned", truth: nil)
        #expect(sample.lineRotation == 90)
        #expect(sample.lineHeights.count == 1 && abs((sample.lineHeights.first ?? 0) - 16) <= 1.5, "\(sample.lineHeights)")
    }

    @Test func lightTextOnDarkIsFoundAsLight() throws {
        let sample = try RealismMeter(engine: nil).measure(LineRender.image(of: "C02Y94ZEJG5H", capHeight: 16).inverted(), file: "dark", truth: nil)
        #expect(sample.lightText && sample.lineHeights.count == 1)
    }

    @Test func aFolderCountsRowsFoundNotFoundAndUnreadable() throws {
        let dir = try Fixtures.tempDir("scanbench-realism")
        let page = try Self.page(["MODEL A1990 EMC 3359", "Serial C02Y94ZEJG5H", "FCC ID BCGA1990"], capHeight: 14)
        try page.pngData().write(to: dir.appendingPathComponent("page.png"))
        try page.rotated(quarterTurns: 1).pngData().write(to: dir.appendingPathComponent("turned.png"))
        try page.pngData().write(to: dir.appendingPathComponent("wrong.png"))
        try page.pngData().write(to: dir.appendingPathComponent("negative.png"))
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("broken.jpg"))
        try """
        filename,serial
        page.png,C02Y94ZEJG5H
        turned.png,C02Y94ZEJG5H
        wrong.png,M06CK45V4G
        negative.png,
        broken.jpg,C02Y94ZEJG5H

        """.write(to: dir.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)

        let profile = try RealismProfile.measure(folder: dir)
        let s = profile.summary
        #expect(profile.schema == .serial && profile.engine != nil)
        #expect(s.images == 5 && s.unreadable == 1)
        #expect(s.rowsFound == 2 && s.rowsNotFound == 1 && s.noTruth == 1, "\(profile.samples.map { ($0.file, $0.rowStatus, $0.row?.text ?? "") })")
        #expect(s.withLines == 4 && s.turned == 1)
        #expect(s.linesPerImage.p50 == 3)

        let row = try #require(profile.samples.first { $0.file == "page.png" }?.row)
        #expect(row.rotation == 0 && row.distance <= 2)
        #expect(abs(row.glyphHeight - 14) <= 1.5)
        // Dark grey (0.12) on light grey (0.92): about 200 grey levels, less the antialiased edges.
        #expect(row.contrast > 150 && row.contrast < 215, "\(row.contrast)")
        #expect(row.sharpness > 0)
        let turned = try #require(profile.samples.first { $0.file == "turned.png" }?.row)
        #expect(turned.rotation == 270)
        #expect(profile.samples.first { $0.file == "broken.jpg" }?.error != nil)
    }

    @Test func aSerialShownTwiceIsMeasuredOnItsLongerLine() throws {
        let dir = try Fixtures.tempDir("scanbench-realism-twice")
        let etched = try Self.page(["FCC ID BCGA1990 EMC 3359 Serial C02Y94ZEJG5H"], capHeight: 12)
        let sticker = try Self.page(["Sl.# C02Y94ZEJG5H"], capHeight: 24)
        try Self.stack([sticker, etched]).pngData().write(to: dir.appendingPathComponent("both.png"))
        try "filename,serial\nboth.png,C02Y94ZEJG5H\n".write(to: dir.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        let profile = try RealismProfile.measure(folder: dir)
        let row = try #require(profile.samples.first?.row, "\(profile.samples)")
        #expect(row.holdingLines == 2)
        #expect(abs(row.glyphHeight - 12) <= 1.5, "\(row)")
        #expect(profile.summary.rowsShownTwice == 1)
    }

    @Test(.needsRealDev) func theRealPhotosAreMeasured() throws {
        let profile = try RealismProfile.measure(folder: Fixtures.realDev)
        let s = profile.summary
        #expect(s.images == 9 && s.unreadable == 0)
        #expect(s.withLines >= 8)
        #expect(s.rowsFound + s.rowsNotFound == 9)
        #expect(s.rowsFound >= 7, "\(profile.samples.map { ($0.file, $0.rowStatus, $0.row?.text ?? "") })")
    }

    /// `lines` drawn by `LineRender`, one under the other, on the renderer's background.
    static func page(_ lines: [String], capHeight: Double) throws -> Image {
        try stack(lines.map { try LineRender.image(of: $0, capHeight: capHeight) })
    }

    /// 8-bit `images` one under the other, left-aligned, padded with the first one's corner grey.
    static func stack(_ images: [Image]) throws -> Image {
        let width = images.map(\.width).max() ?? 1
        let background = images.first?.grayValue(x: 0, y: 0) ?? 235
        var pixels: [UInt8] = []
        for image in images {
            let g = try image.grayBytes()
            for y in 0..<image.height {
                pixels += g[(y * image.width)..<((y + 1) * image.width)]
                pixels += [UInt8](repeating: background, count: width - image.width)
            }
        }
        return try Image.gray(width: width, height: pixels.count / width, pixels: pixels)
    }
}
