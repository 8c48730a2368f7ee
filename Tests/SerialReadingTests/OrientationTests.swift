@testable import SerialReading
import Imaging
import ReadingCore
import Recognition
import Testing
import TestSupport

/// Upright or upside down, from the longest lines read both ways.
@Suite(.serialized)
struct OrientationTests {
    /// The lines of a committed sticker render of ours (photographed upright), turned by
    /// `quarterTurns`, and the probe's verdict on them.
    static func verdict(turned quarterTurns: Int) throws -> (Orientation, Orientation.Verdict) {
        let preset = try PresetCatalog.untimed().preset("sticker")
        let settings = try #require(preset.lines)
        let url = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/sticker/sticker_00000.jpg")
        let gray = try Image(contentsOf: url).grayscale().rotated(quarterTurns: quarterTurns)
        let finding = LineFinding(settings: settings, rotations: preset.rotations)
        var clock = StageClock()
        let page = try finding.page(gray, clock: &clock)
        let found = try #require(finding.lines(in: page, polarity: .dark, clock: &clock))
        #expect(found.rotation == 0)
        let engine = try SerialEngines().serialEngine(for: preset, named: "sticker")
        let orientation = Orientation(settings: preset.orientation, lines: settings, anchors: AnchorMatching(anchors: preset.anchors), engine: engine, deadline: .never, lineSink: nil)
        let lines = finding.textFirst(found.lines, turned: 0, in: page)
        let verdict = try orientation.probe(lines, in: gray, fit: page.fit, clock: &clock)
        #expect(clock.timings.last?.stage == "lines:orientation")
        return (orientation, verdict)
    }

    @Test func anUprightPhotoReadsUpright() throws {
        let (orientation, verdict) = try Self.verdict(turned: 0)
        #expect(!orientation.isFlipped(verdict), "upright \(verdict.upright), turned \(verdict.flipped)")
        // Whole lines read upright are kept for the line stage.
        #expect(!verdict.cache.isEmpty)
    }

    @Test func anUpsideDownPhotoReadsTurned() throws {
        let (orientation, verdict) = try Self.verdict(turned: 2)
        #expect(orientation.isFlipped(verdict), "upright \(verdict.upright), turned \(verdict.flipped)")
    }

    @Test func theFlipMarginComesFromThePreset() throws {
        var settings = Preset.Orientation()
        let close = Orientation.Verdict(upright: 0.5, flipped: 0.54)
        let o = { (s: Preset.Orientation) in
            Orientation(settings: s, lines: Preset.Lines(maxSide: 1600, targetHeight: 36, maxLines: 16, minGlyphs: 6, polarities: [.dark]),
                        anchors: AnchorMatching(anchors: []), engine: try OCREngine(), deadline: .never, lineSink: nil)
        }
        #expect(try !o(settings).isFlipped(close))
        settings.flipMargin = 0.01
        #expect(try o(settings).isFlipped(close))
    }
}

/// A long line (over 50 glyphs) probed first is read whole upright, for the line stage to
/// keep; that read decides alone only when it is sure, otherwise the middle is read both ways as
/// before (a whole line's mean confidence is no measure beside a middle's).
@Suite(.serialized)
struct OrientationLongLineTests {
    /// The probe over the first line (the `k`th) of over 50 glyphs of a bundled etched close-up
    /// (upright; the second ends in `Serial DX3NHDF0Q6LR`), turned by `quarterTurns`, with
    /// `sureUpright` when given; `labels: false` matches no label.
    static func probe(turned quarterTurns: Int, wholeUpright: Bool, sureUpright: Double? = nil, labels: Bool = true,
                      line k: Int = 0) throws
        -> (line: TextLine, score: Orientation.Scores, cache: [TextLine: LineBandRead]) {
        let preset = try PresetCatalog.untimed().preset("etched")
        let settings = try #require(preset.lines)
        let gray = try Image(contentsOf: Fixtures.bundled("etched").appendingPathComponent("etched_00007.jpg")).grayscale()
            .rotated(quarterTurns: quarterTurns)
        let finding = LineFinding(settings: settings, rotations: preset.rotations)
        var clock = StageClock()
        let page = try finding.page(gray, clock: &clock)
        let found = try #require(finding.lines(in: page, polarity: .dark, clock: &clock))
        let long = found.lines.filter { $0.glyphs.count > 50 }
        let line = try #require(long.indices.contains(k) ? long[k] : nil, "\(long.count) long lines")
        let engine = try SerialEngines().serialEngine(for: preset, named: "etched")
        var thresholds = preset.orientation
        if let sureUpright { thresholds.sureUpright = sureUpright }
        let orientation = Orientation(settings: thresholds, lines: settings, anchors: AnchorMatching(anchors: labels ? preset.anchors : []), engine: engine, deadline: .never, lineSink: nil)
        var cache: [TextLine: LineBandRead] = [:]
        let score = try orientation.scores(line, in: gray, fit: page.fit, wholeUpright: wholeUpright, cache: &cache)
        return (line, score, cache)
    }

    @Test func theFirstLongLineIsReadWholeUprightAndKept() throws {
        let whole = try Self.probe(turned: 0, wholeUpright: true)
        let middle = try Self.probe(turned: 0, wholeUpright: false)
        let kept = try #require(whole.cache[whole.line])
        #expect(middle.cache.isEmpty)
        // The whole line's read holds more than the middle's.
        #expect(kept.text.text.count > middle.score.uprightText.count + 10, "'\(kept.text.text)' vs '\(middle.score.uprightText)'")
        #expect(whole.score.upright > whole.score.flipped)
    }

    @Test func anUnsureWholeReadLeavesTheVerdictToTheMiddle() throws {
        // No read is sure at 1.01, and no label is matched: the whole read is kept, the middle's
        // two reads decide.
        let whole = try Self.probe(turned: 0, wholeUpright: true, sureUpright: 1.01, labels: false)
        let middle = try Self.probe(turned: 0, wholeUpright: false, sureUpright: 1.01, labels: false)
        #expect(whole.cache[whole.line] != nil)
        #expect(!whole.score.labelled)
        #expect(whole.score.upright == middle.score.upright && whole.score.flipped == middle.score.flipped)
        #expect(whole.score.upright > whole.score.flipped)
    }

    @Test func aLabelAndASerialReadUprightDecideAlone() throws {
        // Unsure (1.01), but the whole read holds `Serial` and a valid serial: upright, without
        // the middle's two reads.
        let whole = try Self.probe(turned: 0, wholeUpright: true, sureUpright: 1.01, line: 1)
        #expect(whole.score.labelled, "'\(whole.score.uprightText)'")
        #expect(whole.score.flipped == 0 && whole.score.flippedText.isEmpty)
        #expect(whole.cache[whole.line] != nil)
        // Upside down, no long line's upright read holds a label: the probe reads both ways.
        for k in 0..<2 {
            let turned = try Self.probe(turned: 2, wholeUpright: true, sureUpright: 1.01, line: k)
            #expect(!turned.score.labelled, "'\(turned.score.uprightText)'")
            #expect(!turned.score.flippedText.isEmpty)
        }
    }

    @Test func upsideDownItsTurnedMiddleStillReadsBetter() throws {
        let turned = try Self.probe(turned: 2, wholeUpright: true)
        #expect(turned.score.flipped > turned.score.upright + 0.1, "upright \(turned.score.upright), turned \(turned.score.flipped)")
    }
}
