import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// Permits photographed by phone (seed 28001 of the generator, a development seed): the page at
/// an angle on a table, a shadow, shake — read after the page is found and rectified. Each case
/// failed before the page stage and the number-line reads (refused as not a permit, or another
/// number answered).
@Suite("Permits photographed by phone")
struct PermitPhoneCaptureTests {
    static func generator() throws -> DatasetGenerator { try DatasetGenerator(kind: .permit, seed: 28001, capture: .phone) }

    @Test(arguments: [
        4,   // turned a quarter turn on the table
        0,   // a stamp over the number, its label only in Arabic, a phone number in the header
        67,  // label only in Arabic beside the number, another act's number (قرار عدد) above it
    ])
    func readsThePermitNumber(_ index: Int) throws {
        let sample = try Self.generator().sample(at: index)
        let image = try Image(data: sample.jpeg)
        let result = try PermitPipeline().read(image)
        #expect(result.page != nil, "the page should be found in a phone photo")
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(sample.label)")
            return
        }
        #expect(answer.permitNumber == sample.label)
    }

    @Test func aQuarterTurnedPageIsTurnedUpright() throws {
        let sample = try Self.generator().sample(at: 4)
        let page = try #require(try PermitPage.locate(in: Image(data: sample.jpeg)))
        #expect(page.quarterTurns % 2 == 1)
    }
}
