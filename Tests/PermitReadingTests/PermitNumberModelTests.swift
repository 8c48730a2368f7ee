import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// The number's second read, by ScanBench's serial model: the French engine's reads of one
/// blurred crop share their errors, the model's fall elsewhere. Permits of tuning seeds 81002
/// and 81020 (issue 28).
@Suite("Permit numbers read by a second model")
struct PermitNumberModelTests {
    static func answer(seed: UInt64, _ index: Int) throws -> (label: String, verdict: PermitVerdict) {
        let sample = try DatasetGenerator(kind: .permit, seed: seed, capture: .phone).sample(at: index)
        return (sample.label, try PermitPipeline().read(try Image(data: sample.jpeg)).verdict)
    }

    /// `4305/2024` for `4365/2024`, and `2014-12203` for `2014-12293`: the page read, the 48-px crop
    /// and its thresholded reads all gave the same wrong digit, and the answer was `high`. The
    /// model reads the digit right; the answer may stand, but not as `high`.
    @Test(arguments: [(UInt64(81020), 216, "4365/2024"), (UInt64(81002), 4, "2014-12293")])
    func aDigitTheFrenchReadsShareIsNoLongerConfident(seed: UInt64, index: Int, truth: String) throws {
        let (label, verdict) = try Self.answer(seed: seed, index)
        #expect(label == truth)
        if case .accepted(let a) = verdict {
            #expect(a.permitNumber == truth || a.confidence != .high, "\(a.permitNumber) at \(a.confidence)")
        }
    }

    /// The model's read of the crop's edge as a separator (`0442/2018/`) has no permit number's
    /// shape: it is no disagreement, and a number every other read repeats stays `high`.
    @Test func aReadOfNoPermitShapeIsNoDisagreement() throws {
        #expect(!PermitNumberFormat.isValid("0442/2018/"))
        let (label, verdict) = try Self.answer(seed: 81002, 10)
        #expect(label == "0442/2018")
        guard case .accepted(let a) = verdict else {
            Issue.record("refused: \(verdict.decision)")
            return
        }
        #expect(a.permitNumber == "0442/2018")
        #expect(a.confidence == .high)
    }

    /// The model reads a clean number's crop by itself, through the pipeline's own crop reader.
    @Test func theModelReadsACleanNumber() throws {
        let pipeline = try PermitPipeline()
        let model = try pipeline.numberModel()
        // The number alone, its box one capital height inside the image's edge.
        let line = try LineRender.image(of: "2023/00457", capHeight: 20)
        let read = try pipeline.rereadNumber(line, box: PixelRect(x: 20, y: 20, width: line.width - 40, height: line.height - 40),
                                             nextWordX: nil, glyphHeight: 48, sharpen: false, engine: model)
        #expect(read == "2023/00457")
    }
}
