import Dispatch
import Imaging
import ReadingCore
import Recognition

/// The line stage: text lines found by `TextLineFinder` (no Tesseract layout analysis), each
/// deskewed and read whole by the serial model; a serial after an anchor on its line (or on the
/// line that continues the anchor's baseline, a screen's value column) is re-read as a tight
/// crop in every crop variant and voted.
extension SerialPipeline {
    /// One line found and read.
    struct ReadLine {
        var line: TextLine
        /// The deskewed strip at full resolution.
        var band: Image
        /// Band pixels per read pixel (the read was scaled to the target glyph height).
        var readScale: Double
        var text: RecognizedText
    }

    /// Runs the line stage in the best orientation; adds regions (anchored crops) and weak
    /// tokens. Returns the rotation it read in, or nil when it found no lines.
    @discardableResult
    func readLines(_ gray: Image, settings: Preset.Lines, clock: inout StageClock,
                   regions: inout [Region], weak: inout [SerialVote.Read], rescaled: Bool = false) throws -> Int? {
        let fit = min(1.0, Double(settings.maxSide) / Double(max(gray.width, gray.height)))
        let small = try clock.time("lines:fit") { try fit < 1 ? gray.scaled(by: fit) : gray.copy() }
        var chosen: Int? = nil
        // The small copy's pixels serve the threshold, the edge test and the dark-mode check.
        let pixels = try small.grayBytes()
        // Glyphs are found in a box-blurred copy when the preset asks (a screen's moiré).
        var inkPixels = pixels
        if let size = settings.smooth, size > 1 {
            inkPixels = try clock.time("lines:smooth") { try small.boxBlurred(halfWidth: size / 2).grayBytes() }
        }
        var polarities = settings.polarities
        if let limit = settings.darkModeMedian, Self.medianGray(pixels) < limit { polarities.reverse() }
        for polarity in polarities {
            var options = TextLineFinder.Options()
            options.darkText = polarity == .dark
            options.minGlyphs = settings.minGlyphs
            if let m = settings.minGlyphHeight { options.minGlyph = max(2, m) }
            // Orientation: lines chain only when horizontal, so the quarter turn with the most
            // chained glyphs is upright or upside down; a read of its longest lines both ways decides.
            let glyphs = clock.time("lines:glyphs") { TextLineFinder.glyphs(pixels: inkPixels, width: small.width, height: small.height, options: options) }
            var found: [(rotation: Int, lines: [TextLine])] = []
            for r in [0, 90] where preset.rotations.contains(r) || preset.rotations.contains(r + 180) {
                let lines = clock.time("lines:chain\(r == 0 ? "" : "/rot90")") { glyphs.turned(r / 90).lines(minGlyphs: settings.minGlyphs) }
                found.append((r, lines))
            }
            guard let best = found.max(by: { mass($0.lines) < mass($1.lines) }), !best.lines.isEmpty else { continue }
            var rotation = best.rotation
            // Edges that chain like text are read last (and probe no orientation).
            func textFirst(_ lines: [TextLine], turned q: Int) -> [TextLine] {
                let frame = q == 0 ? (small.width, small.height) : (q % 2 == 0 ? (small.width, small.height) : (small.height, small.width))
                let px = q == 0 ? pixels : Self.turn(pixels, width: small.width, height: small.height, quarterTurns: q)
                let edge = lines.map { TextLineFinder.looksLikeEdge($0, pixels: px, width: frame.0, height: frame.1) }
                return lines.indices.filter { !edge[$0] }.map { lines[$0] } + lines.indices.filter { edge[$0] }.map { lines[$0] }
            }
            var lines = clock.time("lines:edges") { textFirst(best.lines, turned: rotation / 90) }
            var cache: [TextLine: (Image, RecognizedText)] = [:]
            var fullImage = try rotation == 0 ? gray : gray.rotated(quarterTurns: rotation / 90)
            let lazyFlip = settings.flip == .fallback
            if preset.rotations.contains(rotation + 180) && !lazyFlip {
                // The longest line read both ways; a second one only when the first is unclear.
                var upright = 0.0, flipped = 0.0
                cache = [:]
                try serialEngine.setVariable("tessedit_char_whitelist", "")
                try clock.time("lines:orientation") {
                    // Lines unreadable both ways (a screen's edge, moiré, a barcode) say nothing;
                    // up to four probes for two lines that read as text one way or the other.
                    var informative = 0
                    for line in lines.prefix(4) {
                        let score = try orientationScores(line, in: fullImage, fit: fit, settings: settings, cache: &cache)
                        // Informative: read as text one way (moiré reads as `MMMMM` at 0.45).
                        let better = score.upright >= score.flipped ? score.uprightText : score.flippedText
                        guard max(score.upright, score.flipped) >= 0.3, Set(better.filter { !$0.isWhitespace }).count >= 4 else { continue }
                        upright += score.upright
                        flipped += score.flipped
                        informative += 1
                        if abs(upright - flipped) > 0.2 || informative == 2 { break }
                    }
                }
                if flipped > upright + 0.05 || !preset.rotations.contains(rotation) {
                    rotation += 180
                    cache = [:]
                    fullImage = try fullImage.rotated(quarterTurns: 2)
                    lines = textFirst(glyphs.turned(rotation / 90).lines(minGlyphs: settings.minGlyphs), turned: rotation / 90)
                }
            }
            chosen = rotation
            let tag = "lines" + (polarity == .dark ? "" : ":light")
            var stage = tag + (rotation == 0 ? "" : "/rot\(rotation)")
            let before = regions.count
            let meanConfidence = try clock.time(stage) {
                try readAll(lines, in: fullImage, fit: fit, rotation: rotation, stage: stage, settings: settings,
                            regions: &regions, weak: &weak, cache: cache)
            }
            var anchored = regions.dropFirst(before).contains(where: { $0.anchored && SerialVote.vote($0.reads) != nil })
            if !anchored, lazyFlip, preset.rotations.contains(rotation + 180), meanConfidence < 0.4 {
                // Nothing labelled, and the lines read as garbage: the photo may be upside down.
                rotation += 180
                fullImage = try fullImage.rotated(quarterTurns: 2)
                lines = textFirst(glyphs.turned(rotation / 90).lines(minGlyphs: settings.minGlyphs), turned: rotation / 90)
                stage = tag + "/rot\(rotation % 360)"
                let flippedStart = regions.count
                let flippedConfidence = try clock.time(stage) {
                    try readAll(lines, in: fullImage, fit: fit, rotation: rotation, stage: stage, settings: settings,
                                regions: &regions, weak: &weak)
                }
                anchored = regions.dropFirst(flippedStart).contains(where: { $0.anchored && SerialVote.vote($0.reads) != nil })
                if anchored || flippedConfidence > meanConfidence { chosen = rotation % 360 }
            }
            if anchored { break }
        }
        // No line at all: large soft glyphs (a blurred close-up) can break into pieces or merge
        // across rows at one scale and chain at another. One retry at three quarters of the size.
        if chosen == nil, !rescaled, Double(max(gray.width, gray.height)) * fit >= 800 {
            var smaller = settings
            smaller.maxSide = Int(Double(max(gray.width, gray.height)) * fit * 0.75)
            return try readLines(gray, settings: smaller, clock: &clock, regions: &regions, weak: &weak, rescaled: true)
        }
        return chosen
    }

    /// The median of 8-bit grey pixels.
    static func medianGray(_ pixels: [UInt8]) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        var seen = 0
        let half = (pixels.count + 1) / 2
        for (v, n) in histogram.enumerated() {
            seen += n
            if seen >= half { return v }
        }
        return 255
    }

    /// 8-bit pixels of a `width`×`height` image turned by `quarterTurns` × 90° clockwise (as
    /// `Image.rotated(quarterTurns:)` and `GlyphSet.turned`).
    static func turn(_ px: [UInt8], width w: Int, height h: Int, quarterTurns: Int) -> [UInt8] {
        let q = ((quarterTurns % 4) + 4) % 4
        guard q != 0, px.count == w * h else { return px }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let v = px[y * w + x]
                switch q {
                case 1: out[x * h + (h - 1 - y)] = v                  // new width h
                case 2: out[(h - 1 - y) * w + (w - 1 - x)] = v
                default: out[(w - 1 - x) * h + y] = v                 // new width h
                }
            }
        }
        return out
    }

    /// Glyphs in lines: how much text an orientation shows.
    /// Only single glyphs count: merged components also chain across vertical text.
    private func mass(_ lines: [TextLine]) -> Int {
        lines.reduce(0) { $0 + $1.glyphs.filter { Double($0.width) <= 1.2 * Double($0.height) }.count }
    }

    /// Mean confidence of reading a line (its middle ~20 glyphs when it is longer than 50) as
    /// it is and turned 180° (one band, read both ways). A whole line's upright read is kept in
    /// `cache` for the line stage, which would read the same band again.
    private func orientationScores(_ line: TextLine, in image: Image, fit: Double, settings: Preset.Lines,
                                   cache: inout [TextLine: (Image, RecognizedText)]) throws
        -> (upright: Double, flipped: Double, uprightText: String, flippedText: String) {
        var l = line
        // The first glyphs upright are the last ones upside down: take the middle of the line.
        let whole = line.glyphs.count <= 50
        if !whole {
            let skip = max(0, (line.glyphs.count - 20) / 2)
            l.glyphs = Array(line.glyphs.dropFirst(skip).prefix(20))
        }
        let unscaled = try l.band(from: image, scale: 1 / fit)
        let band = try unscaled.scaled(by: readFactor(l, fit: fit, settings: settings))
        let upright = try serialEngine.recognize(band, mode: .rawLine, timeLimit: remaining)
        if whole { cache[line] = (unscaled, upright) }
        // A line read this surely is upright (text upside down reads at 0.2-0.6): no second read.
        if upright.meanConfidence >= 0.85 {
            lineSink?("  orientation h=\(line.glyphHeight) n=\(line.glyphCount): upright \(String(format: "%.2f", upright.meanConfidence)) '\(upright.text)'")
            return (upright.meanConfidence, 0, upright.text, "")
        }
        let flipped = try serialEngine.recognize(band.rotated(quarterTurns: 2), mode: .rawLine, timeLimit: remaining)
        lineSink?("  orientation h=\(line.glyphHeight) n=\(line.glyphCount): upright \(String(format: "%.2f", upright.meanConfidence)) '\(upright.text)'"
                  + ", turned \(String(format: "%.2f", flipped.meanConfidence)) '\(flipped.text)'")
        return (upright.meanConfidence, flipped.meanConfidence, upright.text, flipped.text)
    }

    /// The scale that brings a line's glyphs (found at `fit` of the photo) to the target height.
    private func readFactor(_ line: TextLine, fit: Double, settings: Preset.Lines) -> Double {
        max(0.2, min(8, Double(settings.targetHeight) / max(1, line.glyphHeight / fit)))
    }

    /// Reads every line, then turns the anchored serials into regions with crop reads. Returns
    /// the mean read confidence of the lines it read.
    @discardableResult
    private func readAll(_ lines: [TextLine], in image: Image, fit: Double, rotation: Int, stage: String, settings: Preset.Lines,
                         regions: inout [Region], weak: inout [SerialVote.Read], cache: [TextLine: (Image, RecognizedText)] = [:]) throws -> Double {
        try serialEngine.setVariable("tessedit_char_whitelist", "")
        var read: [ReadLine] = []
        if let sink = lineSink {
            for l in lines { sink("line n=\(l.glyphCount) x=\(l.minX)...\(l.maxX) y=\(Int(l.baseline(at: Double(l.minX)))) h=\(l.glyphHeight) slope=\(l.slope)") }
        }
        // Anchored tokens are re-read as soon as their line is read (and the stage stops once
        // one is confident); label-less ones get crop reads only when nothing is anchored.
        var unanchored: [(SerialCandidateExtractor.Token, PixelRect, ReadLine, Bool)] = []
        var labelOnly: [Int] = []
        let before = regions.count
        // Lines are read longest first, except that a label line (`Serial Number` alone) moves
        // the lines on its baseline to its right to the front: a screen's value column.
        var queue = Array(lines.prefix(settings.maxLines))
        var confidenceSum = 0.0
        var linked: Set<Int> = []
        var extended: Set<TextLine> = []
        var leftward = 0
        lineLoop: while !queue.isEmpty {
            let line = queue.removeFirst()
            if DispatchTime.now().uptimeNanoseconds > deadline { break }
            let factor = readFactor(line, fit: fit, settings: settings)
            let band: Image, text: RecognizedText, img: Image?
            if let (b, t) = cache[line] {
                band = b; text = t   // read by the orientation probe
                img = debugSink == nil ? nil : try b.scaled(by: factor)
            } else {
                guard let b = try? line.band(from: image, scale: 1 / fit) else { continue }
                let scaled = try b.scaled(by: factor)
                band = b; img = scaled
                text = try serialEngine.recognize(scaled, mode: .rawLine, timeLimit: remaining)
            }
            if let img { debugSink?("\(stage)-line-\(text.text.replacingOccurrences(of: " ", with: "_").prefix(60))", img) }
            lineSink?("  read h=\(line.glyphHeight) n=\(line.glyphCount): \(text.text) [\(String(format: "%.2f", text.meanConfidence))]"
                      + " words: \(text.words.map(\.text).joined(separator: "|"))")
            let r = ReadLine(line: line, band: band, readScale: 1 / factor, text: text)
            read.append(r)
            confidenceSum += text.meanConfidence
            for recognized in r.text.lines {
                var tokens: [SerialCandidateExtractor.Token] = []
                var boxes: [PixelRect] = []
                var anchored = false
                var limits: (Int?, Int?) = (nil, nil)
                var ends: [Bool] = []   // the token is the line's last word
                if let (anchorBox, after) = anchorEnd(in: recognized) {
                    anchored = true
                    if let t = firstToken(in: after) {
                        // The crop stops halfway to the neighbouring words (the anchor's last
                        // letter read as a serial character makes it one too long).
                        let next = after.first { $0.box.x > t.1.maxX }?.box.x
                        // A serial shorter than any format (10-12) that ends its chain was cut by
                        // the chain, not by the text: its last glyphs chained into another line
                        // (a tilted row under the end of the row above). Its row out to the right
                        // is read first, once, and the short token makes no region. The row
                        // reaches as far as the missing characters would (a glyph height each, and
                        // one more), not further: empty metal past a serial reads as `C`s. So is
                        // an invalid 11-character one: a 12-character serial whose last glyph the
                        // chain left out (`C02N7DRHQ05` + `D`).
                        let cut = t.0.text.count < 10 || (t.0.text.count == 11 && !t.0.validation.isValid)
                        if next == nil, cut, !extended.contains(line),
                           let row = Self.row(of: line, width: Double(image.width) * fit, span: Double(13 - t.0.text.count)) {
                            extended.insert(row)
                            queue.insert(row, at: 0)
                            continue
                        }
                        tokens = [t.0]; boxes = [PixelRect(x: t.1.x, y: t.1.y, width: t.1.width, height: t.1.height)]
                        limits = (anchorBox.maxX, next)
                        ends = [next == nil]
                    } else {
                        // The label ends its chain: the value may be the next chain on its baseline.
                        labelOnly.append(read.count - 1)
                        let values = queue.indices.filter { Self.continues(queue[$0], after: line) }
                        queue = values.map { queue[$0] } + queue.indices.filter { !values.contains($0) }.map { queue[$0] }
                        // No line continues it (a value too faint to find): read the label's
                        // row out to the right, once.
                        if values.isEmpty, !extended.contains(line), !read.contains(where: { Self.continues($0.line, after: line) }),
                           let row = Self.row(of: line, width: Double(image.width) * fit) {
                            extended.insert(row)
                            queue.insert(row, at: 0)
                        }
                    }
                } else {
                    for (k, w) in recognized.words.enumerated() {
                        for t in SerialCandidateExtractor.tokens(in: RecognizedText(lines: [RecognizedLine(words: [w], box: w.box, confidence: w.confidence)])) {
                            tokens.append(t); boxes.append(w.box); ends.append(k == recognized.words.count - 1)
                            // A serial-like token too short for any format that starts its
                            // chain may have lost its first characters and its label to the
                            // chain above (tight rows of tiny etched text): its row out to the
                            // left, as far as the missing characters and a `Serial ` would
                            // reach, is read first, once, and at most twice a stage. A whole
                            // serial that starts its chain may have a label the chain left out
                            // (a sticker's `Sl.#` a wide gap before it): its row out to the left
                            // by a `(S) Serial No.` is read too, within the same budget.
                            let cut = t.text.count < 10 && SerialGrammar.isPlausible(t.text)
                            if k == 0, cut || t.validation.isValid, !extended.contains(line), leftward < 2,
                               let row = Self.row(of: line, width: Double(image.width) * fit,
                                                  span: cut ? Double(13 - t.text.count) + 6 : 8, leftward: true) {
                                extended.insert(row)
                                queue.insert(row, at: 0)
                                leftward += 1
                            }
                        }
                    }
                }
                for (k, (t, box)) in zip(tokens, boxes).enumerated() {
                    let toEnd = ends.indices.contains(k) && ends[k]
                    if anchored {
                        try addRegion(token: t, box: box, of: r, anchored: true, fit: fit, rotation: rotation, stage: stage, regions: &regions,
                                      limits: limits, toEnd: toEnd)
                    } else if t.validation.isValid {
                        unanchored.append((t, box, r, toEnd))
                    } else {
                        weak.append(SerialVote.Read(text: t.text, choices: t.symbols.map(\.choices), confidences: t.symbols.map(\.confidence),
                                                    weight: 0.3, method: "line-token"))
                    }
                }
            }
            // A label read earlier may have its value now.
            for i in labelOnly where !linked.contains(i) {
                guard let (j, t) = continuation(of: i, in: read) else { continue }
                linked.insert(i)
                try addRegion(token: t.0, box: t.1, of: read[j], anchored: true, fit: fit, rotation: rotation, stage: stage, regions: &regions,
                              toEnd: t.1.maxX >= (read[j].text.words.map(\.box.maxX).max() ?? 0))
            }
            if regions.count > before, let best = Self.rank(regions: regions, weak: weak, doubt: preset.doubtfulSupport).first,
               best.confidence >= preset.earlyStopConfidence { break lineLoop }
        }
        // Label-less serials get crop reads when nothing anchored is confident: a sticker's
        // value (its `Sl.#` too far to chain) can then confirm the etched one as a second sighting.
        let confident = (Self.rank(regions: regions, weak: weak, doubt: preset.doubtfulSupport).first?.confidence ?? 0) >= preset.earlyStopConfidence
        let anchoredFound = confident && regions.dropFirst(before).contains { $0.anchored }
        for (t, box, r, toEnd) in unanchored {
            try addRegion(token: t, box: box, of: r, anchored: false, fit: fit, rotation: rotation, stage: stage,
                          regions: &regions, cropReads: !anchoredFound, toEnd: toEnd)
        }
        return read.isEmpty ? 0 : confidenceSum / Double(read.count)
    }

    /// The first serial-shaped token among `words` (a valid one if any), with its box.
    private func firstToken(in words: [RecognizedWord]) -> (SerialCandidateExtractor.Token, PixelRect)? {
        let line = RecognizedLine(words: words, box: words.first?.box ?? PixelRect(x: 0, y: 0, width: 0, height: 0), confidence: 0)
        let tokens = SerialCandidateExtractor.tokens(in: RecognizedText(lines: [line]), requireDigit: false)
        guard let t = tokens.first(where: { $0.validation.isValid }) ?? tokens.max(by: { $0.text.count < $1.text.count }) else { return nil }
        // The token's box: the words whose letters it contains, in order.
        let covering = words.filter { w in
            let n = SerialGrammar.normalize(w.text.uppercased().filter { $0.isLetter || $0.isNumber })
            return !n.isEmpty && (t.text.contains(n) || n.contains(t.text))
        }
        guard let first = covering.first, let last = covering.last else { return nil }
        return (t, PixelRect(x: first.box.x, y: min(first.box.y, last.box.y), width: last.box.maxX - first.box.x,
                             height: max(first.box.maxY, last.box.maxY) - min(first.box.y, last.box.y)))
    }

    /// `line` extended along its baseline to the right (or `leftward`), up to `span` glyph heights
    /// or the image's edge (`width`, in the line's frame): where a screen row's value is, or the
    /// rest of a row the line finder cut. Nil when there is no room.
    static func row(of line: TextLine, width: Double, span: Double = 25, leftward: Bool = false) -> TextLine? {
        let h = line.glyphHeight
        let x: Int
        if leftward {
            let start = max(2, Double(line.minX) - span * h)
            guard Double(line.minX) - start >= min(4, span) * h else { return nil }
            x = Int(start)
        } else {
            let end = min(width - 2, Double(line.maxX) + span * h)
            guard end - Double(line.maxX) >= min(4, span) * h else { return nil }
            x = Int(end - h / 2)
        }
        var row = line
        row.glyphs.append(PixelRect(x: x, y: Int(line.baseline(at: Double(x)) - h), width: Int(h / 2), height: Int(h)))
        return row
    }

    /// Whether `b` lies right of `a` on `a`'s baseline, with glyphs of about its height.
    static func continues(_ b: TextLine, after a: TextLine) -> Bool {
        guard b.minX > a.maxX else { return false }
        let ratio = b.glyphHeight / a.glyphHeight
        let x = Double(b.minX)
        return ratio > 0.7 && ratio < 1.45 && abs(b.baseline(at: x) - a.baseline(at: x)) < 0.5 * a.glyphHeight
    }

    /// The line right of line `i` on its baseline (a value column), and its first token.
    private func continuation(of i: Int, in read: [ReadLine]) -> (Int, (SerialCandidateExtractor.Token, PixelRect))? {
        let a = read[i].line
        let candidates = read.indices.filter { j in j != i && Self.continues(read[j].line, after: a) }
            .sorted { read[$0].line.minX < read[$1].line.minX }
        for j in candidates {
            if let t = firstToken(in: read[j].text.words) { return (j, t) }
        }
        return nil
    }

    /// A region for a token found on a read line: the token is cut from the deskewed band and
    /// re-read in every crop variant; the line's own read votes too.
    private func addRegion(token t: SerialCandidateExtractor.Token, box: PixelRect, of r: ReadLine, anchored: Bool,
                           fit: Double, rotation: Int, stage: String, regions: inout [Region], cropReads withCrops: Bool = true,
                           limits: (Int?, Int?) = (nil, nil), toEnd: Bool = false) throws {
        let h = r.line.glyphHeight / fit
        // Token box in band pixels (the read was scaled), with half a glyph of margin. A line's
        // last word runs to the line's last glyph: LSTM boxes of a line's last characters
        // collapse (`KK5DA46N8F` boxed as `KK5DA46N`), and a crop cut there loses them. (The
        // band has one glyph height of margin past the line; a screen's edge may be there.)
        // After an anchor, the crop starts half a glyph before the anchor's box ends: LSTM word
        // boxes often start most of a glyph late, and a crop from the token's box alone can
        // cut into its first glyph (`W` read `V`, `G` read `3`). The anchor is blanked below.
        let x0 = min(Double(box.x) * r.readScale - 0.6 * h, limits.0.map { Double($0) * r.readScale - 0.5 * h } ?? .infinity)
        let x1 = max(Double(box.maxX) * r.readScale + 0.6 * h, toEnd ? Double(r.band.width) - 0.4 * h : 0)
        let cropBox = PixelRect(x: Int(max(0, x0)), y: 0, width: Int(x1 - max(0, x0)), height: r.band.height)
        // The token's place in the (rotated) photo, for matching the page stage's regions.
        let px0 = Double(r.line.minX) / fit - h + max(0, x0)
        let py = r.line.baseline(at: Double(r.line.minX) + max(0, x0) * fit) / fit
        let photoBox = PixelRect(x: Int(px0), y: Int(py - 1.5 * h), width: Int(x1 - max(0, x0)), height: Int(2 * h))
        if let k = regions.firstIndex(where: { $0.rotation == rotation && Self.overlap($0.box, photoBox) > 0.4 && $0.stage.hasPrefix("lines") }) {
            regions[k].reads.append(lineRead(t))
            return
        }
        var region = Region(box: photoBox, rotation: rotation, anchored: anchored, stage: stage)
        region.reads.append(lineRead(t))
        if withCrops, let clamped = cropBox.clamped(width: r.band.width, height: r.band.height), clamped.width > 8 {
            var crop = try r.band.cropped(to: clamped)
            // Neighbouring words inside that margin are blanked, not cut: Tesseract misreads a
            // first character that touches the crop's edge. After an anchor, the crop starts in
            // the blank space between the words (`gap`), at most 0.6 glyph heights before the
            // serial's first glyph, rather than halfway between their boxes: LSTM word boxes
            // start a fraction of a glyph late, and halfway could take a bite out of the first
            // glyph (`G` read `3`, `W` read `V`, `C02` read `202`).
            let pixels = try crop.grayBytes()
            // The crop's median grey: the background (text covers well under half a crop).
            let median = pixels.isEmpty ? UInt8(128) : pixels.sorted()[pixels.count / 2]
            let toCrop = { (x: Int) in Int(Double(x) * r.readScale) - clamped.x }
            let tokenStart = toCrop(box.x), tokenEnd = toCrop(box.maxX)
            var blankLeft = 0
            if let a = limits.0 {
                // The token's box with its margin, the anchor blanked to halfway; unless that
                // start or that blank lies past the gap between the words, in the first glyph.
                let boxStart = max(0, Int(Double(box.x) * r.readScale - 0.6 * h) - clamped.x)
                let halfway = (toCrop(a) + tokenStart) / 2
                let gap = Self.gap(pixels, width: crop.width, median: median, between: toCrop(a), and: tokenStart, glyphHeight: h)
                let start: Int
                if let gap, boxStart > gap.upperBound || !gap.contains(halfway) {
                    start = max(gap.lowerBound, gap.upperBound - Int(0.6 * h))
                } else {
                    start = boxStart
                    blankLeft = halfway - start
                }
                if start > 0, let rest = PixelRect(x: start, y: 0, width: crop.width - start, height: crop.height)
                    .clamped(width: crop.width, height: crop.height), rest.width > 8 {
                    crop = try crop.cropped(to: rest)
                } else {
                    blankLeft += start
                }
            }
            let shift = clamped.width - crop.width
            let blankRight = limits.1.map { n in
                (Self.gap(pixels, width: clamped.width, median: median, between: tokenEnd, and: toCrop(n), glyphHeight: h)
                    .map { ($0.lowerBound + $0.upperBound) / 2 } ?? (tokenEnd + toCrop(n)) / 2) - shift
            } ?? Int.max
            if blankLeft > 0 || blankRight < crop.width {
                if blankLeft > 0 { crop = try crop.filled(PixelRect(x: 0, y: 0, width: blankLeft, height: crop.height), gray: median) }
                if blankRight < crop.width {
                    crop = try crop.filled(PixelRect(x: max(0, blankRight), y: 0, width: crop.width - max(0, blankRight), height: crop.height), gray: median)
                }
            }
            region.reads += try cropReads(crop, glyphHeight: h, stage: stage, prior: region.reads)
            try serialEngine.setVariable("tessedit_char_whitelist", "")
        }
        regions.append(region)
    }

    /// The widest ink-free run of columns of a grey crop (`pixels`, row-major, `width` wide)
    /// near the space between two words whose boxes end at `a` and start at `b`: searched from
    /// half a glyph before the nearer of the two to the other. A column's ink is its mean
    /// distance from the crop's `median` grey over the middle half of the rows (the glyphs'
    /// body); a column is empty below a quarter of the way from the window's emptiest to its
    /// inkiest column. Nil without a run of a quarter of a glyph height (a word space).
    static func gap(_ pixels: [UInt8], width: Int, median: UInt8, between a: Int, and b: Int, glyphHeight h: Double) -> Range<Int>? {
        guard width > 0, pixels.count >= width else { return nil }
        let height = pixels.count / width
        let lo = max(0, min(a, b) - Int(0.5 * h)), hi = min(width - 1, max(a, b))
        guard hi - lo >= 2 else { return nil }
        let background = Double(median)
        let rows = (height / 4)..<max(height / 4 + 1, height - height / 4)
        let ink = (lo...hi).map { x in
            rows.reduce(0.0) { $0 + abs(Double(pixels[$1 * width + x]) - background) } / Double(rows.count)
        }
        guard let least = ink.min(), let most = ink.max(), most > least else { return nil }
        let empty = least + 0.25 * (most - least)
        var best: (start: Int, length: Int)?, start: Int?
        for i in 0...ink.count {
            if i < ink.count, ink[i] <= empty { if start == nil { start = i }; continue }
            if let s = start, i - s > (best?.length ?? 0) { best = (s, i - s) }
            start = nil
        }
        guard let best, Double(best.length) >= 0.25 * h else { return nil }
        return (lo + best.start)..<(lo + best.start + best.length)
    }

    private func lineRead(_ t: SerialCandidateExtractor.Token) -> SerialVote.Read {
        SerialVote.Read(text: t.text, choices: t.symbols.map(\.choices), confidences: t.symbols.map(\.confidence), weight: 1, method: "line")
    }
}
