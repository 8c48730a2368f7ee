@testable import SerialReading
import Imaging
import ReadingCore
import Testing
import TestSupport

/// Lines found without Tesseract, in the quarter turn where they chain.
struct LineFindingTests {
    /// A committed sticker render of ours (photographed upright), in grey, turned by `quarterTurns`.
    static func sticker(turned quarterTurns: Int = 0) throws -> Image {
        let url = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/sticker/sticker_00000.jpg")
        return try Image(contentsOf: url).grayscale().rotated(quarterTurns: quarterTurns)
    }

    static func finding() throws -> LineFinding {
        let preset = try PresetCatalog.untimed().preset("sticker")
        return LineFinding(settings: try #require(preset.lines), rotations: preset.rotations)
    }

    @Test func anUprightPhotosLinesChainUpright() throws {
        let finding = try Self.finding()
        var clock = StageClock()
        let gray = try Self.sticker()
        let page = try finding.page(gray, clock: &clock)
        #expect(page.fit == min(1, 1600 / Double(max(gray.width, gray.height))) && page.polarities == [.dark, .light])
        let found = try #require(finding.lines(in: page, polarity: .dark, clock: &clock))
        #expect(found.rotation == 0)
        // Longest first.
        #expect(found.lines.count >= 2)
        #expect(zip(found.lines, found.lines.dropFirst()).allSatisfy { $0.glyphCount >= $1.glyphCount })
        #expect(clock.timings.map(\.stage) == ["lines:fit", "lines:glyphs", "lines:chain", "lines:chain/rot90"])
    }

    @Test func aTurnedPhotosLinesChainAQuarterTurnOver() throws {
        let finding = try Self.finding()
        var clock = StageClock()
        let page = try finding.page(try Self.sticker(turned: 1), clock: &clock)
        let found = try #require(finding.lines(in: page, polarity: .dark, clock: &clock))
        #expect(found.rotation == 90)
        // Turned by the glyphs alone, the same lines come back (edges last).
        let again = finding.lines(of: found.glyphs, turnedTo: 90, in: page)
        #expect(Set(again) == Set(found.lines))
    }

    @Test func edgesAreReadLast() throws {
        let finding = try Self.finding()
        var clock = StageClock()
        let page = try finding.page(try Self.sticker(), clock: &clock)
        let found = try #require(finding.lines(in: page, polarity: .dark, clock: &clock))
        let ordered = finding.textFirst(found.lines, turned: 0, in: page)
        let edge = ordered.map { TextLineFinder.looksLikeEdge($0, pixels: page.pixels, width: page.width, height: page.height) }
        #expect(Set(ordered) == Set(found.lines))
        #expect(edge == edge.sorted { !$0 && $1 })
    }

    @Test func aLargePhotoIsFittedAndBlankPagesHaveNoLines() throws {
        var finding = try Self.finding()
        finding.settings.maxSide = 200
        var clock = StageClock()
        let page = try finding.page(try Image.blank(width: 400, height: 200), clock: &clock)
        #expect(page.fit == 0.5 && page.width == 200 && page.height == 100)
        let blank = try finding.page(try Image.blank(width: 300, height: 100), clock: &clock)
        #expect(finding.lines(in: blank, polarity: .dark, clock: &clock) == nil)
    }

    /// A screen photographed from afar (glyphs of about 11 px): under the screen preset's box
    /// mean a word's letters merge, and a word turned on end chains with the next row's; the
    /// turn the rows run in must win for most. The committed screen renders, shrunk to 11 px
    /// glyphs: 12 of 30 were chained turned when merged words counted as one glyph, 5 now.
    @Test func aSmallScreensRowsChainUpright() throws {
        let preset = try PresetCatalog.untimed().preset("screen")
        let finding = LineFinding(settings: try #require(preset.lines), rotations: preset.rotations)
        let folder = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/screen")
        let rows = try String(contentsOf: folder.appendingPathComponent("labels.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count >= 30)
        var turned: [String] = []
        for row in rows {
            let glyph = try #require(Double(row[6]))
            let gray = try Image(contentsOf: folder.appendingPathComponent(row[0])).grayscale()
            var clock = StageClock()
            let page = try finding.page(try gray.scaled(by: 11 / glyph), clock: &clock)
            let found = try #require(finding.lines(in: page, polarity: page.polarities[0], clock: &clock))
            if found.rotation != 0 { turned.append(row[0]) }
        }
        #expect(turned.count <= rows.count / 5, "read turned: \(turned)")
    }

    @Test func aDarkModeScreenTriesLightTextFirst() throws {
        let preset = try PresetCatalog.untimed().preset("screen")
        let finding = LineFinding(settings: try #require(preset.lines), rotations: preset.rotations)
        var clock = StageClock()
        let dark = try Image.gray(width: 100, height: 60, pixels: [UInt8](repeating: 20, count: 6000))
        #expect(try finding.page(dark, clock: &clock).polarities == [.light, .dark])
        #expect(LineFinding.medianGray([5, 200, 10]) == 10)
    }
}
