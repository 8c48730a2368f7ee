import Evaluation
import ReadingCore
import Imaging
import Recognition

/// The heading block read on its own, before the whole page.
///
/// `permits.md` puts the number on its own line under the title, in the heading block above the
/// body (`Vu …`, `Article …`), and the cues that decide what the document is (country,
/// authority, the act, a `FACTURE N°` or `PERMIS DE CONSTRUIRE` title) are in that block too.
/// The body is most of a page's text and most of the cost of its read (an LSTM pass per line):
/// when the heading alone settles the document — a permit with a labelled number, or a decisive
/// sign of another document — the body is never read; otherwise the whole page is read as
/// before, and the heading's read is dropped.
extension PermitPipeline {
    /// The heading band reaches down to the emptiest pixel row between `headingShare` and
    /// `headingShare + headingSlack` of the page's height, so that it ends between two lines.
    /// On the generator's pages (seed 81001, 120 phone and 120 flat documents) the number's line
    /// ends at 26–38 % of the height.
    static let headingShare = 0.40
    static let headingSlack = 0.05
    /// A pixel is ink when it is this much darker than its row's median (the paper).
    static let inkStep = 40

    /// What the heading read settled: its pass (the number's Arabic label already read when the
    /// French read found the number alone) and the Arabic reads of that label's line.
    struct HeadingRead {
        var pass: Pass
        var arabicReads: [String]
        var arabicLabelled: Bool
    }

    /// Reads the heading band of `page`; `nil` when it does not settle the document.
    func readHeading(of page: Image, name: String, stage: String, clock: inout StageClock) throws -> HeadingRead? {
        let band = try Self.headingBand(of: page)
        let text = try clock.time(name) { try Self.recognize(page, in: band, with: french, mode: .auto) }
        var pass = Pass(image: page, text: text, stage: stage, headOnly: true)
        guard pass.readable >= PermitDecision.minReadableWords else { return nil }
        if pass.conclusive { return HeadingRead(pass: pass, arabicReads: [], arabicLabelled: false) }
        // A lone number under the title: its label may be Arabic (`رقم`); read just that line.
        guard pass.cues.hasEveryCue, pass.number != nil else { return nil }
        let settled = try settleLoneNumber(pass, clock: &clock)
        guard settled.number?.label != nil else { return nil }
        pass.number = settled.number
        return HeadingRead(pass: pass, arabicReads: settled.reads, arabicLabelled: true)
    }

    /// The top of the page down to the emptiest pixel row of the window `headingShare` …
    /// `headingShare + headingSlack` of its height (the nearest to its top on a tie): ink is
    /// counted against each row's median grey, so a shadow across the page does not count.
    static func headingBand(of page: Image) throws -> PixelRect {
        let px = try page.grayBytes()
        let w = page.width, h = page.height
        let lo = max(1, Int(Double(h) * headingShare)), hi = min(h, Int(Double(h) * (headingShare + headingSlack)))
        var best = (ink: Int.max, y: min(h, lo))
        var hist = [Int](repeating: 0, count: 256)
        for y in lo..<max(lo, hi) {
            for i in hist.indices { hist[i] = 0 }
            for x in 0..<w { hist[Int(px[y * w + x])] += 1 }
            var seen = 0, median = 255
            for v in 0..<256 {
                seen += hist[v]
                if seen * 2 >= w { median = v; break }
            }
            let ink = hist[0..<max(0, median - inkStep)].reduce(0, +)
            if ink < best.ink { best = (ink, y) }
        }
        return PixelRect(x: 0, y: 0, width: w, height: best.y)
    }
}
