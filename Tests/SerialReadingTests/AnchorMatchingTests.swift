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

    @Test func otherWordsAreNoLabel() {
        #expect(AnchorMatching(anchors: ["SERIAL", "SL.#"]).match(in: Self.line(["Model", "A1990", "EMC", "3178"])) == nil)
    }
}
