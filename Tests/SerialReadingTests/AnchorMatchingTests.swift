@testable import SerialReading
import Imaging
import Recognition
import Testing

/// The label before a serial, found in a recognised line.
struct AnchorMatchingTests {
    static func line(_ words: [String]) -> RecognizedLine {
        let boxed = words.enumerated().map { k, w in
            RecognizedWord(text: w, confidence: 0.9, box: PixelRect(x: 100 * k, y: 10, width: 80, height: 20), symbols: [])
        }
        return RecognizedLine(words: boxed, box: PixelRect(x: 0, y: 10, width: 100 * words.count, height: 20), confidence: 0.9)
    }

    @Test func theSerialStartsAfterTheLastLabelWord() throws {
        let m = try #require(AnchorMatching(anchors: ["SERIAL NO.", "SERIAL", "(S)"]).match(in: Self.line(["(S)", "Serial", "No.", "C02Y94ZEJG5H"])))
        #expect(m.box.x == 200)
        #expect(m.after.map(\.text) == ["C02Y94ZEJG5H"])
    }

    @Test func aStickersLabelReadWithSlipsIsALabel() throws {
        let m = try #require(AnchorMatching(anchors: ["SL.#"]).match(in: Self.line(["S1.H", "F5KXJ0ABHJF8"])))
        #expect(m.after.map(\.text) == ["F5KXJ0ABHJF8"])
        // One slip in a long anchor word (`Seria1`), two in a screen's (`Sernil Number`).
        #expect(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["Seria1", "X"]))?.after.map(\.text) == ["X"])
        #expect(AnchorMatching(anchors: []).match(in: Self.line(["Sernil", "Number", "KK5DA46N8F"]))?.box.x == 100)
    }

    /// A `Serial` garbled by two slips counts only before a serial-shaped word; one run into the
    /// serial (the gap read away) is split where the label ends, the serial boxed by its share.
    @Test func aGarbledSerialLabelCountsBeforeASerial() throws {
        let slipped = try #require(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["(B)/NMB-3(B)", "Seraul", "H4TW4F0GMUK"])))
        #expect(slipped.box.x == 100 && slipped.after.map(\.text) == ["H4TW4F0GMUK"])
        #expect(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["Seraul", "Model", "A1990"])) == nil)
        #expect(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["Series", "5", "EMC", "3178"])) == nil)
        // `SerialC39HRTKVQ05D`: 18 characters over 180 px, the label its first 6.
        let word = RecognizedWord(text: "SerialC39HRTKVQ05D", confidence: 0.5, box: PixelRect(x: 200, y: 10, width: 180, height: 20), symbols: [])
        let line = RecognizedLine(words: [word], box: word.box, confidence: 0.5)
        let runIn = try #require(AnchorMatching(anchors: ["SERIAL"]).match(in: line))
        #expect(runIn.box == PixelRect(x: 200, y: 10, width: 60, height: 20))
        #expect(runIn.after.map(\.text) == ["C39HRTKVQ05D"] && runIn.after.first?.box.x == 260)
        // The cut nearest a whole label's six letters; nothing after it that is a serial, no cut.
        #expect(AnchorMatching.runIn(RecognizedWord(text: "Seriil3AWMUJ8DSQ", confidence: 0.5, box: word.box, symbols: []))?.1.text == "3AWMUJ8DSQ")
        #expect(AnchorMatching.runIn(RecognizedWord(text: "SerialNumberABCDE", confidence: 0.5, box: word.box, symbols: [])) == nil)
    }

    /// A `Serial` garbled by two slips also counts before the first characters of a serial that
    /// end the line (the line's chain stopped inside the serial, etched 105311 #25: `Senal F177L`
    /// of `Serial F17TL7VVQ6LR`), so that the row is read on to the right; not before a short
    /// word inside the line, nor before a word without a digit.
    @Test func aGarbledLabelCountsBeforeASerialsStartEndingTheLine() throws {
        let m = try #require(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["CAN", "ICES-3", "(B)/NMB-3IB)", "Senal", "F177L"])))
        #expect(m.box.x == 300 && m.after.map(\.text) == ["F177L"])
        #expect(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["Senal", "F177L", "EMC", "3178"])) == nil)
        #expect(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["Seraul", "Model"])) == nil)
        #expect(AnchorMatching(anchors: ["SERIAL"]).match(in: Self.line(["Series", "5"])) == nil)
        #expect(AnchorMatching.startsSerial("F177L") && AnchorMatching.startsSerial("C02Y94ZEJ"))
        #expect(!AnchorMatching.startsSerial("A19") && !AnchorMatching.startsSerial("MODEL") && !AnchorMatching.startsSerial("C02Y94ZEJG5H"))
    }

    @Test func otherWordsAreNoLabel() {
        #expect(AnchorMatching(anchors: ["SERIAL", "SL.#"]).match(in: Self.line(["Model", "A1990", "EMC", "3178"])) == nil)
    }
}
