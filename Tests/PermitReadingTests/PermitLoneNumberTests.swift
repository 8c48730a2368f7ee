import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// A number whose Arabic label the French read turned into Latin noise, in a box whose sides
/// are read as bars (issue 28, development seed 71001).
@Suite("Lone permit numbers beside a garbled Arabic label")
struct PermitLoneNumberTests {
    /// `| 47916 : aus y a, |` of a boxed `رقم الرخصة : 47916`, under a decree recital: the bars
    /// are no words, and short noise beside the colon is the label's, not text.
    @Test func aBoxedNumberBesideAColonIsALoneNumber() {
        var lines = PermitTestText.permit(numberLine: "| 47916 : aus y a, |")
        lines.insert("Vu le décret n° 2008-2372", at: 5)
        let best = PermitNumberExtractor.best(in: PermitTestText.make(lines).lines)
        #expect(best?.text == "47916")
        #expect(best?.label == nil)
        // The box's top and sides read as lines of their own between the recital and the number.
        var boxed = PermitTestText.permit(numberLine: "| 47916 : aus y a, |")
        boxed.insert(contentsOf: ["Vu le décret n° 2008-2372", "|", "|"], at: 5)
        #expect(PermitNumberExtractor.best(in: PermitTestText.make(boxed).lines)?.text == "47916")
        // Without a colon, a confident three-letter word is still text.
        let plain = PermitTestText.make(PermitTestText.permit(numberLine: "47916 rue bab"))
        #expect(PermitNumberExtractor.best(in: plain.lines)?.text != "47916")
    }

    /// Capture 116 of seed 71001 (`رقم الرخصة : 47916` boxed, under `Vu le décret n° 2008-2372`):
    /// refused before, flat and phone.
    @Test(arguments: [DatasetGenerator.Capture.flat, .phone])
    func aBoxedNumberUnderARecitalIsRead(_ capture: DatasetGenerator.Capture) throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 71001, capture: capture).sample(at: 116)
        let result = try PermitPipeline().read(try Image(data: sample.jpeg))
        #expect(sample.label == "47916")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision)")
            return
        }
        #expect(answer.permitNumber == "47916")
    }
}
