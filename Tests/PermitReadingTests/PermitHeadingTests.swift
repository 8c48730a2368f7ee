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
    /// bottom: the band ends on the first empty row of its window, never through a line. The
    /// lines are short (a heading's), so none of them is taken for the body.
    @Test func theBandEndsBetweenTwoLines() throws {
        let page = try Self.page(width: 600, height: 2000) { y in
            y >= 100 && (y - 100) % 50 < 24 ? 0..<200 : nil
        }
        let band = try PermitPipeline.headingBand(of: page)
        // Lines at 800–823 and 850–873: the window 800–899 first empties at 824.
        #expect(band == PixelRect(x: 0, y: 0, width: 600, height: 824))
    }

    /// Six short heading lines, then lines across the page (the body, `Vu la loi …`): the band
    /// ends half-way between the last heading line and the first body line, above the window.
    /// Long lines from the top have no heading above them, and one long line alone among short
    /// ones is no body: the band keeps its share of the page.
    @Test func theBandEndsWhereTheBodyStarts() throws {
        func lines(_ long: Set<Int>) -> (Int) -> Range<Int>? {
            { y in
                guard y >= 100, (y - 100) % 50 < 24 else { return nil }
                return long.contains((y - 100) / 50) ? 40..<560 : 150..<450
            }
        }
        // Lines 0–5 (y 100–373) short, 6 onwards (y 400–) long: half-way is 387.
        let body = try PermitPipeline.headingBand(of: try Self.page(width: 600, height: 2000, ink: lines(Set(6..<40))))
        #expect(body == PixelRect(x: 0, y: 0, width: 600, height: 387))
        for long in [Set(0..<40), [6], [6, 8, 10]] {
            let band = try PermitPipeline.headingBand(of: try Self.page(width: 600, height: 2000, ink: lines(long)))
            #expect(band.height == 824, "long lines \(long.sorted())")
        }
    }

    /// On a phone photo of a permit (dev seed 102011, #1: `Autorisation n° 2013/6146`), the band
    /// found on the page its heading was read from ends between the number and the body, above
    /// the window it otherwise ends in: the body's lines are not read, and the number is.
    /// (The bundled photo's page is read as photographed, tilted on a dark table: no body is
    /// found there and its band keeps its share.)
    @Test func onAPhonePhotoTheBandEndsBetweenTheNumberAndTheBody() throws {
        final class Pages: @unchecked Sendable { var byName: [String: Image] = [:] }
        let pages = Pages()
        let pipeline = try PermitPipeline()
        pipeline.debugSink = { name, image in pages.byName[name] = image }
        let r = try GeneratedPermit.read(seed: 102011, .phone, 1, label: "2013/6146", with: pipeline)
        #expect(GeneratedPermit.answer(r)?.permitNumber == "2013/6146")
        #expect(Self.stages(r).isDisjoint(with: Self.wholePageReads))
        let read = r.stage.hasPrefix("page-flat") ? "page-flat" : "page"
        let page = try #require(pages.byName[read], "the pipeline showed no '\(read)' image")
        let number = try #require(r.analysis.number)
        let band = try PermitPipeline.headingBand(of: page)
        #expect(number.box.maxY <= band.height)
        #expect(Double(band.height) < PermitPipeline.headingShare * Double(page.height))
    }

    /// A grey page, paper darkening towards its bottom, with print (every fourth pixel, 100
    /// darker) on the columns `ink(y)` gives for row `y`.
    static func page(width w: Int, height h: Int, ink: (Int) -> Range<Int>?) throws -> Image {
        var px = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let paper = 235 - y / 40, print = ink(y)
            for x in 0..<w { px[y * w + x] = UInt8(print?.contains(x) == true && x % 4 == 0 ? paper - 100 : paper) }
        }
        return try px.withUnsafeBufferPointer { try Image(grayBytes: $0, width: w, height: h, stride: w) }
    }
}
