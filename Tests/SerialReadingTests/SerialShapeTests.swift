@testable import SerialReading
import Imaging
import ReadingCore
import Recognition
import Testing
import TestSupport

/// A serial's word is told from prose before it is read, and its row is read first.
struct SerialShapeTests {
    /// A white 600×120 page with dark glyph boxes 12 px wide, 4 px apart from x = 20 on the
    /// baseline y = 80: `heights` of them, a word space (`space` px more) where a height is 0.
    static func page(_ heights: [Int], space: Int = 14) throws -> (Image, TextLine) {
        let w = 600, h = 120
        var px = [UInt8](repeating: 235, count: w * h)
        var boxes: [PixelRect] = []
        var x = 20
        for gh in heights {
            guard gh > 0 else { x += space; continue }
            for y in (80 - gh)..<80 { for xx in x..<(x + 12) { px[y * w + xx] = 40 } }
            boxes.append(PixelRect(x: x, y: 80 - gh, width: 12, height: gh))
            x += 16
        }
        return (try Image.gray(width: w, height: h, pixels: px), try #require(TextLine(glyphs: boxes)))
    }

    /// Ten capitals after a four-letter label.
    static let serial = [20, 20, 20, 20, 0] + Array(repeating: 20, count: 10)
    /// `Information` after `Apple`: x-height letters (14 px) with ascenders (20 px).
    static let prose = [20, 20, 20, 20, 14, 0, 20, 14, 20, 14, 14, 14, 14, 20, 20, 14, 14]

    @Test func wordsSplitAtWordSpaces() throws {
        let (_, line) = try Self.page(Self.serial)
        #expect(SerialShape.words(of: line).map(\.count) == [4, 10])
    }

    @Test func capitalsReachTheirHeightAlongTheWordAndLowerCaseOnlyAtAscenders() throws {
        let (capitals, serialLine) = try Self.page(Self.serial)
        let (lower, proseLine) = try Self.page(Self.prose)
        let serialWord = try #require(SerialShape.words(of: serialLine).last)
        let proseWord = try #require(SerialShape.words(of: proseLine).last)
        let caps = try #require(SerialShape.capitalShare(serialWord, of: serialLine, pixels: try capitals.grayBytes(), width: 600, height: 120))
        let small = try #require(SerialShape.capitalShare(proseWord, of: proseLine, pixels: try lower.grayBytes(), width: 600, height: 120))
        #expect(caps > 0.9 && small < SerialShape.capsShare, "capitals \(caps), lower case \(small)")
        #expect(SerialShape.endsInSerialWord(serialLine, pixels: try capitals.grayBytes(), width: 600, height: 120))
        #expect(!SerialShape.endsInSerialWord(proseLine, pixels: try lower.grayBytes(), width: 600, height: 120))
        // Light text on a dark ground is told the same way.
        let inverted = try capitals.grayBytes().map { 255 - $0 }
        #expect(SerialShape.endsInSerialWord(serialLine, pixels: inverted, width: 600, height: 120))
        // Too few glyphs for a serial: a model number's word.
        let (short, shortLine) = try Self.page([20, 20, 20, 20, 0] + Array(repeating: 20, count: 6))
        #expect(!SerialShape.endsInSerialWord(shortLine, pixels: try short.grayBytes(), width: 600, height: 120))
    }

    /// Small etched text sets `Serial` and its serial a narrow space apart (8 px between boxes
    /// here, 0.4 glyph heights, where letters are 4 px apart): one word of 16 glyphs, whose tail
    /// after its widest gap is the serial. Prose of as many glyphs evenly spaced has no tail.
    @Test func aSerialANarrowSpaceAfterItsLabelIsFound() throws {
        let label = [20, 14, 14, 14, 20, 20]
        let (narrow, line) = try Self.page(label + [0] + Array(repeating: 20, count: 10), space: 4)
        let words = SerialShape.words(of: line)
        #expect(words.map(\.count) == [16])
        #expect(SerialShape.tail(of: words[0], glyphHeight: line.glyphHeight)?.count == 10)
        #expect(SerialShape.endsInSerialWord(line, pixels: try narrow.grayBytes(), width: 600, height: 120))
        // Sixteen capitals evenly spaced: no gap to split at, and too long for a serial.
        let (even, evenLine) = try Self.page(Array(repeating: 20, count: 16))
        #expect(SerialShape.tail(of: SerialShape.words(of: evenLine)[0], glyphHeight: evenLine.glyphHeight) == nil)
        #expect(!SerialShape.endsInSerialWord(evenLine, pixels: try even.grayBytes(), width: 600, height: 120))
        // A tail is a serial only when it looks like one: lower-case letters after the gap are not.
        let (prose, proseLine) = try Self.page([20, 20, 20, 20, 20, 20, 0, 14, 14, 20, 14, 14, 14, 14, 14, 20, 14, 14], space: 4)
        #expect(SerialShape.tail(of: SerialShape.words(of: proseLine)[0], glyphHeight: proseLine.glyphHeight)?.count == 11)
        #expect(!SerialShape.endsInSerialWord(proseLine, pixels: try prose.grayBytes(), width: 600, height: 120))
    }

    @Test func aSerialLineComesFirstAfterTheLabelItContinues() throws {
        let line = { (x: Int, n: Int) in TextLine(glyphs: (0..<n).map { PixelRect(x: x + 16 * $0, y: 60, width: 12, height: 20) })! }
        let prose = line(20, 30), label = line(20, 8), value = line(400, 10), other = line(900, 12)
        let ordered = SerialShape.serialFirst([prose, label, value, other], shaped: [false, false, true, false])
        // `other` starts right of the value, not on a line before it: it is no label of it.
        #expect(ordered == [label, value, prose, other])
    }

    /// A serial-shaped line among the `max_lines` longest is read first; past them it stays
    /// unread, however serial-shaped (brushed metal's texture chains into such lines).
    @Test func onlyTheLinesReadAreReordered() throws {
        // Eight prose rows of 14 glyphs, then a 10-capital row, 40 px apart on a 600×400 page.
        let w = 600, h = 400
        var px = [UInt8](repeating: 235, count: w * h)
        var lines: [TextLine] = []
        for row in 0..<9 {
            let base = 30 + 40 * row
            let heights = row < 8 ? Array(Self.prose.filter { $0 > 0 }.prefix(14)) : Array(repeating: 20, count: 10)
            var boxes: [PixelRect] = []
            for (k, gh) in heights.enumerated() {
                let x = 20 + 16 * k
                for y in (base - gh)..<base { for xx in x..<(x + 12) { px[y * w + xx] = 40 } }
                boxes.append(PixelRect(x: x, y: base - gh, width: 12, height: gh))
            }
            lines.append(try #require(TextLine(glyphs: boxes)))
        }
        var settings = try #require(try PresetCatalog.untimed().preset("sticker").lines)
        #expect(settings.serialFirst == true)
        let page = LineFinding.Page(fit: 1, width: w, height: h, pixels: px, inkPixels: px, polarities: [.dark])
        settings.maxLines = 9
        #expect(LineFinding(settings: settings, rotations: [0]).textFirst(lines, turned: 0, in: page).first == lines[8])
        settings.maxLines = 8
        #expect(LineFinding(settings: settings, rotations: [0]).textFirst(lines, turned: 0, in: page) == lines)
    }

    /// A pipeline's answer to `image`, whether it is sure enough to end the read early, and
    /// how many lines it read.
    static func read(_ image: Image, preset: Preset, engines: SerialEngines) throws -> (answer: String?, sure: Bool, lines: Int) {
        let pipeline = try engines.pipeline(for: preset, named: preset.name)
        var lines = 0
        pipeline.lineSink = { if $0.hasPrefix("  read ") { lines += 1 } }
        let top = pipeline.read(image).candidates.first
        return (top?.text, (top?.confidence ?? 0) >= preset.earlyStopConfidence, lines)
    }

    /// Bundled screens and stickers photographed upright: the serial's row is read first (a
    /// screen's after its label), so a sure answer ends the read within three lines, where
    /// longest first read most of the photo's rows before it. The answers are the same. (An
    /// answer short of sure reads every line either way.)
    @Test func theSerialsRowIsReadFirstOnBundledPhotos() throws {
        let engines = try SerialEngines()
        var few = 0, total = 0, withShape = 0, withoutShape = 0
        for (kind, names) in [("screen", [0, 2, 3, 5, 7]), ("sticker", [0, 1, 2, 3, 4])] {
            let dir = Fixtures.bundled(kind)
            let truth = try Fixtures.labels(dir)
            var preset = try PresetCatalog.untimed().preset(kind)
            #expect(preset.lines?.serialFirst == true)
            // One read each: a photo read short of sure is read again deblurred (`deblur`), and
            // its lines would count twice.
            preset.deblur = nil
            for i in names {
                let name = String(format: "\(kind)_%05d.jpg", i)
                let image = try Image(contentsOf: dir.appendingPathComponent(name))
                preset.lines?.serialFirst = true
                let shaped = try Self.read(image, preset: preset, engines: engines)
                preset.lines?.serialFirst = false
                let longest = try Self.read(image, preset: preset, engines: engines)
                #expect(shaped.answer == truth[name] && longest.answer == truth[name], "\(name): \(shaped.answer ?? "-"), \(longest.answer ?? "-")")
                guard shaped.sure else { continue }
                total += 1
                if shaped.lines <= 3 { few += 1 }
                withShape += shaped.lines
                withoutShape += longest.lines
            }
        }
        #expect(total >= 6, "\(total) sure answers of 10")
        #expect(few == total, "at most 3 lines read on \(few) of \(total) photos")
        #expect(2 * withShape <= withoutShape, "lines read: \(withShape) serial first, \(withoutShape) longest first")
    }
}
