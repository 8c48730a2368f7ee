import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// How many numbers of the rescue read have their line read in Arabic for a label.
    static let maxRescueLines = 3

    /// The permit number read again when the page read found none. The page's layout read
    /// drops or breaks the number line when a stamp lies over it or an Arabic label stands
    /// beside it (`DAA1/2023 : &e>`), while the same lines read as one block come out whole.
    /// The block from the act's title down to the body (where the number stands) is read in
    /// French; a labelled number found there is taken, a lone one only when its line read in
    /// Arabic carries `رقم`; then its rows one at a time, by the French engine, then by the
    /// English one. `levelledOnly`: the block is only read levelled (when `levelsStamp`
    /// says so), its plain and row reads having failed before.
    func rescueNumberLine(_ pass: Pass, levelsStamp: (PixelRect) -> Bool, levelledOnly: Bool = false,
                          clock: inout StageClock) throws -> (number: PermitNumberCandidate?, reads: [String]) {
        // The block lies on the page (`numberBlock` clamps it).
        guard let r = Self.numberBlock(pass.text.lines, heading: pass.heading, page: pass.image) else { return (nil, []) }
        if levelledOnly && !levelsStamp(r) { return (nil, []) }
        // A box printed around the number line hides it from the read: its outline is erased first.
        let block: Image
        var found: [PermitNumberCandidate] = []
        var lines: [RecognizedLine] = []
        var rowBands: [PixelRect]?
        if levelledOnly {
            block = try clock.time("number-block:fra-levelled") { try PermitFrames.erased(try pass.image.cropped(to: r)) }
        } else {
            let (erased, text) = try clock.time("number-block:fra") { () throws -> (Image, RecognizedText) in
                let erased = try PermitFrames.erased(try pass.image.cropped(to: r))
                return (erased, try french.recognize(erased, mode: .block).offset(dx: r.x, dy: r.y))
            }
            block = erased
            traceSink?("number block read in French: " + text.lines.map { "`\($0.text)`" }.joined(separator: " "))
            let read = PermitNumberExtractor.candidates(in: text.lines, heading: [Bool](repeating: true, count: text.lines.count))
            if let labelled = read.first(where: { $0.rejected == nil && $0.label != nil }) { return (labelled, []) }
            found = read.filter { $0.rejected == nil }
            lines = text.lines
            // The block read as one lost the number's line too (`Réf. NA C2 ta97122 al 2023` of
            // `Réf. N° : 2013/92122 du 09/03/2023` under a stamp's ring): its rows of dark print
            // are read one line at a time, and a labelled number found there is taken, or its
            // garbled digits re-read from their crop (`rereadGarbled`). Not when the block read
            // shows the label with garbled digits: the page reads' own re-read of them comes
            // after this, and a row cut across a tilted line reads worse (`4022` of `2015-0996`).
            if !read.contains(where: { $0.label != nil && $0.rejected == PermitNumberExtractor.shapeRejection }) {
                let bands = try Self.textRowBands(pass.image, in: r)
                rowBands = bands
                var rowLines: [RecognizedLine] = []
                for band in bands {
                    rowLines += try clock.time("number-rows:fra") { try Self.recognize(pass.image, in: band, with: french, mode: .singleLine) }.lines
                }
                traceSink?("rows read in French: " + rowLines.map { "`\($0.text)`" }.joined(separator: " "))
                let rows = Pass(image: pass.image, text: RecognizedText(lines: rowLines), stage: pass.stage + "+rows", allHeading: true)
                if let labelled = PermitNumberExtractor.candidates(in: rowLines, heading: rows.heading).first(where: { $0.rejected == nil && $0.label != nil }) {
                    return (labelled, [])
                }
                if let n = try rereadGarbled(rows, clock: &clock).number { return (n, []) }
            }
        }
        // A stamp's faded ring, light grey over the digits, still breaks the block's and its
        // rows' reads: the block is read again with its light greys turned to paper
        // (`levelled`), the print kept, when `levelsStamp` says so (a stamp in it). Last, so that
        // it only reads what was refused before. A bare year it reads is no number: the
        // levelling thins a shaken page's separator away with the ring, and what is left before
        // it is a number cut in two (`2017` of `2017-36464`, phone 101211 #146, a warped page).
        var levelledBlocks: [Image] = []
        if levelsStamp(r) {
            for white in Self.levelledWhites {
                let levelled = try clock.time("number-block:fra-levelled") { () throws -> RecognizedText in
                    let image = try Self.levelled(block, white: white)
                    debugSink?("number-block-levelled", image)
                    levelledBlocks.append(image)
                    return try french.recognize(image, mode: .block).offset(dx: r.x, dy: r.y)
                }
                let again = PermitNumberExtractor.candidates(in: levelled.lines, heading: [Bool](repeating: true, count: levelled.lines.count))
                    .filter { !PermitNumberFormat.isYear($0.text) }
                if let labelled = again.first(where: { $0.rejected == nil && $0.label != nil }) { return (labelled, []) }
                found += again.filter { $0.rejected == nil }
                lines += levelled.lines
            }
        }
        // Any number of a permit's shape on a line (Arabic read as Latin noise around it makes
        // the line look like text), confirmed by its Arabic label.
        let lone = (found + lines.compactMap { PermitNumberExtractor.anyNumber(in: $0) }).prefix(Self.maxRescueLines)
        // The label is looked for on the page, then on the levelled blocks: the stamp's ring
        // across `رقم` hides it from the Arabic read as it hid the number from the French one
        // (flat 103011 #253: `رقم الرخصة` read only levelled).
        for var n in lone {
            var ara = try arabicLine(pass.image, box: n.box, clock: &clock)
            for image in levelledBlocks where !ara.labelled {
                ara = try arabicLine(image, box: PixelRect(x: n.box.x - r.x, y: n.box.y - r.y, width: n.box.width, height: n.box.height), clock: &clock)
                ara.labelX = ara.labelX.map { $0 + r.x }
            }
            traceSink?("lone number `\(n.text)` in the number block; its line read in Arabic `\(ara.read)`: "
                       + (ara.labelled ? "labelled رقم" : "no رقم"))
            if ara.labelled {
                n.labelArabic(at: ara.labelX)
                return (n, ara.numbers)
            }
        }
        if let bands = rowBands, let n = try readRowsInEnglish(pass, bands: bands, clock: &clock) { return n }
        return (nil, [])
    }

    /// The number read from the number block's rows by the English engine, when every French
    /// read of the block failed. A hand's shake smears the digits of a small print past what the
    /// French engine reads (`HATAO I : 2%)` for `1447/2019 : رقم`, phone 104011 #2); English,
    /// trained apart from it, reads the same rows (`1447 2019: 2s,`). Its rows give a labelled
    /// number, or a label with garbled digits to re-read, or digits beside an Arabic label
    /// (`digitRun`, checked by the line's Arabic read, `رقم` blurred too: `isBlurredArabicLabel`)
    /// whose crops the engines' consensus settles — not the French crops' vote: the French engine
    /// already failed on these digits (its winner made `1472019` of `1447/2019`) — or, last, a
    /// number of a permit's shape its line's Arabic read labels. Last of the block's reads: run
    /// before the levelled reads of a stamped block, it answered a number those read right
    /// wrong (`2022/1492` for `2022/1402`, flat 103011 #253).
    func readRowsInEnglish(_ pass: Pass, bands: [PixelRect], clock: inout StageClock) throws -> (number: PermitNumberCandidate?, reads: [String])? {
        let english = try english()
        var engLines: [RecognizedLine] = []
        for band in bands {
            engLines += try clock.time("number-rows:eng") { try Self.recognize(pass.image, in: band, with: english, mode: .singleLine) }.lines
        }
        traceSink?("rows read in English: " + engLines.map { "`\($0.text)`" }.joined(separator: " "))
        let engRows = Pass(image: pass.image, text: RecognizedText(lines: engLines), stage: pass.stage + "+rows-eng", allHeading: true)
        let engRead = PermitNumberExtractor.candidates(in: engLines, heading: engRows.heading)
        if let labelled = engRead.first(where: { $0.rejected == nil && $0.label != nil }) { return (labelled, []) }
        if let n = try rereadGarbled(engRows, clock: &clock).number { return (n, []) }
        for line in engLines {
            guard var n = PermitNumberExtractor.digitRun(in: line) else { continue }
            let ara = try arabicLine(pass.image, box: n.box, blurredLabel: true, clock: &clock)
            traceSink?("digits `\(n.raw)` of a row read in English; its line read in Arabic `\(ara.read)`: "
                       + (ara.labelled ? "labelled رقم" : "no رقم"))
            guard ara.labelled else { continue }
            n.labelArabic(at: ara.labelX)
            // The Arabic read of the line, a fourth engine, gives the digits too when it can:
            // a vote that differs from them read a box cut off the number (`2320` of `2017/2320`,
            // phone 104311 #176, from `L524 5`).
            if let voted = try rereadGarbled(n, on: engRows, frenchFirst: false, clock: &clock),
               ara.numbers.isEmpty || ara.numbers.contains(where: { PermitNumberVote.digits($0) == PermitNumberVote.digits(voted.text) }) {
                return (voted, ara.numbers)
            }
        }
        let lone = (engRead.filter { $0.rejected == nil } + engLines.compactMap { PermitNumberExtractor.anyNumber(in: $0) }).prefix(Self.maxRescueLines)
        for var n in lone {
            let ara = try arabicLine(pass.image, box: n.box, blurredLabel: true, clock: &clock)
            traceSink?("lone number `\(n.text)` of a row read in English; its line read in Arabic `\(ara.read)`: "
                       + (ara.labelled ? "labelled رقم" : "no رقم"))
            if ara.labelled {
                n.labelArabic(at: ara.labelX)
                return (n, ara.numbers)
            }
        }
        return nil
    }

    /// The block a permit number stands in: from the first line naming the act down to the
    /// body (`Vu …`), or four title heights below the title when no body line was read; the
    /// page's full width (an Arabic label lies beyond the French text). Without a title read,
    /// the rows the read left empty above the body (`droppedBlock`), or `nil`.
    static func numberBlock(_ lines: [RecognizedLine], heading: [Bool], page: Image) -> PixelRect? {
        guard let title = zip(lines, heading).first(where: { $0.1 && PermitNumberExtractor.isTitle($0.0.text) })?.0 else {
            return droppedBlock(lines, page: page)
        }
        let bodyTop = lines.filter { $0.box.y > title.box.maxY && PermitNumberExtractor.startsBody($0.text) }.map(\.box.y).min()
        let bottom = min(bodyTop ?? Int.max, title.box.maxY + 6 * title.box.height)
        let top = max(0, title.box.y - title.box.height / 2)
        return PixelRect(x: 0, y: top, width: page.width, height: bottom - top).clamped(width: page.width, height: page.height)
    }

    /// The rows a page read left empty above the body where a title and its number stand: the
    /// widest gap between the lines read above the first body line (`Vu …`), or between the
    /// last of them and it, when it is at least `droppedBlockLines` of their line heights. A
    /// stamp struck over the number line can make the layout read drop the whole block — the
    /// title, its Arabic line and the number (phone 103011 #137). `nil` without a body line or
    /// such a gap.
    static func droppedBlock(_ lines: [RecognizedLine], page: Image) -> PixelRect? {
        guard let bodyTop = lines.filter({ PermitNumberExtractor.startsBody($0.text) }).map(\.box.y).min() else { return nil }
        let above = lines.filter { $0.box.maxY <= bodyTop && $0.box.height > 0 }.sorted { $0.box.y < $1.box.y }
        guard !above.isEmpty else { return nil }
        let heights = above.map(\.box.height).sorted()
        let lineHeight = heights[heights.count / 2]
        var best: (top: Int, bottom: Int)?
        for (i, line) in above.enumerated() {
            let top = line.box.maxY, bottom = i + 1 < above.count ? above[i + 1].box.y : bodyTop
            if bottom - top > (best.map { $0.bottom - $0.top } ?? 0) { best = (top, bottom) }
        }
        guard let best, best.bottom - best.top >= droppedBlockLines * lineHeight else { return nil }
        return PixelRect(x: 0, y: best.top, width: page.width, height: best.bottom - best.top).clamped(width: page.width, height: page.height)
    }

    /// The line heights of empty rows that make a dropped block (`droppedBlock`): a title and a
    /// number line, with their spacing.
    static let droppedBlockLines = 3

    /// The bands of `region`'s rows that hold dark print, top to bottom, each padded by a third
    /// of its height: a row is print when at least a tenth as many of its pixels as the darkest
    /// row's are darker than `rowInkCut` of the way from the block's ink to its paper (a
    /// stamp's faded ring is lighter); rows of print closer than `rowGap` join, and a band
    /// needs `minRowBand` rows; each band spans the region's width.
    ///
    /// When a band takes more than half the block, the rows were no rows: the table beside a
    /// page read as the photo came is dark on every row (flat 104811 #147, blurred by 2 px).
    /// They are found again over the page's columns only (`paperColumns`), with, between those
    /// bands, the rows that are print at the lighter `lightRowInkCut`: a blurred number's digits
    /// are light grey, under a tenth of a bold title's count of dark pixels (#147's
    /// `N° 1705/2017` under `Permis d'exploitation — restaurant`). Applied to every block, the
    /// page's columns and the light rows moved the bands of pages read well: on phone 104811,
    /// one `high` answer fell to `medium` and three refusals became wrong answers.
    static func textRowBands(_ page: Image, in region: PixelRect) throws -> [PixelRect] {
        let block = try page.cropped(to: region)
        let px = try block.grayBytes()
        let w = block.width, h = block.height
        guard w > 0, h > 0, px.count == w * h else { return [] }
        func bands(in columns: ClosedRange<Int>, cuts: [Double]) -> [ClosedRange<Int>] {
            var histogram = [Int](repeating: 0, count: 256)
            for y in 0..<h { for v in px[(y * w + columns.lowerBound)...(y * w + columns.upperBound)] { histogram[Int(v)] += 1 } }
            let ink = Double(sortedGrey(histogram, at: columns.count * h / 200)), paper = Double(sortedGrey(histogram, at: columns.count * h / 2))
            var found: [ClosedRange<Int>] = []
            for share in cuts {
                let cut = UInt8(max(0, min(255, ink + share * (paper - ink))))
                let counts = (0..<h).map { y in px[(y * w + columns.lowerBound)...(y * w + columns.upperBound)].reduce(0) { $1 < cut ? $0 + 1 : $0 } }
                let minCount = max(4, (counts.max() ?? 0) / 10)
                var bands: [ClosedRange<Int>] = []
                for y in 0..<h where counts[y] >= minCount {
                    if let last = bands.last, y - last.upperBound <= rowGap + 1 {
                        bands[bands.count - 1] = last.lowerBound...y
                    } else {
                        bands.append(y...y)
                    }
                }
                found += bands.filter { b in b.count >= minRowBand && !found.contains { $0.overlaps(b) } }
            }
            return found.sorted { $0.lowerBound < $1.lowerBound }
        }
        var rows = bands(in: 0...(w - 1), cuts: [rowInkCut])
        if rows.contains(where: { 2 * $0.count > h }) {
            rows = bands(in: paperColumns(px, width: w, height: h), cuts: [rowInkCut, lightRowInkCut])
        }
        return rows.map { b in
            let pad = b.count / 3
            return PixelRect(x: region.x, y: region.y + max(0, b.lowerBound - pad), width: region.width, height: b.count + 2 * pad)
        }
    }

    /// The widest run of `block`'s columns whose median grey is paper: lighter than half the
    /// way from the block's ink (its 0.5th percentile) to the median of the columns' medians.
    /// A column of the table beside the page is dark from top to bottom; a column of print is
    /// paper most of its height. Every column when none is such.
    static func paperColumns(_ px: [UInt8], width w: Int, height h: Int) -> ClosedRange<Int> {
        var medians = [UInt8](repeating: 0, count: w)
        var column = [UInt8](repeating: 0, count: h)
        for x in 0..<w {
            for y in 0..<h { column[y] = px[y * w + x] }
            column.sort()
            medians[x] = column[h / 2]
        }
        var histogram = [Int](repeating: 0, count: 256)
        for v in px { histogram[Int(v)] += 1 }
        let ink = Double(sortedGrey(histogram, at: px.count / 200)), paper = Double(medians.sorted()[w / 2])
        let cut = UInt8(max(0, min(255, (ink + paper) / 2)))
        var best: ClosedRange<Int>?
        var start: Int?
        for x in 0...w {
            if x < w, medians[x] > cut {
                if start == nil { start = x }
            } else if let s = start {
                if (best.map { x - s > $0.count }) ?? true { best = s...(x - 1) }
                start = nil
            }
        }
        return best ?? 0...(w - 1)
    }

    /// The grey at `index` of the greys `histogram` counts once sorted (`sorted()[index]`).
    static func sortedGrey(_ histogram: [Int], at index: Int) -> UInt8 {
        var seen = 0
        for v in 0..<histogram.count {
            seen += histogram[v]
            if seen > index { return UInt8(v) }
        }
        return 255
    }

    /// `block` (grey) with its tones stretched so that its ink (0.5th percentile) is black and
    /// every grey from `share` of the way from it to the paper (median) is white; as it is when
    /// that leaves under 8 grey levels.
    static func levelled(_ block: Image, white share: Double) throws -> Image {
        let px = try block.grayBytes()
        guard !px.isEmpty else { return block }
        var hist = [Int](repeating: 0, count: 256)
        for v in px { hist[Int(v)] += 1 }
        // The grey a share `q` of the pixels are at or below (`q` > 0).
        func percentile(_ q: Double) -> Double {
            Double(sortedGrey(hist, at: Int((q * Double(px.count)).rounded(.up)) - 1))
        }
        let ink = percentile(0.005), paper = percentile(0.5)
        let white = ink + share * (paper - ink)
        guard white - ink >= 8 else { return block }
        let table = (0..<256).map { v in UInt8(max(0, min(255, ((Double(v) - ink) / (white - ink) * 255).rounded()))) }
        return try block.toneMapped(table)
    }

    /// Where `levelled` puts white, as a share of the way from the block's ink to its paper, in
    /// the order the stamped block is read again. A faded ring lies 0.5–0.9 of the way (flat permit
    /// 67 of seed 100911), so
    /// no one white point clears every ring and keeps every thin stroke: of the 9 stamped
    /// permits of development seed 100911 refused for want of a number, read at 0.7 alone 4
    /// gave their number, at 0.8 alone 4 and one wrong (`9456` of `19456`), at 0.6 one and one
    /// wrong; at 0.7 then 0.8, 6 and none wrong.
    static let levelledWhites = [0.7, 0.8]

    /// Where a pixel counts as print in `textRowBands`: this share of the way from the block's
    /// ink (its 0.5th percentile grey) to its paper (its median).
    static let rowInkCut = 0.35
    /// Where a pixel counts as print for the rows between `rowInkCut`'s bands (`textRowBands`).
    static let lightRowInkCut = 0.6
    /// Blank rows a line of print may have inside it (`textRowBands`).
    static let rowGap = 2
    /// Rows a band of print needs (`textRowBands`): less is a rule or a speck.
    static let minRowBand = 8
}
