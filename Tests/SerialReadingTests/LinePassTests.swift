@testable import SerialReading
import Imaging
import ReadingCore
import Recognition
import Testing

/// The line stage's queue: a label alone on its chain moves its value's line to the front, or
/// reads its row out to the right.
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

    @Test func theMeanConfidenceIsOverTheLinesRead() throws {
        var pass = LinePass(queue: [], width: 100)
        #expect(pass.meanConfidence == 0)
        pass.read = [try Self.read(try Self.line(x: 0)), try Self.read(try Self.line(x: 0, y: 200))]
        pass.confidenceSum = 1.5
        #expect(pass.meanConfidence == 0.75)
    }
}
