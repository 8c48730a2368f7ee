import Foundation
import Imaging
@testable import PermitReading
import Recognition
import Synthesis
import Testing

/// Numbers under a stamp (issue 28, development seed 71001): the ring's strokes beside the
/// label, the digits lost after it, the ring joined to the digits.
@Suite("Stamped permit numbers")
struct PermitStampedNumberTests {
    /// A ring's stroke read as a bracket or a backslash beside the label (`[N°`, `N°\:`) leaves the label a label.
    @Test(arguments: ["Réf. N°\\: 8031/2022", "[N° d'autorisation : 703257", "Numéro d'autorisationx 655614"])
    func aStrokeBesideTheLabelKeepsItALabel(_ line: String) {
        let text = PermitTestText.make(PermitTestText.permit(numberLine: line))
        let best = PermitNumberExtractor.best(in: text.lines)
        #expect(best?.label != nil, "\(line)")
        #expect(best.map { line.hasSuffix($0.text) } == true, "\(line): \(best?.text ?? "nil")")
    }

    /// A label with no digits after it (`[Numére : no |`) is kept as the place to read its number
    /// from, right of the label; never an answer on its own. A reference's label is not.
    @Test func aLabelWithoutDigitsMarksWhereItsNumberStands() {
        let text = PermitTestText.make(PermitTestText.permit(numberLine: "[Numére : no |"))
        let all = PermitNumberExtractor.candidates(in: text.lines)
        let missing = all.first { $0.rejected == PermitNumberExtractor.missingRejection }
        #expect(missing?.heading == true)
        #expect(missing?.raw == "no |")
        let label = text.lines[5].words[0].box
        if let box = missing?.box {
            #expect(box.x > label.maxX && box.width >= 7 * label.height && box.y == label.y)
        }
        #expect(PermitNumberExtractor.best(in: text.lines) == nil)
        // A sentence after the label is no garbled number.
        let sentence = PermitTestText.make(PermitTestText.permit(numberLine: "N° : voir la décision municipale"))
        #expect(!PermitNumberExtractor.candidates(in: sentence.lines).contains { $0.rejected == PermitNumberExtractor.missingRejection })
    }

    /// On a tilted photo the place of a missing number follows the line's slope from the label
    /// to its filler (`Numéro d'autorisation`), not the label's own rows.
    @Test func thePlaceOfAMissingNumberFollowsTheLinesTilt() {
        var text = PermitTestText.make(PermitTestText.permit(numberLine: "Numéro d'autorisation \\&"))
        var line = text.lines[5]
        // Each word 10 px higher than the one before (x steps of ~100–200 px).
        line.words = line.words.enumerated().map { i, w in
            let b = w.box
            return RecognizedWord(text: w.text, confidence: w.confidence, box: PixelRect(x: b.x, y: b.y - 10 * i, width: b.width, height: b.height), symbols: w.symbols)
        }
        text = RecognizedText(lines: text.lines.enumerated().map { $0.offset == 5 ? line : $0.element })
        let missing = PermitNumberExtractor.candidates(in: text.lines).first { $0.rejected == PermitNumberExtractor.missingRejection }
        let filler = line.words[1].box
        let box = try? #require(missing?.box)
        // Right of the filler, and higher than it: the line rises to the right.
        #expect(box.map { $0.x == filler.maxX && $0.y < filler.y - 5 } == true, "\(String(describing: box)) after \(filler) \(PermitNumberExtractor.candidates(in: text.lines).map { "\($0.text) \($0.rejected ?? "")" })")
    }

    /// A ring joined to the digits makes the number's box taller than its label's line: the
    /// label's rows are kept for the crop reads.
    @Test func aNumberTallerThanItsLabelKeepsItsLabelsRows() {
        var text = PermitTestText.make(PermitTestText.permit(numberLine: "Réf. N° : 8031/2022"))
        var line = text.lines[5]
        let i = line.words.count - 1
        let b = line.words[i].box
        line.words[i] = RecognizedWord(text: line.words[i].text, confidence: line.words[i].confidence,
                                       box: PixelRect(x: b.x, y: b.y - 30, width: b.width, height: b.height + 30), symbols: line.words[i].symbols)
        text = RecognizedText(lines: text.lines.enumerated().map { $0.offset == 5 ? line : $0.element })
        let n = PermitNumberExtractor.best(in: text.lines)
        #expect(n?.text == "8031/2022")
        #expect(n?.labelRows == PixelRect(x: b.x, y: b.y, width: b.width, height: b.height))
        // A number as tall as its label has none.
        #expect(PermitNumberExtractor.best(in: PermitTestText.make(PermitTestText.permit(numberLine: "Réf. N° : 8031/2022")).lines)?.labelRows == nil)
    }

    /// Flat capture 64 of seed 71001: a stamp's ring over `Réf. N° : 8031/2022` scrambled the
    /// page reads (`N°\:`, the number's box joined to the ring); the number is read and kept
    /// under `high`.
    @Test func aStampedNumberBesideARingStrokeIsRead() throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 71001, capture: .flat).sample(at: 64)
        let result = try PermitPipeline().read(try Image(data: sample.jpeg))
        #expect(sample.label == "8031/2022")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision)")
            return
        }
        #expect(answer.permitNumber == "8031/2022")
        #expect(answer.confidence != .high)
    }
}
