import Foundation
import Imaging
@testable import PermitReading
import Recognition
import Testing

/// The heading block is read before the whole page; the body is read only when the heading
/// does not settle the document.
@Suite("Permit heading read first", .serialized)
struct PermitHeadingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/permit")

    static func read(_ name: String) throws -> PermitPipeline.Result {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try PermitPipeline().read(try Image(data: data))
    }

    static func stages(_ r: PermitPipeline.Result) -> Set<String> { Set(r.timings.map(\.stage)) }
    static let wholePageReads: Set<String> = ["page:fra", "page:fra-flat"]

    /// A permit whose heading carries its labelled number: the body is never read, and the
    /// answer is the one the whole page gave (`PermitPipelineTests`).
    @Test func aPermitSettledByItsHeadingIsNotReadWhole() throws {
        let r = try Self.read("permit-2023-00457.jpg")
        guard case .accepted(let answer) = r.verdict else {
            Issue.record("refused: \(r.verdict.decision)")
            return
        }
        #expect(answer.permitNumber == "2023/00457")
        #expect(answer.confidence == .high)
        #expect(Self.stages(r).contains { $0.hasSuffix("-head") })
        #expect(Self.stages(r).isDisjoint(with: Self.wholePageReads))
    }

    /// A heading without a number settles nothing: the whole page is read before the permit is
    /// refused for want of one.
    @Test func aHeadingWithoutANumberLeadsToTheWholePage() throws {
        let r = try Self.read("permit-without-number.jpg")
        #expect(r.verdict.decision == "no_number")
        #expect(Self.stages(r).contains { $0.hasSuffix("-head") })
        #expect(!Self.stages(r).isDisjoint(with: Self.wholePageReads))
    }

    /// An invoice is still refused, whichever read settles it.
    @Test func anInvoiceIsStillRefused() throws {
        #expect(try Self.read("invoice.jpg").verdict.decision == "not_permit")
    }

    /// A read of the heading alone has no body line below its number: every line of it is the
    /// heading. A whole page's read without a body line keeps its top 45 % only.
    @Test func aHeadingReadWithoutBodyIsAllHeading() {
        let head = PermitTestText.make(Array(PermitTestText.permit().prefix(7))).lines
        #expect(PermitNumberExtractor.headingFlags(head, headingWithoutBody: true) == [Bool](repeating: true, count: 7))
        #expect(PermitNumberExtractor.headingFlags(head)[5] == false)
        #expect(PermitNumberExtractor.best(in: head, heading: PermitNumberExtractor.headingFlags(head, headingWithoutBody: true))?.text == "2023/00457")
        // A body line inside the band still ends the heading.
        let longer = PermitTestText.make(Array(PermitTestText.permit().prefix(9))).lines
        #expect(PermitNumberExtractor.headingFlags(longer, headingWithoutBody: true) == [true, true, true, true, true, true, true, false, false])
    }

    /// A decree printed above the title, its name lost by the read (`t n° 2004-1373` of
    /// `Décret n° 2004-1373`), is no permit number when a number stands under the title; with
    /// none there, the labelled number above the title is still the answer.
    @Test func aLabelledNumberAboveTheTitleGivesWayToOneUnderIt() {
        let header = ["RÉPUBLIQUE TUNISIENNE", "Ministère du Tourisme", "Municipalité de Monastir"]
        let title = "AUTORISATION D'EXPLOITATION D'UN RESTAURANT"
        let body = ["Le Président de la Municipalité de Monastir,", "Vu la loi organique n° 2018-29 du 9 mai 2018 ;"]
        let withNumber = PermitTestText.make(header + ["t n° 2004-1373", title, "2425"] + body).lines
        #expect(PermitNumberExtractor.best(in: withNumber)?.text == "2425")
        let alone = PermitTestText.make(header + ["N° 2004-1373", title] + body).lines
        #expect(PermitNumberExtractor.best(in: alone)?.text == "2004-1373")
    }

    /// Text lines 24 px high every 50 px, over a shadow that darkens the page towards its
    /// bottom: the band ends on the first empty row of its window, never through a line.
    @Test func theBandEndsBetweenTwoLines() throws {
        let w = 600, h = 2000
        var px = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let paper = 235 - y / 40
            let inLine = y >= 100 && (y - 100) % 50 < 24
            for x in 0..<w { px[y * w + x] = UInt8(inLine && x % 4 == 0 ? paper - 100 : paper) }
        }
        let page = try px.withUnsafeBufferPointer { try Image(grayBytes: $0, width: w, height: h, stride: w) }
        let band = try PermitPipeline.headingBand(of: page)
        // Lines at 800–823 and 850–873: the window 800–899 first empties at 824.
        #expect(band == PixelRect(x: 0, y: 0, width: w, height: 824))
    }
}
