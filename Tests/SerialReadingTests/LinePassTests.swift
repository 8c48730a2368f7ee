@testable import SerialReading
import Imaging
import ReadingCore
import Recognition
import Testing

/// The line stage's queue: a label alone on its chain moves its value's line to the front, or
/// reads its row out to the right; a value starting its chain moves its label's line forward.
struct LinePassTests {
    /// A line of six 10×18 glyphs from `x`, baseline at `y`.
    static func line(x: Int, y: Int = 118) throws -> TextLine {
        try #require(TextLine(glyphs: (0..<6).map { PixelRect(x: x + 14 * $0, y: y - 18, width: 10, height: 18) }))
    }

    static func read(_ line: TextLine) throws -> ReadLine {
        ReadLine(line: line, band: try Image.blank(width: 10, height: 10), readScale: 1, text: RecognizedText(lines: []))
    }

    @Test func aLabelsValueLineMovesToTheFront() throws {
        let label = try Self.line(x: 40), value = try Self.line(x: 300), other = try Self.line(x: 40, y: 300)
        var pass = LinePass(queue: [other, value], width: 1000)
        pass.read.append(try Self.read(label))
        pass.lookForValue(ofLabel: label)
        #expect(pass.queue == [value, other])
        #expect(pass.labelOnly == [0] && pass.extended.isEmpty)
    }

    /// A line is read on to the right once; a row read out to the left (for a label the chain
    /// left out) once more, and the row that makes never again.
    @Test func aRowReadLeftwardMayStillBeReadRightwardOnce() throws {
        let value = try Self.line(x: 300)
        var pass = LinePass(queue: [], width: 1000)
        #expect(pass.mayExtendRight(value))
        let left = try #require(LineRows.row(of: value, width: 1000, span: 8, leftward: true))
        pass.readNext(left)
        pass.leftRows.insert(left)
        #expect(pass.extended.contains(left) && pass.mayExtendRight(left))
        let both = try #require(LineRows.row(of: left, width: 1000, span: 4))
        pass.leftRows.remove(left)
        pass.readNext(both)
        #expect(both.minX == left.minX && both.maxX > left.maxX)
        #expect(!pass.mayExtendRight(left) && !pass.mayExtendRight(both))
    }

    /// The mirror: a value's row read on to the right (a value too short for any format) may
    /// still be read out to the left once (the chain left out glyphs at both ends), and the
    /// row that makes never again.
    @Test func aRowReadRightwardMayStillBeReadLeftwardOnce() throws {
        let value = try Self.line(x: 300)
        var pass = LinePass(queue: [], width: 1000)
        #expect(pass.mayExtendLeft(value))
        let right = try #require(LineRows.row(of: value, width: 1000, span: 3))
        pass.readNext(right, extending: value, rightward: true)
        #expect(!pass.mayExtendLeft(value) && pass.mayExtendLeft(right))
        let both = try #require(LineRows.row(of: right, width: 1000, span: 2.5, leftward: true))
        pass.readNext(both, extending: right, rightward: false)
        #expect(both.minX < right.minX && both.maxX == right.maxX)
        // Neither the row read on to the right (its value is found on it again when the label
        // is linked once more) nor the row it made is read out to the left again.
        #expect(!pass.mayExtendLeft(right) && !pass.mayExtendLeft(both))
        #expect(pass.queue == [both, right])
    }

    /// A span the photo's edge does not cut gives a row of exactly that span, however the
    /// product rounds: a 2.69-glyph row left of a chain (etched 97101 #96, glyph height 21,
    /// from x = 1096) was refused as having no room.
    @Test func aRowOfAnUncutSpanIsNeverRefusedForRoom() throws {
        let glyphs = (0..<6).map { PixelRect(x: 1096 + 17 * $0, y: 200, width: 14, height: 21) }
        let line = try #require(TextLine(glyphs: glyphs))
        let span = Double(1096 - 1029) / line.glyphHeight - 0.5
        let row = try #require(LineRows.row(of: line, width: 2000, span: span, leftward: true), "span \(span), h \(line.glyphHeight)")
        #expect(row.minX < line.minX)
        for s in stride(from: 1.5, through: 4.0, by: 0.01) {
            #expect(LineRows.row(of: line, width: 2000, span: s, leftward: true) != nil, "left \(s)")
            #expect(LineRows.row(of: line, width: 2000, span: s) != nil, "right \(s)")
        }
    }

    @Test func aLabelWithNoValueLineReadsItsRowOnce() throws {
        let label = try Self.line(x: 40), other = try Self.line(x: 40, y: 300)
        var pass = LinePass(queue: [other], width: 1000)
        pass.read.append(try Self.read(label))
        pass.lookForValue(ofLabel: label)
        let row = try #require(pass.queue.first)
        #expect(pass.queue.count == 2 && row.minX == label.minX && row.maxX > 500)
        #expect(pass.extended == [row])
        // Read again, the row is a label alone too: it is not extended twice.
        pass.read.append(try Self.read(row))
        pass.lookForValue(ofLabel: row)
        #expect(pass.queue.count == 2 && pass.labelOnly == [0, 1])
    }

    @Test func aValuesLabelLineMovesToTheFront() throws {
        let label = try Self.line(x: 40), value = try Self.line(x: 300), other = try Self.line(x: 40, y: 300)
        let right = try Self.line(x: 600)
        var pass = LinePass(queue: [other, right, label], width: 1000)
        pass.read.append(try Self.read(value))
        let moved = pass.lookForLabel(ofValue: value)
        #expect(moved)
        #expect(pass.queue == [label, other, right])
        // A chain a glyph's gap before the value is its own row cut in two, not a label column.
        let cut = try Self.line(x: 300 - 14 * 6)
        var row = LinePass(queue: [other, cut], width: 1000)
        let rowMoved = row.lookForLabel(ofValue: value)
        #expect(!rowMoved)
        #expect(row.queue == [other, cut])
        // Nothing waits left of a line at the left edge: the queue stays as it was.
        var alone = LinePass(queue: [other, right], width: 1000)
        let aloneMoved = alone.lookForLabel(ofValue: label)
        #expect(!aloneMoved)
        #expect(alone.queue == [other, right])
    }

    @Test func theMeanConfidenceIsOverTheLinesRead() throws {
        var pass = LinePass(queue: [], width: 100)
        #expect(pass.meanConfidence == 0)
        pass.read = [try Self.read(try Self.line(x: 0)), try Self.read(try Self.line(x: 0, y: 200))]
        pass.confidenceSum = 1.5
        #expect(pass.meanConfidence == 0.75)
    }

    /// A row read past a cut serial holds it when it reads it whole, or with a slip or two (the
    /// same ink read twice); not when it is shorter, invalid, or another serial.
    @Test func aRowHoldsTheCutSerialItWasReadFor() {
        #expect(LineReading.extends("MDPF95J83D", "MDPF95J8"))
        #expect(LineReading.extends("C17R5C6KLYWF", "7RSC46KLYWF"))
        #expect(LineReading.extends("C17R5C6KLYWF", "7R5C6KLYWF"))
        #expect(!LineReading.extends("7R5C6KLYWF", "C17R5C6KLYWF"))
        #expect(!LineReading.extends("C17A5C6KLYWF", "7R5C6KLYWF"))      // A is no half-year code
        #expect(!LineReading.extends("C02Y94ZEJG5H", "7R5C6KLYWF"))
    }
}
