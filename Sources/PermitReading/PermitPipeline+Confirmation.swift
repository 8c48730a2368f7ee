import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// Confirms the number chosen on the page by reading its crop again, digits only: a crop
    /// read that agrees settles it; one that disagrees (blur turns 9 into 0 or 2 at one scale
    /// and not at another) brings two more scales and a vote, with the Arabic read of the
    /// number's line when there is one (it reads the digits apart from the label).
    /// `agrees`: whether the first crop read gave the same text (`nil`: nothing to re-read);
    /// `changed`: whether the vote replaced the page's read; `byEngines`: whether the three
    /// engines' consensus over the crops replaced it, or two engines or more read it as it stands;
    /// `unanimous`: whether that consensus had all three engines behind it (`unanimousSupport`).
    func confirm(_ n: inout PermitNumberCandidate, on page: Image, arabicReads: [String],
                 clock: inout StageClock) throws -> (agrees: Bool?, changed: Bool, byEngines: Bool, unanimous: Bool) {
        let (image, lineBox) = try clock.time("number:line") { try Self.numberLine(page, box: n.box) }
        var box = lineBox
        let blurred = try Self.numberIsBlurred(image, box: box)
        if !blurred, let digits = try Self.digitsRows(image, box: box) { box = digits }
        let next = n.nextWordX
        // A next word the number's ink runs into without a word space may be its last glyph,
        // which the page read boxed apart (phone 103111 #198: `2013/50603` read `2013/5060 à`):
        // the crops stop short of that word and confirm the cut number alike, so it is never
        // `high`. The crops are not run on over that word: an Arabic label printed close to the
        // number is read as a digit (`2021-45049` for `2021-4504 رقم`).
        if let next, try Self.inkEnd(image, box: try Self.textRows(image, box: box)) > next { n.mayBeCut = true }
        guard var crop = try numberImage(image, box: box, nextWordX: next, glyphHeight: 48, sharpen: blurred) else { return (nil, false, false, false) }
        var checkRead = try clock.time("number:reread") { try Self.readDigits(crop, with: french) }
        var modelRead = try clock.time("number:reread-model") { try Self.readDigits(crop, with: try numberModel()) }
        // Neither engine found a glyph in a blurred crop: cut to its digits' rows, it is read
        // again, and its vote is cut so too.
        if checkRead == nil, modelRead == nil, let digits = try Self.digitsRows(image, box: box),
           let digitsCrop = try numberImage(image, box: digits, nextWordX: next, glyphHeight: 48, sharpen: blurred) {
            box = digits
            crop = digitsCrop
            checkRead = try clock.time("number:reread") { try Self.readDigits(crop, with: french) }
            modelRead = try clock.time("number:reread-model") { try Self.readDigits(crop, with: try numberModel()) }
        }
        // A bare year whose crop an engine reads running on into a separator, after it or
        // before it (`2012-` of `Réf. N° : 2012-62047`, the rest lost to glare in the page read:
        // flat 107011 #169, answered `medium`), is a number cut at its separator: no re-read
        // repeats it, and a bare year is answered only when one does (`PermitDecision.decide`).
        if PermitNumberFormat.isYear(n.text), [checkRead, modelRead].contains(where: { read in
            [read?.first, read?.last].contains { $0.map(PermitNumberFormat.isSeparator) == true }
        }) {
            n.mayBeCut = true
            traceSink?("number `\(n.text)` re-read from its crop: French `\(checkRead ?? "nothing")`, permit model `\(modelRead ?? "nothing")`: "
                       + "a year cut at its separator")
            return (false, false, false, false)
        }
        // A separator at an end of the crop's read is the label's colon or a stroke beside the
        // number, not the number's own (`2020-9417-` of `2020-9417 : رقم`).
        let check = checkRead.map(PermitNumberVote.trimmed) ?? ""
        // The French engine can find no glyph at all in a blurred crop (phone seed 101511 #60,
        // `2022/94622` smeared by the hand's shake): that is no confirmation, and no reason to
        // leave the page read unchecked either: the other engines and the vote's crops read it.
        // The page read then keeps `agrees` unknown unless the vote or the engines change it.
        let frenchSawNothing = checkRead == nil
        // A second recogniser, trained apart from the French one (`Models/permit`, on crops of
        // permit numbers: digits, `/` and `-`), reads the same crop: the French
        // reads of a blurred digit err alike at every scale (`4305/2024` at page size, at 48 px
        // and at two thresholds, for `4365/2024`), its own errors fall elsewhere. Only a read of
        // a permit number's shape counts (its misreads of a crop's edge, `0442/2018/`, do not).
        let model = modelRead.flatMap { PermitNumberFormat.isValid($0) ? $0 : nil }
        // A model read of another shape whose digits are not the number's still saw other
        // digits: `6269-44` of a crop the French engine read `62694` (phone 106411 #212, the
        // page's `62694` answered `high` for `626944`). It is no agreement, and brings the vote.
        let modelDigitsDiffer = modelRead.map { model == nil && !PermitNumberVote.digits($0).isEmpty
            && PermitNumberVote.digits($0) != PermitNumberVote.digits(n.text) } ?? false
        // Agreement means every independent read: the model's read and, when there is one, the
        // Arabic read of the line must have the same digits (the French reads glue the label's
        // noise on alike). A number labelled only in Arabic has that noise beside it: without an
        // Arabic read of its digits it is not confirmed.
        let arabicLabel = n.label.map(PermitText.hasArabic) ?? false
        let agrees = check == n.text && (model == nil || model == n.text) && !modelDigitsDiffer && (arabicReads.contains(n.text) || (arabicReads.isEmpty && !arabicLabel))
        // A plain read of an unusual length is voted on even when the first crop repeats it: the
        // page read and a crop at about its scale join two groups across a thin separator alike
        // (seed 73101 phone permit 17: `20233280` twice, one vote crop `2023-3280`).
        let plainJoin = PermitNumberVote.isUnusualPlain(n.text)
        traceSink?("number `\(n.text)` re-read from its crop: French `\(checkRead ?? "nothing")`, permit model `\(modelRead ?? "nothing")`"
                   + (arabicReads.isEmpty ? "" : ", Arabic line " + arabicReads.map { "`\($0)`" }.joined(separator: ", "))
                   + (agrees ? ": agrees" : ""))
        guard check != n.text || (model != nil && model != n.text) || modelDigitsDiffer || arabicReads.contains(where: { $0 != n.text }) || plainJoin else { return (agrees, false, false, false) }
        let crops = try voteCrops(image, box: box, nextWordX: next, heights: [40, 56], sharpen: blurred)
        let frenchVotes = try read(crops, with: french, stage: "number:reread-vote", clock: &clock)
        let reads = [n.text] + (frenchSawNothing ? [] : [check]) + (model.map { [$0] } ?? []) + arabicReads + frenchVotes.compactMap { $0 }
        let voted = settleVote(&n, reads: reads, check: check, model: model, agrees: agrees, arabicLabel: arabicLabel, blurred: blurred)
        // The same crops read by the permit model and by Tesseract's English model: three
        // engines whose errors fall apart, each one vote, the permit model's weighted
        // (`engineWeights`; `PermitNumberVote.consensus`). On the
        // permits of seeds 97501 and 98001 whose page read and crops disagreed, the French
        // reads' answer was wrong where the other two read the number on most crops
        // (`2021-8283` for `2021-883`, `2013-4968` for `2013-4068`, `27743` for `7743`).
        let all = [crop] + crops
        let byEngine: [[String?]] = [
            [frenchSawNothing ? nil : check] + frenchVotes,
            try [modelRead] + read(crops, with: numberModel(), stage: "number:consensus", clock: &clock),
            try read(all, with: english(), stage: "number:consensus", clock: &clock),
        ]
        // A consensus one engine alone read must be close to the page read (`closeToPageRead`):
        // a crop off the number (a rule line) is read as digits by the permit model alone. The
        // page read stands against a consensus that more engines do not read mostly
        // (`readMoreWidely`, `oneEngineAgainst`); a number the French vote made of the French
        // crop reads is no page read — the French engine reads it mostly by construction (flat
        // 104711 #127: its `2024/10300` held back the permit model's right `2024/10309`).
        // A page read that is a bare year (`2013` of `2013-142` split `2013 14`) is answered only
        // when its crops repeat it (`PermitDecision.decide`); their consensus on no more digits is
        // the same year misread, its crops cut where the year's box ends (flat 106211 #228, the
        // permit model's `2913` alone), and replaces nothing. One that reads on holds the rest.
        let yearOnly = PermitNumberFormat.isYear(n.text)
        let consensus = PermitNumberVote.consensus(byEngine, crops: all.count, weights: Self.engineWeights)
            .flatMap { yearOnly && PermitNumberVote.digits($0.text).count <= n.text.count ? nil : $0 }
        traceSink?("  \(crops.count) more crops; the engines' consensus: "
                   + (consensus.map { "`\($0.text)` (\($0.engines) engine\($0.engines == 1 ? "" : "s"), support \(String(format: "%.1f", $0.support)))" } ?? "none")
                   + (voted.changed ? "; the French vote made it `\(n.text)`" : ""))
        traceSink?("    crop reads: " + zip(["French", "permit model", "English"], byEngine).map { name, reads in
            name + " " + reads.map { $0.map { "`\($0)`" } ?? "-" }.joined(separator: " ")
        }.joined(separator: "; "))
        if let c = consensus, c.engines >= 2 || Self.closeToPageRead(c.text, n.text),
           PermitNumberVote.overrules(c.text, support: c.support, n.text,
                                      readSupport: PermitNumberVote.engineSupport(n.text, in: byEngine, crops: all.count,
                                                                                  weights: Self.engineWeights),
                                      mayGrow: !arabicLabel || PermitNumberVote.arabicShows(c.text, in: arabicReads), raw: n.raw, mayDropDoubled: !blurred && Self.isUnanimous(c)),
           voted.changed || !(PermitNumberVote.readMoreWidely(n.text, than: c.text, in: byEngine, crops: all.count)
                              || PermitNumberVote.oneEngineAgainst(n.text, consensusEngines: c.engines, in: byEngine, crops: all.count)) {
            n.text = c.text
            return (false, true, true, Self.isUnanimous(c))
        }
        // Two engines or more whose consensus is the number as it stands (the page read, or the
        // French vote's answer) confirm it as a replacing consensus would, though the French
        // re-read misreads it (`6/04/2021` on every crop of `6704/2021`, the ring of a stamp
        // across its `7`, where the permit model and English read `6704/2021`). So does the
        // permit model reading the number as it stands on every crop: two engines then read it,
        // the French one on the page and the model, trained apart, on its crops (phone 105011
        // #217, `2013/36496` read `201436496` by the French crop reads, stamp-faded: refused as
        // without a number). On 1 040 development permits it changed no other answer.
        let backed = consensus.map { $0.engines >= 2 && PermitNumberVote.digits($0.text) == PermitNumberVote.digits(n.text) } ?? false
            || byEngine[1].allSatisfy { $0 == n.text }
        // Such a consensus that shows the separator a plain read of an unusual length lost
        // (`isUnusualPlain`) puts it back, as one crop read does in the French vote
        // (`separatorRestored`): phone 104811 #223, `20882013` on the page and most crops,
        // `2088/2013` the consensus of the permit model and English.
        if let c = consensus, PermitNumberVote.putsBackSeparator(c.text, engines: c.engines, to: n.text) {
            n.text = c.text
            return (false, true, true, Self.isUnanimous(c))
        }
        return (frenchSawNothing && !voted.changed ? nil : voted.agrees, voted.changed, backed,
                backed && consensus.map(Self.isUnanimous) == true)
    }

    /// Whether an engines' consensus has all three engines behind it, at `unanimousSupport` at least.
    static func isUnanimous(_ c: (text: String, support: Double, engines: Int)) -> Bool {
        c.engines == 3 && c.support >= unanimousSupport - 1e-9
    }

    /// The support (of the 4 the weighted engines can give, `engineWeights`) that makes a
    /// three-engine consensus unanimous: each engine reads it on most of the crops.
    static let unanimousSupport = 3.0

    /// The French vote on a number whose crop reads disagree with its page read (`reads`: the
    /// page read first, then the crops' and the model's): the rules below, the first that
    /// applies changing `n`.
    private func settleVote(_ n: inout PermitNumberCandidate, reads: [String], check: String, model: String?,
                            agrees: Bool, arabicLabel: Bool, blurred: Bool) -> (agrees: Bool?, changed: Bool) {
        // A sharp, confidently read number may have lost a glyph in the page read (its last
        // digit, next to the line's end), but the crops, read alike, would repeat one
        // misreading (a bold 5 as 3) rather than correct a digit: there they may only add what
        // the page read dropped.
        let doubtful = blurred || n.confidence < Self.trustedPageConfidence
        if let voted = PermitNumberVote.winner(reads).map({ PermitNumberVote.separatorKept(from: n.text, in: $0) }), voted != n.text,
           (PermitNumberVote.support(n.text, in: reads) <= 1 && (doubtful || PermitNumberVote.isSubsequence(n.text, of: voted)))
            || PermitNumberVote.addsSeparator(voted, to: n.text) {
            n.text = voted
            return (agrees, true)
        }
        // The French engine drops a digit (`2022-77` for `2022-771`, `2021/1816` for
        // `2021/18116`) at the page's scale and at most crop scales alike, so the shortened form
        // out-votes the whole one. A digit read by the independent model and by another crop
        // read, where the page read has nothing, is what the page read lost: two engines do not
        // make up the same glyph on clean paper. Right of a number labelled in Arabic is the
        // label's ink, which both read as a digit (`2020-30214` for `2020-3021 : رقم`): a digit
        // put back at its end is not taken there.
        if let model, PermitNumberVote.restoresOneDigit(model, to: n.text),
           PermitNumberVote.support(model, in: reads) >= 2,
           !(arabicLabel && model.hasPrefix(n.text)) {
            n.text = model
            return (false, true)
        }
        // The page read stopped where a stamp or a box's edge crosses the number's last digits
        // (`2019-554` of `2019-55475`); its crops, cut where the ink stops, show the rest. The
        // independent model's read that goes on from the page read is taken when two more crop
        // reads hold it whole (the French reads add the stroke beside the number as a digit:
        // `12019-55475`). Not after a number labelled in Arabic, whose label's ink both read as
        // digits.
        if let model, PermitNumberVote.continues(n.text, as: model), !arabicLabel,
           reads.filter({ $0.contains(model) }).count >= 3 {
            n.text = model
            return (false, true)
        }
        if let separated = PermitNumberVote.separatorRestored(to: n.text, from: Array(reads.dropFirst())) {
            n.text = separated
            return (false, true)
        }
        if !PermitNumberFormat.isValid(n.text), PermitNumberFormat.isValid(check) {
            n.text = check
            return (agrees, true)
        }
        return (agrees, false)
    }

    /// The engines' votes in the consensus over a number's crops: French, the permit model,
    /// English. The permit model reads such crops best (`numberModelName`); one vote each, the
    /// French reads' repeated misreading outvoted it. Weighing 2 rather than 1, the pipeline read
    /// 86 of the 108 legible phone permits of seed 100111 rather than 84 (`3065/2013` and
    /// `62940` put right, none lost).
    static let engineWeights: [Double] = [1, 2, 1]

    /// Where the thresholded re-reads of a vote cut, from the crop's ink (0, its 5th percentile
    /// grey) to its paper (1, its 90th percentile).
    static let voteThresholds = [0.5, 0.65]

    /// The band of the page a number's crops are cut from, the page's width and `numberLineReach`
    /// number heights above and below its box, with a frame printed around the number erased
    /// (`PermitFrames`, `strict`: a box, not a stamp's ring), and the box on it. A boxed number's crop otherwise holds the frame's
    /// edges: its longest rows are the frame's, which `textRows` takes for the text's (phone
    /// permit 74 of seed 100311, `Réf. N° : 9667/2017` boxed: its crop was the frame's bottom
    /// edge, read as nothing, and the page read's `96672017` stood).
    static func numberLine(_ page: Image, box: PixelRect) throws -> (image: Image, box: PixelRect) {
        let reach = numberLineReach * max(8, box.height)
        guard let band = PixelRect(x: 0, y: box.y - reach, width: page.width, height: box.height + 2 * reach)
            .clamped(width: page.width, height: page.height) else { return (page, box) }
        let line = try PermitFrames.erased(try page.cropped(to: band), strict: true)
        return (line, PixelRect(x: box.x, y: box.y - band.y, width: box.width, height: box.height))
    }

    /// How far above and below a number's box, in its heights, its line's band reaches: a frame
    /// around it (about twice the number's height) lies within it whole.
    static let numberLineReach = 2

    /// A vote's crops of a number: at each of `heights`, then (bold print blurred closes the
    /// gap a thin `/` or a digit's counter leaves — `36492014`, `2322798` for `322798` — alike
    /// at every scale of the grey crop; cut to black and white at a grey between its ink and
    /// its paper, the gap opens again at one level or another) at 48 px cut at each of
    /// `voteThresholds`.
    func voteCrops(_ page: Image, box: PixelRect, nextWordX: Int?, heights: [Double], sharpen: Bool) throws -> [Image] {
        var crops: [Image] = []
        for height in heights {
            if let c = try numberImage(page, box: box, nextWordX: nextWordX, glyphHeight: height, sharpen: sharpen) { crops.append(c) }
        }
        for level in Self.voteThresholds {
            if let c = try numberImage(page, box: box, nextWordX: nextWordX, glyphHeight: 48, sharpen: sharpen, threshold: level) { crops.append(c) }
        }
        return crops
    }

    /// The number's crop as it is read again: scaled to `glyphHeight` pixels; with `threshold`,
    /// cut to black and white that share of the way from its ink to its paper; framed with paper.
    func numberImage(_ page: Image, box: PixelRect, nextWordX: Int?, glyphHeight: Double, sharpen: Bool,
                     threshold: Double? = nil) throws -> Image? {
        let box = try Self.textRows(page, box: box)
        guard let crop = try Self.numberCrop(page, box: box, nextWordX: nextWordX) else { return nil }
        let h = max(8, box.height)
        let factor = min(4, max(0.5, glyphHeight / Double(h)))
        var resized = try crop.scaled(by: factor)
        // A blurred number (soft edges for its size) is read more reliably once its edges are
        // steepened again: an unsharp mask about as wide as the blur of such a crop.
        if sharpen {
            resized = try resized.sharpened(halfWidth: max(2, Int((Double(h) * factor * 0.09).rounded())), amount: 2.5)
        }
        if let threshold {
            let px = try resized.grayBytes().sorted()
            guard !px.isEmpty else { return nil }
            let ink = Double(px[px.count / 20]), paper = Double(px[px.count * 9 / 10])
            resized = try resized.thresholded(at: Int(ink + threshold * (paper - ink)))
        }
        // A glyph cut by the crop's edge (the tight left margin) is often misread: frame the
        // crop with paper, half a glyph wide.
        let scaled = try Self.framed(resized, border: Int(Double(h) * factor / 2))
        debugSink?("number", scaled)
        return scaled
    }

    /// Each of `crops` read by `engine` (`readDigits`), timed as `stage`.
    func read(_ crops: [Image], with engine: OCREngine, stage: String, clock: inout StageClock) throws -> [String?] {
        try crops.map { c in try clock.time(stage) { try Self.readDigits(c, with: engine) } }
    }

    /// A number's crop read on one line, digits and separators only (`nil`: nothing read).
    static func readDigits(_ image: Image, with reader: OCREngine) throws -> String? {
        try reader.setVariable("tessedit_char_whitelist", "0123456789/-")
        defer { try? reader.setVariable("tessedit_char_whitelist", "") }
        let t = try reader.recognize(image, mode: .singleLine)
        let s = PermitNumberFormat.droppingTrailingDate(t.text.filter { $0.isNumber || $0 == "/" || $0 == "-" })
        return s.isEmpty ? nil : s
    }

    /// The number's box with a margin: little on the left, where the label's `°` or `:` would
    /// be read as a digit.
    static func numberCrop(_ page: Image, box: PixelRect, nextWordX: Int? = nil) throws -> Image? {
        let h = max(8, box.height)
        // On the right to where the ink stops (a glyph's width at least), short of the next word
        // (an Arabic label read as digits).
        let inkEnd = try inkEnd(page, box: box)
        let right = min(max(box.maxX + h, inkEnd + h / 4), nextWordX.map { max(box.maxX + 1, $0 - h / 8) } ?? .max)
        // On the left from a first digit the box left out (`inkStart`).
        let left = min(box.x, try inkStart(page, box: box)) - h / 4
        let padded = PixelRect(x: left, y: box.y - h / 3, width: right - left, height: h + 2 * (h / 3))
        guard let r = padded.clamped(width: page.width, height: page.height) else { return nil }
        return try page.cropped(to: r)
    }

    /// How far right of a number's box (`box.maxX` on) its ink runs before a word space: the page
    /// read can end a number early where a stamp or a box's edge crosses its last digits
    /// (`2019-554` of `2019-55475`), and a crop cut a glyph past its box cuts the rest. A column
    /// is ink when a pixel in the box's rows is darker than halfway from the paper to the ink;
    /// the run stops at `inkEndSpace` number heights of blank columns, or `inkEndReach` heights
    /// past the box.
    static func inkEnd(_ page: Image, box: PixelRect) throws -> Int {
        let h = max(8, box.height)
        let reach = Int(inkEndReach * Double(h))
        guard let r = PixelRect(x: box.x, y: box.y, width: box.width + reach, height: box.height).clamped(width: page.width, height: page.height),
              r.maxX > box.maxX else { return box.maxX }
        let px = try page.cropped(to: r).grayBytes()
        let w = r.width, rows = px.count / max(1, w)
        guard rows > 0 else { return box.maxX }
        guard let cut = inkCut(px, width: w, rows: rows, columns: 0..<min(w, box.maxX - r.x)) else { return box.maxX }
        let space = max(2, Int(inkEndSpace * Double(h)))
        var end = box.maxX, blank = 0
        for x in (box.maxX - r.x)..<w {
            var inked = false
            for y in 0..<rows where Int(px[y * w + x]) < cut { inked = true; break }
            if inked { end = r.x + x + 1; blank = 0 } else { blank += 1; if blank >= space { break } }
        }
        return end
    }

    /// The grey halfway from ink to paper in the number's own box (`columns` of a `width`-wide
    /// crop of `rows` rows): ink its 5th percentile, paper its 90th; nil when the box is too
    /// small or too flat to tell them apart.
    static func inkCut(_ px: [UInt8], width w: Int, rows: Int, columns: Range<Int>) -> Int? {
        var own: [UInt8] = []
        for y in 0..<rows { for x in columns { own.append(px[y * w + x]) } }
        own.sort()
        guard own.count > 20 else { return nil }
        let ink = Int(own[own.count / 20]), paper = Int(own[own.count * 9 / 10])
        guard paper - ink > 20 else { return nil }
        return (ink + paper) / 2
    }

    /// Where the number starts when the page read's box left out its first glyph: a stamp's
    /// ring across the first digits garbles the page read and moves its box (`2614- 55786` of
    /// `2013-55754` boxed from after its `2`), and a crop from there reads the rest
    /// (`013-55754` on all five crops of phone 101411 #39). Left of the box, past at most a
    /// letter's gap of paper (under `inkEndSpace` number heights), a run of ink columns (a
    /// pixel in the box's rows darker than halfway from its paper to its ink) at least
    /// `inkStartMinWidth` heights wide, ending within `inkStartReach` and spanning half the
    /// box's rows or more, is a digit, and the crop starts with it; a narrower one is the
    /// label's colon (`Réf. N°: 8993`, flat 101411 #13), a longer or a flatter one a frame's
    /// edge or a rule (phone 101511 #147), left out. `box.x` otherwise.
    static func inkStart(_ page: Image, box: PixelRect) throws -> Int {
        let h = max(8, box.height)
        let reach = Int(inkStartReach * Double(h))
        guard let r = PixelRect(x: box.x - reach, y: box.y, width: box.width + reach, height: box.height).clamped(width: page.width, height: page.height),
              r.x < box.x else { return box.x }
        let px = try page.cropped(to: r).grayBytes()
        let w = r.width, rows = px.count / max(1, w)
        guard rows > 0 else { return box.x }
        guard let cut = inkCut(px, width: w, rows: rows, columns: (box.x - r.x)..<w) else { return box.x }
        func inked(_ x: Int) -> Bool { (0..<rows).contains { Int(px[$0 * w + x]) < cut } }
        let space = max(2, Int(inkEndSpace * Double(h)))
        // The gap: paper up to the glyph's right edge.
        var x = box.x - r.x - 1
        var gap = 0
        while x >= 0, !inked(x) { gap += 1; x -= 1 }
        guard x >= 0, gap < space else { return box.x }
        // The glyph: ink columns to a blank pair, within the reach (a rule line or a frame's
        // edge runs on past it).
        var start = x, blank = 0
        while x >= 0 {
            if inked(x) { start = x; blank = 0 } else { blank += 1; if blank >= 2 { break } }
            x -= 1
        }
        guard blank >= 2 else { return box.x }
        let right = box.x - r.x - 1 - gap
        guard Double(right - start + 1) >= inkStartMinWidth * Double(h) else { return box.x }
        // A digit's ink spans most of the number's rows, a rule's a few.
        let inkRows = (0..<rows).filter { y in (start...right).contains { Int(px[y * w + $0]) < cut } }
        guard let top = inkRows.first, let bottom = inkRows.last, 2 * (bottom - top + 1) >= rows else { return box.x }
        return r.x + start
    }

    /// How far left of its box, in number heights, the number's first glyph is looked for.
    static let inkStartReach = 1.0
    /// The width, in number heights, of ink left of the box that makes a digit, not a colon.
    static let inkStartMinWidth = 0.3

    /// The number's box cut to the rows its text fills, when the page read's box is much taller:
    /// a stamp over the number joins its ring and its lettering to the word's box (`: 2024-08557`
    /// boxed two and a half digits tall), and a crop scaled by that box reads digits too small,
    /// framed by the ring, as nothing. The text's rows are the run, around the inkiest band of
    /// rows an eighth of the box tall, of rows whose ink (pixels darker than halfway from the
    /// paper to the ink) is at least `textRowShare` of that band's mean, and a sixth of it more
    /// above and below; the box is kept unless that is under `textRowsCut` of its height.
    static func textRows(_ page: Image, box: PixelRect) throws -> PixelRect {
        guard let t = try textBand(page, box: box), Double(t.band.height) < textRowsCut * Double(t.boxHeight) else { return box }
        return t.band
    }

    /// The rows the text of `box` fills (`textRows`) and the box's height as it lies on the
    /// page; nil when the box is too small or too flat to tell, or the rows too few.
    static func textBand(_ page: Image, box: PixelRect) throws -> (band: PixelRect, boxHeight: Int)? {
        guard box.height >= 12, box.width >= 8, let r = box.clamped(width: page.width, height: page.height) else { return nil }
        let px = try page.cropped(to: r).grayBytes()
        let w = r.width, rows = px.count / max(1, w)
        guard rows >= 12 else { return nil }
        let sorted = px.sorted()
        let ink = Int(sorted[sorted.count / 20]), paper = Int(sorted[sorted.count * 9 / 10])
        guard paper - ink > 20 else { return nil }
        let cut = (ink + paper) / 2
        // A row inked across nearly the whole box is a rule, not text: digits leave gaps between
        // them. A frame left on the page (`numberLine` erases only clean outlines) gives the box
        // its edges, and an edge thick once blurred outweighed the digits' rows: phone 106111
        // #152, `N° d'autorisation : 2014/3454` boxed, its crop re-read `0` and nothing, answered
        // `low`; #119, `2020/8667` boxed under a stamp's ring, every crop the frame's edge (its
        // rows inked across 76–100 % of the box, the digits' at most 68 %).
        let ruled = Int(ruleRowShare * Double(w))
        let counts = (0..<rows).map { y in
            let n = (0..<w).reduce(0) { $0 + (Int(px[y * w + $1]) < cut ? 1 : 0) }
            return n >= ruled ? 0 : n
        }
        // The peak is sought over runs of rows an eighth of the box tall: a ring's stroke where
        // it runs level is long but a row or two thick, the digits' rows are many.
        let run = max(3, rows / 8)
        let sums = (0...(rows - run)).map { y in counts[y..<(y + run)].reduce(0, +) }
        guard let start = sums.indices.max(by: { sums[$0] < sums[$1] }), sums[start] > 0,
              let peak = (start..<(start + run)).max(by: { counts[$0] < counts[$1] }) else { return nil }
        let floor = Double(sums[start]) / Double(run) * textRowShare
        var top = peak, bottom = peak
        while top > 0, Double(counts[top - 1]) >= floor { top -= 1 }
        while bottom < rows - 1, Double(counts[bottom + 1]) >= floor { bottom += 1 }
        // The glyphs' round tops and bottoms ink fewer pixels than their middles: a sixth of the
        // run more above and below.
        let margin = max(1, (bottom - top + 1) / 6)
        top = max(0, top - margin)
        bottom = min(rows - 1, bottom + margin)
        let band = bottom - top + 1
        guard band >= 6 else { return nil }
        return (PixelRect(x: box.x, y: r.y + top, width: box.width, height: band), r.height)
    }

    /// The digits' rows of a number's box that `textRows` keeps whole (`textBand`'s rows when
    /// they fill from `textRowsCut` to `digitsRowsCut` of it), nil otherwise: a stamp's ring and lettering joined to the
    /// word's box make it up to half again as tall as the digits, and Tesseract's single-line
    /// read of a crop scaled by that box, the ring's arcs and letters above and below the digits,
    /// gives nothing (flat 104311 #74, `2021-603`: nothing from every engine on every crop,
    /// `2021-603` from all three cut to the digits' rows; #73 and flat 104211 #164 alike). A
    /// sharp number's crops are cut so; a blurred one's only when its first crop reads nothing:
    /// its halo makes its box taller than its rows' ink, and its crop cut to them read nothing
    /// where the box's read it (phone 104211 #91, `2024-091`). On development seeds 104211 and
    /// 104311 (flat and phone, 724 legible permits), exact reads 643 → 650, one lost (phone
    /// 104211 #59, the French reads of the cut crops dropping a `9`); cutting a blurred number's
    /// crops too lost two phone permits for that one (#91, #59); cutting only crops that read
    /// nothing won four.
    static func digitsRows(_ page: Image, box: PixelRect) throws -> PixelRect? {
        guard let t = try textBand(page, box: box) else { return nil }
        let rows = Double(t.band.height), height = Double(t.boxHeight)
        return rows >= textRowsCut * height && rows < digitsRowsCut * height ? t.band : nil
    }

    /// The share of a number's box under which its digits' rows are cut to (`digitsRows`).
    static let digitsRowsCut = 0.8

    /// A row of a number's box inked across at least this share of its width is a rule (a
    /// frame's edge, an underline), never the text's (`textBand`).
    static let ruleRowShare = 0.9

    /// A row is the text's when its ink is at least this share of the inkiest band's mean row.
    static let textRowShare = 0.25
    /// A box is cut to its text's rows only when they fill less than this share of it.
    static let textRowsCut = 0.6

    /// The blank run, in number heights, that ends a number's ink: a word space. At half a
    /// height the crop of `Autorisation n° 8204 du 04/08/2016` ran on into the date, and its
    /// digits-only reads gave `820404` (flat permit 39 of seed 96501).
    static let inkEndSpace = 0.25
    /// How far past its box, in number heights, a number's ink is followed.
    static let inkEndReach = 4.0

    /// Whether the number's crop, scaled to a 48-pixel glyph, has the soft edges of a blurred photo.
    static func numberIsBlurred(_ page: Image, box: PixelRect) throws -> Bool {
        let box = try textRows(page, box: box)
        guard let crop = try numberCrop(page, box: box) else { return false }
        let scaled = try crop.scaled(by: min(4, max(0.5, 48 / Double(max(8, box.height)))))
        return try edgeSteepness(scaled) < blurredSteepness
    }

    /// A page read of the number at least this confident (mean per character) is not overruled
    /// by re-reads of a sharp crop.
    static let trustedPageConfidence = 0.9

    /// Below this edge steepness a number's crop counts as blurred (sharp print, photographed in
    /// focus, measures 0.2–0.4; a blur of a tenth of the glyph height brings it near 0.12).
    static let blurredSteepness = 0.15

    /// How abruptly the grey changes across glyph edges: the 99th percentile of the step between
    /// neighbouring pixels over the 5th–95th percentile contrast. Blur lowers it; it does not
    /// depend on the lighting, and little on the glyph size once the crop is scaled.
    static func edgeSteepness(_ image: Image) throws -> Double {
        let px = try image.grayBytes()
        let w = image.width, h = image.height
        guard w > 2, h > 2 else { return 1 }
        var steps = [Int](repeating: 0, count: 256)
        var hist = [Int](repeating: 0, count: 256)
        for y in 0..<h {
            for x in 0..<w {
                let v = Int(px[y * w + x])
                hist[v] += 1
                if x + 1 < w { steps[abs(v - Int(px[y * w + x + 1]))] += 1 }
                if y + 1 < h { steps[abs(v - Int(px[(y + 1) * w + x]))] += 1 }
            }
        }
        func percentile(_ counts: [Int], _ p: Double) -> Int {
            let n = counts.reduce(0, +)
            var acc = 0
            for (v, c) in counts.enumerated() { acc += c; if Double(acc) >= p * Double(n) { return v } }
            return 255
        }
        let contrast = percentile(hist, 0.95) - percentile(hist, 0.05)
        guard contrast > 0 else { return 0 }
        return Double(percentile(steps, 0.99)) / Double(contrast)
    }

    /// `image` with a margin of `border` pixels (a quarter of it above and below) filled with its
    /// paper's grey (the 90th percentile).
    static func framed(_ image: Image, border: Int) throws -> Image {
        let px = try image.grayBytes()
        guard border > 0, !px.isEmpty else { return image }
        let paper = px.sorted()[px.count * 9 / 10]
        let bx = border, by = max(1, border / 4)
        let w = image.width + 2 * bx, h = image.height + 2 * by
        var out = [UInt8](repeating: paper, count: w * h)
        for y in 0..<image.height {
            let src = y * image.width, dst = (y + by) * w + bx
            for x in 0..<image.width { out[dst + x] = px[src + x] }
        }
        return try Image.gray(width: w, height: h, pixels: out)
    }

}
