import Evaluation
import Foundation
import Imaging
import ReadingCore
import Recognition

/// Reads one orientation's lines whole with the serial model, longest first: a serial after a
/// label becomes a region at once (and the stage stops once one is confident); rows the chain
/// cut are extended and read; label-less serials get crop reads only when nothing anchored is.
struct LineReading {
    let settings: Preset.Lines
    let weights: Preset.Reads
    let earlyStopConfidence: Double
    let anchors: AnchorMatching
    let cropping: RegionCropping
    let ranking: Ranking
    let engine: OCREngine
    let deadline: Deadline
    let debugSink: ((String, Image) -> Void)?
    let lineSink: ((String) -> Void)?

    /// The photo the lines are in and what its regions are called.
    struct Frame {
        /// The grey photo turned by `rotation`, at full resolution.
        var image: Image
        /// The lines were found at this scale of `image`.
        var fit: Double
        var rotation: Int
        var stage: ReadStage
    }

    /// Reads `lines` (the probe's whole-line reads in `cache`); adds regions and weak tokens to
    /// `state`. Returns the mean read confidence of the lines it read, and how many it read.
    func readAll(_ lines: [TextLine], frame: Frame, cache: [TextLine: LineBandRead] = [:], state: inout ReadState) throws -> (meanConfidence: Double, lines: Int) {
        try engine.setVariable("tessedit_char_whitelist", "")
        if let sink = lineSink {
            for l in lines { sink("line n=\(l.glyphCount) x=\(l.minX)...\(l.maxX) y=\(Int(l.baseline(at: Double(l.minX)))) h=\(l.glyphHeight) slope=\(l.slope)") }
        }
        var pass = LinePass(queue: Array(lines.prefix(settings.maxLines)), width: Double(frame.image.width) * frame.fit)
        let before = state.regions.count
        while !pass.queue.isEmpty {
            let line = pass.queue.removeFirst()
            if deadline.hasPassed { break }
            guard let r = try read(line, frame: frame, cache: cache) else { continue }
            pass.read.append(r)
            pass.confidenceSum += r.text.meanConfidence
            state.noteAddresses(in: r.text)
            state.noteRegulatoryBlock(in: r.text)
            for recognized in r.text.lines { try take(recognized, of: r, frame: frame, pass: &pass, state: &state) }
            try linkLabels(frame: frame, pass: &pass, state: &state)
            if state.regions.count > before, let best = state.ranked(by: ranking).first,
               best.confidence >= earlyStopConfidence { break }
        }
        try cropUnanchored(pass.unanchored, since: before, frame: frame, state: &state)
        return (pass.meanConfidence, pass.read.count)
    }

    /// One line's read: the probe's when it read the whole line, else its band read now.
    func read(_ line: TextLine, frame: Frame, cache: [TextLine: LineBandRead]) throws -> ReadLine? {
        let factor = settings.readFactor(line, fit: frame.fit)
        let band: Image, text: RecognizedText, img: Image?
        if let probed = cache[line] {
            band = probed.band; text = probed.text
            img = debugSink == nil ? nil : try settings.readImage(probed.band, factor: factor, polarity: frame.stage.polarity)
        } else {
            guard let cut = try? line.band(from: frame.image, scale: 1 / frame.fit) else { return nil }
            let b = BandWall.blanked(cut, glyphHeight: line.glyphHeight / frame.fit, sink: lineSink)
            let scaled = try settings.readImage(b, factor: factor, polarity: frame.stage.polarity)
            band = b; img = scaled
            text = try engine.recognize(scaled, mode: .rawLine, timeLimit: deadline.remaining)
        }
        if let img { debugSink?("\(frame.stage)-line-\(text.text.replacingOccurrences(of: " ", with: "_").prefix(60))", img) }
        lineSink?("  read h=\(line.glyphHeight) n=\(line.glyphCount): \(text.text) [\(String(format: "%.2f", text.meanConfidence))]"
                  + " words: \(text.words.map(\.text).joined(separator: "|"))")
        return ReadLine(line: line, band: band, readScale: 1 / factor, text: text)
    }

    /// The tokens of one recognised line of `r`: after a label, a region at once; otherwise
    /// valid serials wait for the end of the pass and the others are weak reads.
    private func take(_ recognized: RecognizedLine, of r: ReadLine, frame: Frame, pass: inout LinePass, state: inout ReadState) throws {
        // A row read for ink after a labelled serial: its read counts when it holds that serial
        // and more after the label; otherwise the serial read before stands.
        if let before = pass.inkExtended[r.line], before.limits.anchorEnd != nil {
            let whole = anchors.match(in: recognized).flatMap { ValueToken.first(in: $0.after) }
            if whole.map({ !Self.extends($0.token.text, before.value.token.text) }) ?? true {
                try cropping.add(before, anchored: true, frame: frame, regions: &state.regions)
                return
            }
        }
        if let anchor = anchors.match(in: recognized) {
            state.labelSeen = true
            let count = state.regions.count
            for t in labelled(after: anchor, on: r, frame: frame, pass: &pass) {
                try cropping.add(t, anchored: true, frame: frame, regions: &state.regions)
            }
            if let before = pass.inkExtended[r.line], state.regions.count > count {
                Self.dropUnconfirmedExtension(of: before.value.token.text, in: &state.regions[state.regions.count - 1])
            }
            return
        }
        // A row read out to the left of a whole serial for its label, without one, where no ink
        // goes on before the serial's chain: the serial is its line's; the row reads the label
        // column's last letters as its first (`ER4RN4DNBBKQ`).
        if pass.labelRows.contains(r.line) { return }
        for t in unlabelled(recognized, on: r, frame: frame, pass: &pass) {
            if t.value.token.validation.isValid {
                pass.unanchored.append(t)
            } else {
                state.weak.append(SerialVote.Read(t.value.token, weight: weights.tokenWeight, source: .lineToken))
            }
        }
    }

    /// The value after a label on `r`. The crop stops halfway to the neighbouring words (the
    /// anchor's last letter read as a serial character makes it one too long). A serial shorter
    /// than any format (10-12) that ends its chain was cut by the chain, not by the text: its
    /// last glyphs chained into another line (a tilted row under the end of the row above). Its
    /// row out to the right is read first, once (a row read out to the left once more), and the
    /// short token makes no region. The row reaches as far as the missing characters would (a
    /// glyph height each, and one more), not further, and stops where its ink stops (`inkRow`):
    /// empty metal past a serial reads as `C`s. So is an invalid 11-character one: a
    /// 12-character serial whose last glyph the chain left out (`C02N7DRHQ05` + `D`), and a 10- or
    /// 11-character one with ink right after its chain (`DMPX77Z3MD` + `6N`, see `LineEdgeInk`).
    private func labelled(after anchor: AnchorMatching.Match, on r: ReadLine, frame: Frame, pass: inout LinePass) -> [LineToken] {
        guard let t = ValueToken.first(in: anchor.after) else {
            let width = pass.width
            pass.lookForValue(ofLabel: r.line) { trimmed($0, of: r.line, span: LineRows.valueSpan, frame: frame, width: width, acrossGap: true) }
            return []
        }
        let next = anchor.after.first { $0.box.x > t.box.maxX }?.box.x
        let n = t.token.text.count
        let cut = n < 10 || (n == 11 && !t.token.validation.isValid)
        if next == nil, cut, pass.mayExtendRight(r.line), let row = inkRow(of: r.line, span: Double(13 - n), frame: frame, width: pass.width) {
            pass.leftRows.remove(r.line)
            pass.readNext(row)
            return []
        }
        // A whole-looking serial ending its row with ink right after it: the row out to the right
        // is read first, once (rows extended before too; the extension itself never again), and
        // counts only when it holds the serial and more (`take`).
        let token = LineToken(value: t, line: r, limits: LineToken.Limits(anchorEnd: anchor.box.maxX, nextWord: next), toEnd: next == nil)
        if !cut, (10...11).contains(n), next == nil, pass.inkExtended[r.line] == nil,
           LineEdgeInk.continues(r.line, band: r.band, scale: 1 / frame.fit, photoWidth: frame.image.width, side: .right),
           let row = inkRow(of: r.line, span: Double(13 - n), frame: frame, width: pass.width) {
            pass.inkExtended[row] = token
            pass.readNext(row)
            return []
        }
        return [token]
    }

    /// Serial-shaped tokens word by word. A serial-like token too short for any format that
    /// starts its chain may have lost its first characters and its label to the chain above
    /// (tight rows of tiny etched text): its row out to the left, as far as the missing
    /// characters and a `Serial ` would reach, is read first, once, and at most twice a stage. A
    /// whole serial that starts its chain may have a label the chain left out (a sticker's `Sl.#`
    /// a wide gap before it): its row out to the left by a `(S) Serial No.` is read too, and a
    /// line waiting left of it on its baseline (a screen's label column) is read right after.
    private func unlabelled(_ recognized: RecognizedLine, on r: ReadLine, frame: Frame, pass: inout LinePass) -> [LineToken] {
        var out: [LineToken] = []
        for (k, w) in recognized.words.enumerated() {
            let word = RecognizedText(lines: [RecognizedLine(words: [w], box: w.box, confidence: w.confidence)])
            for t in SerialCandidateExtractor.tokens(in: word) {
                out.append(LineToken(value: ValueToken(token: t, box: w.box), line: r, toEnd: k == recognized.words.count - 1))
                let cut = t.text.count < 10 && SerialGrammar.isPlausible(t.text)
                if k == 0, cut || t.validation.isValid { pass.lookForLabel(ofValue: r.line) }
                if k == 0, cut || t.validation.isValid, !pass.extended.contains(r.line), pass.leftward < 2,
                   let row = LineRows.row(of: r.line, width: pass.width, span: cut ? Double(13 - t.text.count) + 6 : 8, leftward: true) {
                    pass.readNext(row)
                    pass.leftRows.insert(row)
                    if !cut, !LineEdgeInk.continues(r.line, band: r.band, scale: 1 / frame.fit, photoWidth: frame.image.width, side: .left) {
                        pass.labelRows.insert(row)
                    }
                    pass.leftward += 1
                }
            }
        }
        return out
    }

    /// A label read earlier may have its value now: the first token of the line right of it on
    /// its baseline (a screen's value column). A 10- or 11-character value with ink just before its
    /// chain (`C0` + `2KWQ79WYPV`, see `LineEdgeInk`) has its row out to the left, short of the
    /// label, read first, once; the row's value counts when it holds this one and more. So
    /// does a value too short for any format (10-12) that ends its line (`MDPF95J8` of
    /// `MDPF95J83D`: the chain stopped short), with its row out to the right as far as its ink
    /// goes. Not an 11-character one: off a label's line that is more often a 10-character
    /// serial with a stray glyph read before it (`2ZRPQYFS57R`) than a cut 12-character one.
    private func linkLabels(frame: Frame, pass: inout LinePass, state: inout ReadState) throws {
        for i in pass.labelOnly where !pass.linked.contains(i) {
            guard let value = continuation(of: i, in: pass.read, extended: pass.inkExtended, skipping: pass.labelRows) else { continue }
            let toEnd = value.token.box.maxX >= (value.line.text.words.map(\.box.maxX).max() ?? 0)
            let n = value.token.token.text.count
            let startsLine = value.token.box.x <= (value.line.text.words.first?.box.x ?? 0)
            let right = toEnd && n < 10 && !pass.extended.contains(value.line.line)
                ? inkRow(of: value.line.line, span: Double(13 - n), frame: frame, width: pass.width) : nil
            if let row = right ?? ((10...11).contains(n) && startsLine && pass.mayExtendLeft(value.line.line)
                    ? leftRow(of: value.line, label: pass.read[i].line, width: pass.width, fit: frame.fit, photoWidth: frame.image.width) : nil) {
                pass.inkExtended[row] = LineToken(value: value.token, line: value.line)
                pass.readNext(row, extending: value.line.line, rightward: right != nil)
                continue
            }
            pass.linked.insert(i)
            let count = state.regions.count
            try cropping.add(LineToken(value: value.token, line: value.line, toEnd: toEnd), anchored: true, frame: frame,
                             regions: &state.regions)
            if let before = pass.inkExtended[value.line.line], state.regions.count > count {
                Self.dropUnconfirmedExtension(of: before.value.token.text, in: &state.regions[state.regions.count - 1])
            }
        }
    }

    /// `line`'s row out to the right by up to `span` glyph heights (the characters a cut serial
    /// misses), stopped a half glyph past where its ink stops (`LineEdgeInk.inkEnd`), and at
    /// least one glyph out.
    func inkRow(of line: TextLine, span: Double, frame: Frame, width: Double) -> TextLine? {
        guard let row = LineRows.row(of: line, width: width, span: span) else { return nil }
        return trimmed(row, of: line, span: span, frame: frame, width: width)
    }

    /// `row` (`line`'s row out to the right by `span` glyph heights) stopped a half glyph past
    /// where its ink stops, at least one glyph out; `acrossGap`: the ink after the gap that
    /// follows `line` (a label's value).
    func trimmed(_ row: TextLine, of line: TextLine, span: Double, frame: Frame, width: Double, acrossGap: Bool = false) -> TextLine {
        guard let end = LineEdgeInk.inkEnd(of: row, after: line, image: frame.image, scale: 1 / frame.fit, acrossGap: acrossGap) else { return row }
        let inked = max(1, (end - Double(line.maxX)) / line.glyphHeight + 0.5)
        lineSink?("  ink row: \(String(format: "%.1f", span)) → \(String(format: "%.1f", inked)) glyph heights")
        return inked < span ? LineRows.row(of: line, width: width, span: inked) ?? row : row
    }

    /// The row of `value` out to the left by up to three glyphs, short of `label`'s end by half a
    /// glyph, when ink goes on before its chain and its first word is its token.
    func leftRow(of value: ReadLine, label: TextLine, width: Double, fit: Double, photoWidth: Int) -> TextLine? {
        let h = value.line.glyphHeight
        let span = min(3, (Double(value.line.minX - label.maxX) / h) - 0.5)
        guard span >= 1.5, LineEdgeInk.continues(value.line, band: value.band, scale: 1 / fit, photoWidth: photoWidth, side: .left) else { return nil }
        return LineRows.row(of: value.line, width: width, span: span, leftward: true)
    }

    /// A label's value on another line: the line and its first token.
    struct Continuation {
        var line: ReadLine
        var token: ValueToken
    }

    /// The line right of line `i` on its baseline (a value column), and its first token.
    /// A row read for ink before a value (`extended`) counts only when it holds that value and more;
    /// a row read out to the left of a whole serial for its label (`skipping`) is not a value: it
    /// reaches into the label column, whose last letters it reads as the serial's first
    /// (`er(4RN4DNBBKQ`, `rFHS2LEYREPH`).
    func continuation(of i: Int, in read: [ReadLine], extended: [TextLine: LineToken] = [:], skipping: Set<TextLine> = []) -> Continuation? {
        let a = read[i].line
        // Nearest first; a row read past a value's end before the value's own line.
        let candidates = read.indices.filter { j in j != i && !skipping.contains(read[j].line) && LineRows.continues(read[j].line, after: a) }
            .sorted { (read[$0].line.minX, -read[$0].line.maxX) < (read[$1].line.minX, -read[$1].line.maxX) }
        for j in candidates {
            guard let t = ValueToken.first(in: read[j].text.words) else { continue }
            if let before = extended[read[j].line], !Self.extends(t.token.text, before.value.token.text) { continue }
            return Continuation(line: read[j], token: t)
        }
        return nil
    }

    /// A row read past `serial` for ink read more, but most of the region's crops read `serial`
    /// alone: the row's extra characters were read into blank metal (`14YJTP740Y` + `VP`), and
    /// the row's own read leaves the vote (it would win it as the `whole` read).
    static func dropUnconfirmedExtension(of serial: String, in region: inout SerialPipeline.Region) {
        let crops = region.reads.filter { $0.method.hasPrefix("crop") }
        guard !crops.isEmpty, 2 * crops.filter({ $0.text == serial }).count > crops.count else { return }
        region.reads.removeAll { $0.method == ReadSource.line.description && Self.extends($0.text, serial) }
    }

    /// Whether `longer` is a valid serial holding `serial` and more: a row read past a cut
    /// serial found the rest. The row is read from the same ink as `serial`, so up to two slips
    /// apart still hold it: the row of a screen value cut at its start read `C17R5C6KLYWF`, its
    /// chain `7RSC46KLYWF`, and the cut crops had answered `7R5C6KLYWF` at 0.99 (a second
    /// source's screen photo).
    static func extends(_ longer: String, _ serial: String) -> Bool {
        guard longer.count > serial.count, SerialGrammar.validate(longer).isValid else { return false }
        if longer.contains(serial) { return true }
        let chars = Array(longer)
        for length in max(1, serial.count - 1)...min(chars.count, serial.count + 1) {
            for start in 0...(chars.count - length) where Metrics.editDistance(String(chars[start..<start + length]), serial) <= 2 {
                return true
            }
        }
        return false
    }

    /// Label-less serials get crop reads when nothing anchored is confident: a sticker's value
    /// (its `Sl.#` too far to chain) can then confirm the etched one as a second sighting.
    private func cropUnanchored(_ tokens: [LineToken], since before: Int, frame: Frame, state: inout ReadState) throws {
        let confident = (state.ranked(by: ranking).first?.confidence ?? 0) >= earlyStopConfidence
        let anchoredFound = confident && state.regions.dropFirst(before).contains { $0.anchored }
        for t in tokens {
            try cropping.add(t, anchored: false, frame: frame, regions: &state.regions, withCrops: !anchoredFound)
        }
    }
}
