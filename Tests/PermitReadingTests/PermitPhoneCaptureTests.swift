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

    /// Phone shots whose page, read as photographed, lost a digit or the number line to the
    /// shadow and falling light (seed 950028, a development seed): the warped page is read with
    /// its background flattened first, and that read gives the number.
    @Test(arguments: [
        (91, "2022-7680"),   // read 2022-76891 from the page as photographed
        (145, "2014-18955"), // read 2014-1895
        (13, "2023/54341"),  // read 20235441, the slash lost
    ])
    func readsAWarpedPageFlattenedFirst(_ index: Int, _ expected: String) throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 950028, capture: .phone).sample(at: index)
        #expect(sample.label == expected)
        let image = try Image(data: sample.jpeg)
        let result = try PermitPipeline().read(image)
        let page = try #require(result.page)
        #expect(PermitPipeline.readsFlattenedFirst(page, of: image))
        #expect(result.stage.hasPrefix("page-flat"))
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(expected)")
            return
        }
        #expect(answer.permitNumber == expected)
    }

    /// Dev seed 30001's phone captures whose answer was another act's number or none: a
    /// garbled recital (`Vale es cmpanaque n° 2018-29 du …`) taken for the label's line, a
    /// misspelt filler (`N° d'anonsation : 60918`), a bracket before the number, a stamp's
    /// strokes after it.
    @Test(arguments: [
        (77, "2015-927"),   // answered 2018-29, the law reference
        (14, "60918"),      // answered 20021008, a decree's number, then refused
        (18, "8965/2018"),  // refused: `[8965/2018 : ,s, |`
        (89, "3101"),       // refused: `N° d'autorisation : 3101-/`, a stamp's strokes after it
    ])
    func readsThePermitNumberPastGarbledReferences(_ index: Int, _ expected: String) throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 30001, capture: .phone).sample(at: index)
        #expect(sample.label == expected)
        let result = try PermitPipeline().read(try Image(data: sample.jpeg))
        guard case .accepted(let answer) = result.verdict else {
            Issue.record("\(sample.filename): \(result.verdict.decision), expected \(expected)")
            return
        }
        #expect(answer.permitNumber == expected)
    }

    @Test func aQuarterTurnedPageIsTurnedUpright() throws {
        let sample = try Self.generator().sample(at: 4)
        let page = try #require(try PermitPage.locate(in: Image(data: sample.jpeg)))
        #expect(page.quarterTurns % 2 == 1)
    }
}
