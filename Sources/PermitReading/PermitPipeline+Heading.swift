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
        // A number under a weak label is no lone one: the whole page is read (flat 104611 #205:
        // the band's layout read split `Vu le décret n° 2015-1111` into `° 2015-1111` and
        // `vu le décret n`, and the decree's number stood as the permit's, at `medium`).
        guard pass.cues.hasEveryCue, let n = pass.number, n.label == nil else { return nil }
        let settled = try settleLoneNumber(pass, clock: &clock)
        guard settled.number?.label != nil else { return nil }
        pass.number = settled.number
        return HeadingRead(pass: pass, arabicReads: settled.reads, arabicLabelled: true)
    }

    /// The top of the page down to the emptiest pixel row of the window `headingShare` …
    /// `headingShare + headingSlack` of its height (the nearest to its top on a tie), or to the
    /// top of the body when that is higher (`bodyTop`): ink is counted against each row's
    /// median grey, so a shadow across the page does not count.
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
        let end = bodyTop(px, width: w, height: h).map { min($0, best.y) } ?? best.y
        return PixelRect(x: 0, y: 0, width: w, height: end)
    }

    /// The body is looked for in the top `bodySearchShare` of the page.
    static let bodySearchShare = 0.6
    /// A body line spans at least this share of the page's width, its words no further apart
    /// than `bodyWordGap` times its height (a letterhead's French and Arabic columns, side by
    /// side, are further apart)…
    static let bodyLineSpan = 0.55
    static let bodyWordGap = 1.5
    /// …and the body starts with `bodyLines` of them in a row, of heights within
    /// `bodyHeightRatio` of each other, no more than `bodyLineSpacing` times their height apart,
    /// below at least `headingLines` shorter lines (country, authority, title, number).
    static let bodyLines = 2
    static let bodyHeightRatio = 1.35
    static let bodyLineSpacing = 1.5
    static let headingLines = 4

    /// Where the body starts, when the page's text lines show one under a heading: half-way
    /// between the last line above it and its first (`Vu la loi …`, two long lines of one small
    /// size). The body is most of the page's text and of the heading band's read (an LSTM pass
    /// per line). `nil` when no such lines are found (a field list, a page read as photographed,
    /// its lines tilted): the band then keeps its share of the page.
    ///
    /// Text lines are found at half size: a pixel is ink under Sauvola's threshold over a
    /// `sauvolaWindow`-pixel square (mean × (1 + k (deviation / 128 − 1))), which keeps the faint,
    /// blurred print of a phone's body text that a fixed step below the paper loses; a line is a
    /// run of rows with ink on `lineInkShare` of the width, the outer `pageMargin` of each side
    /// (the table or the sheet's edge left by the rectification) left out.
    static func bodyTop(_ px: [UInt8], width fullWidth: Int, height fullHeight: Int) -> Int? {
        let w = fullWidth / 2, h = Int(Double(fullHeight) * bodySearchShare) / 2
        guard w > 2 * sauvolaWindow, h > 2 * sauvolaWindow, px.count >= fullWidth * fullHeight else { return nil }
        // Half size (2 × 2 means) and its integral images of grey and grey².
        var sum = [Double](repeating: 0, count: (w + 1) * (h + 1)), sq = sum
        var half = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            var rowSum = 0.0, rowSq = 0.0
            for x in 0..<w {
                let i = 2 * y * fullWidth + 2 * x
                let v = (Double(px[i]) + Double(px[i + 1]) + Double(px[i + fullWidth]) + Double(px[i + fullWidth + 1])) / 4
                half[y * w + x] = v
                rowSum += v; rowSq += v * v
                sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1] + rowSum
                sq[(y + 1) * (w + 1) + x + 1] = sq[y * (w + 1) + x + 1] + rowSq
            }
        }
        let r = sauvolaWindow / 2, margin = Int(Double(w) * pageMargin)
        var inked = [[Int]](repeating: [], count: h)
        for y in 0..<h {
            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
            for x in margin..<(w - margin) {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                let n = Double((y1 - y0) * (x1 - x0))
                let s = sum[y1 * (w + 1) + x1] - sum[y0 * (w + 1) + x1] - sum[y1 * (w + 1) + x0] + sum[y0 * (w + 1) + x0]
                let q = sq[y1 * (w + 1) + x1] - sq[y0 * (w + 1) + x1] - sq[y1 * (w + 1) + x0] + sq[y0 * (w + 1) + x0]
                let mean = s / n, deviation = max(0, q / n - mean * mean).squareRoot()
                if half[y * w + x] < mean * (1 + sauvolaK * (deviation / 128 - 1)) { inked[y].append(x) }
            }
        }
        // Lines: runs of inked rows; each one's longest stretch of ink with no wider gap than
        // `bodyWordGap` times its height.
        let minInk = max(2, Int(Double(w) * lineInkShare))
        var lines: [(top: Int, bottom: Int, long: Bool)] = []
        var y = 0
        while y < h {
            guard inked[y].count >= minInk else { y += 1; continue }
            var bottom = y
            while bottom + 1 < h, inked[bottom + 1].count >= minInk { bottom += 1 }
            let height = bottom - y + 1
            if height >= minLineHeight {
                var columns = [Bool](repeating: false, count: w)
                for row in y...bottom { for x in inked[row] { columns[x] = true } }
                var longest = 0, start = -1, last = -1
                for x in 0..<w where columns[x] {
                    if start < 0 || Double(x - last - 1) > bodyWordGap * Double(height) { start = x }
                    last = x
                    longest = max(longest, x - start + 1)
                }
                lines.append((y, bottom, Double(longest) >= bodyLineSpan * Double(w)))
            }
            y = bottom + 1
        }
        guard lines.count >= headingLines + bodyLines else { return nil }
        for i in headingLines...(lines.count - bodyLines) where lines[..<i].filter({ !$0.long }).count >= headingLines {
            let run = lines[i..<(i + bodyLines)]
            guard run.allSatisfy(\.long) else { continue }
            let heights = run.map { Double($0.bottom - $0.top + 1) }
            guard let small = heights.min(), let large = heights.max(), large <= bodyHeightRatio * small else { continue }
            guard zip(run.dropLast(), run.dropFirst()).allSatisfy({ Double($1.top - $0.bottom - 1) <= bodyLineSpacing * large }) else { continue }
            return lines[i - 1].bottom + 1 + lines[i].top
        }
        return nil
    }

    /// Sauvola's window (half-size pixels, about two lines of body text at the page's read
    /// size) and its k.
    static let sauvolaWindow = 31
    static let sauvolaK = 0.2
    /// The share of each side left out of the line search.
    static let pageMargin = 0.03
    /// A row belongs to a line with ink on this share of the (half-size) width…
    static let lineInkShare = 1.0 / 300
    /// …and a line is at least this many half-size rows high.
    static let minLineHeight = 3
}
