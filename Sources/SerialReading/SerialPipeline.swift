import Dispatch
import Evaluation
import Foundation
import Imaging
import ReadingCore
import Recognition

/// Reads Apple serial numbers from a photo the way a person does: read the page, find the
/// `Serial` anchor, re-read a tight crop after it at normalised glyph heights in several
/// preprocessing variants, and vote character by character. Other page variants and rotations
/// run only while no confident answer exists (progressive, with early stop and a time budget).
///
/// One pipeline per worker, with that worker's engine(s).
public final class SerialPipeline {
    public let preset: Preset
    let layoutEngine: OCREngine
    let serialEngine: OCREngine
    /// Receives every crop the pipeline re-reads (name, image), for drill-down into failures.
    public var debugSink: ((String, Image) -> Void)?
    /// Receives a description of every text line the line stage found (`read --debug`).
    public var lineSink: ((String) -> Void)?
    /// The current image's deadline (uptime ns); set at the start of `read`.
    var deadline: UInt64 = .max

    /// `layoutEngine` finds the page layout and anchors; `serialEngine` (by default the same)
    /// reads the serial crops.
    public init(preset: Preset, engine: OCREngine, serialEngine: OCREngine? = nil) {
        self.preset = preset
        self.layoutEngine = engine
        self.serialEngine = serialEngine ?? engine
    }

    /// A region believed to hold a serial, with the reads collected for it.
    struct Region {
        var box: PixelRect          // in the rotated, full-resolution grey image
        var rotation: Int
        var anchored: Bool
        var reads: [SerialVote.Read] = []
        var stage: String
    }

    /// `auto` without a device: `pipelines` read `image` in turn, the outcome with the surest top
    /// candidate kept (the first one when none has a candidate), stopping once one reaches its
    /// preset's early-stop confidence. Nil when `pipelines` is empty.
    public static func readBest(_ image: Image, with pipelines: [SerialPipeline]) -> SampleOutcome? {
        var best: SampleOutcome?
        for p in pipelines {
            let o = p.read(image)
            if best == nil || (o.candidates.first?.confidence ?? -1) > (best?.candidates.first?.confidence ?? -1) { best = o }
            if let c = best?.candidates.first?.confidence, c >= p.preset.earlyStopConfidence { break }
        }
        return best
    }

    /// Reads one decoded image.
    public func read(_ image: Image) -> SampleOutcome {
        var clock = StageClock()
        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0.1, preset.maxProcessingTime) * 1e9)
        var candidates: [Candidate] = []
        var stagesRun = 0
        var timedOut = false
        do {
            let gray = try clock.time("grayscale") { try image.grayscale() }
            if Self.isLineImage(gray) {
                stagesRun = 1
                let glyph = Self.estimateGlyphHeight(gray) ?? Double(gray.height) / 3
                let reads = try clock.time("line") { try cropReads(gray, glyphHeight: glyph, stage: "line") }
                if let c = Self.candidate(from: reads, anchored: true, stage: "line", doubt: preset.doubtfulSupport) { candidates.append(c) }
            }
            // A small photo of a whole label is short and wide too: when the image read as one
            // line gives nothing, it is searched as a scene.
            if candidates.isEmpty {
                var regions: [Region] = []
                var weak: [SerialVote.Read] = []
                defer { if candidates.isEmpty { candidates = Self.rank(regions: regions, weak: weak, doubt: preset.doubtfulSupport) } }
                // Orientation probe: the first page variant in each rotation; then the other
                // variants in the rotations that showed the most legible text first.
                var rotatedImages: [Int: Image] = [:]
                var textScore: [Int: Double] = [:]
                func image(for rotation: Int) throws -> Image {
                    if let r = rotatedImages[rotation] { return r }
                    let r = try rotation % 360 == 0 ? gray : gray.rotated(quarterTurns: rotation / 90)
                    rotatedImages[rotation] = r
                    return r
                }
                // The line stage first: it needs no layout analysis and handles tilt.
                var searching = true
                var foundSerialRegion = false
                // The page search runs in the orientation the line stage found, when it found one.
                var rotations = preset.rotations
                if let settings = preset.lines {
                    stagesRun += 1
                    let r = try readLines(gray, settings: settings, clock: &clock, regions: &regions, weak: &weak)
                    if let r { rotations = [r] }
                    if regions.contains(where: { $0.anchored && SerialVote.vote($0.reads)?.valid == true }) {
                        // The serial's line is known (it reads as a valid serial): larger page
                        // scales would only find it again. A label with a broken value is not.
                        foundSerialRegion = true
                    }
                    candidates = Self.rank(regions: regions, weak: weak, doubt: preset.doubtfulSupport)
                    if let best = candidates.first, best.confidence >= preset.earlyStopConfidence { searching = false }
                }
                var steps: [(rotation: Int, scale: Double, variant: Preset.Variant)] = []
                if let s0 = preset.page.scales.first, let v0 = preset.page.variants.first {
                    steps = rotations.map { ($0, s0, v0) }
                }
                var done = 0
                var readsWithoutNewRegion = 0
                search: while searching {
                    if done == steps.count {
                        // Probe finished: queue the remaining combinations, best orientation first.
                        guard done == rotations.count, let s0 = preset.page.scales.first, let v0 = preset.page.variants.first else { break }
                        let order = rotations.sorted { (textScore[$0] ?? 0) > (textScore[$1] ?? 0) }
                        for r in order {
                            for s in preset.page.scales { for v in preset.page.variants where !(s == s0 && v == v0) { steps.append((r, s, v)) } }
                        }
                        if done == steps.count { break }
                    }
                    let step = steps[done]
                    done += 1
                    // Once a serial region is found, more page reads rarely add evidence: larger
                    // scales are skipped, and two reads in a row without a new region end the search.
                    if foundSerialRegion && step.scale > (preset.page.scales.first ?? 1) { continue }
                    if foundSerialRegion && readsWithoutNewRegion >= 2 { break search }
                    if DispatchTime.now().uptimeNanoseconds > deadline { timedOut = true; break search }
                    stagesRun += 1
                    let rotated = try image(for: step.rotation)
                    let fit = min(1.0, Double(preset.page.maxSide) / Double(max(rotated.width, rotated.height)))
                    let stage = "page:\(step.variant.rawValue)@\(step.scale)" + (step.rotation == 0 ? "" : "/rot\(step.rotation)")
                    let regionsBefore = regions.count
                    let score = try clock.time(stage) {
                        try readPage(rotated, scale: fit * step.scale, variant: step.variant, rotation: step.rotation,
                                     stage: stage, regions: &regions, weak: &weak)
                    }
                    textScore[step.rotation, default: 0] += score
                    let productive = regions.dropFirst(regionsBefore).contains { SerialVote.vote($0.reads) != nil }
                    readsWithoutNewRegion = productive ? 0 : readsWithoutNewRegion + 1
                    if productive { foundSerialRegion = true }
                    candidates = Self.rank(regions: regions, weak: weak, doubt: preset.doubtfulSupport)
                    if let best = candidates.first, best.confidence >= preset.earlyStopConfidence { break search }
                }
            }
        } catch let e as RecognitionError where e.kind == .timeout {
            // The budget ran out inside Tesseract: keep what was found, or report the timeout.
            if candidates.isEmpty {
                return .failure(SampleError(kind: "timeout", message: "no serial found within the \(preset.maxProcessingTime) s budget"),
                                preset: preset.name, timings: clock.timings)
            }
            timedOut = true
        } catch let e as ImagingError {
            return .failure(SampleError(kind: "engine_error", message: "image processing failed: \(e.message)"), preset: preset.name, timings: clock.timings)
        } catch let e as RecognitionError {
            return .failure(SampleError(kind: "engine_error", message: e.message), preset: preset.name, timings: clock.timings)
        } catch {
            return .failure(SampleError(kind: "engine_error", message: "\(error)"), preset: preset.name, timings: clock.timings)
        }
        let kept = candidates.filter { $0.confidence >= preset.minConfidence }.prefix(5)
        return SampleOutcome(candidates: Array(kept), stageTimings: clock.timings,
                             strategyUsed: (kept.first?.stage ?? "none") + (timedOut ? "+timeout" : ""),
                             fallbackUsed: stagesRun > 1, preset: preset.name,
                             width: image.width, height: image.height)
    }

    /// One layout read: finds anchor lines, re-reads the crop after each, collects page tokens.
    /// Returns how much legible text the read found (confident words of 3+ letters), which
    /// tells the right orientation from the wrong ones.
    @discardableResult
    private func readPage(_ rotated: Image, scale: Double, variant: Preset.Variant, rotation: Int, stage: String,
                          regions: inout [Region], weak: inout [SerialVote.Read]) throws -> Double {
        let page = try Self.apply(variant, to: rotated.scaled(by: scale))
        try layoutEngine.setVariable("tessedit_char_whitelist", "")
        let text = try layoutEngine.recognize(page, mode: preset.page.psm, timeLimit: remaining)
        let legibility = text.words.filter { $0.confidence > 0.6 && $0.text.filter { $0.isLetter || $0.isNumber }.count >= 3 }
            .map(\.confidence).reduce(0, +)
        for t in SerialCandidateExtractor.tokens(in: text) {
            weak.append(SerialVote.Read(text: t.text, choices: t.symbols.map(\.choices), confidences: t.symbols.map(\.confidence),
                                        weight: 0.3, method: "page-token"))
        }
        for line in text.lines {
            guard let (anchorBox, after) = anchorEnd(in: line) else { continue }
            // Vertical text found in this orientation is read in the rotation that makes it horizontal.
            if anchorBox.height > anchorBox.width { continue }
            if DispatchTime.now().uptimeNanoseconds > deadline { return legibility }
            let anchorEnd = anchorBox.maxX
            // The token after the anchor, when it sits on the anchor's baseline, sizes the glyphs.
            let next = after.first.flatMap { abs($0.box.y + $0.box.height / 2 - (anchorBox.y + anchorBox.height / 2)) < anchorBox.height ? $0 : nil }
            let glyphPage = Double(next?.box.height ?? anchorBox.height)
            // A 12-character serial spans ~9–10 glyph heights; the page read often cuts the
            // token short, so the crop reaches at least that far past the anchor.
            let reach = preset.crop.reach
            let minimum = reach <= 0 ? page.width : anchorEnd + Int(glyphPage * reach)
            let right = max(minimum, (next?.box.maxX ?? 0) + Int(glyphPage * 1.5))
            // Vertically: the anchor's band only (a page line box can span two tilted lines).
            let top = min(anchorBox.y, next?.box.y ?? anchorBox.y)
            let bottom = max(anchorBox.maxY, next?.box.maxY ?? anchorBox.maxY)
            // A photo tilted by a few degrees moves the value up or down the further it is from
            // the anchor: allow ~4° of slack over the reach.
            let pad = glyphPage * 0.35 + Double(right - anchorEnd) * preset.crop.tiltSlack
            let pageBox = PixelRect(x: anchorEnd + 1, y: Int(Double(top) - pad),
                                    width: right - anchorEnd, height: Int(Double(bottom - top) + 2 * pad))
            let box = PixelRect(x: Int(Double(pageBox.x) / scale), y: Int(Double(pageBox.y) / scale),
                                width: Int(Double(pageBox.width) / scale) + 1, height: Int(Double(pageBox.height) / scale) + 1)
            guard let clamped = box.clamped(width: rotated.width, height: rotated.height), clamped.width > 8, clamped.height > 4 else { continue }
            // Same region already read (another variant found the same line): add the page token only.
            var idx = regions.firstIndex { $0.rotation == rotation && Self.overlap($0.box, clamped) > 0.4 }
            if idx == nil {
                regions.append(Region(box: clamped, rotation: rotation, anchored: true, stage: stage))
                idx = regions.count - 1
                let centre = Double((top + bottom) / 2) / scale - Double(clamped.y)
                let crop = try Self.tightenVertically(rotated.cropped(to: clamped), centreRow: centre, glyph: glyphPage / scale)
                regions[regions.count - 1].reads += try cropReads(crop, glyphHeight: glyphPage / scale, stage: stage)
            }
            if let first = next, let i = idx {
                for piece in SerialCandidateExtractor.tokens(in: RecognizedText(lines: [RecognizedLine(words: [first], box: first.box, confidence: first.confidence)])) {
                    regions[i].reads.append(SerialVote.Read(text: piece.text, choices: piece.symbols.map(\.choices),
                                                            confidences: piece.symbols.map(\.confidence), weight: 0.6, method: "page-anchor"))
                }
            }
        }
        return legibility
    }

    /// Seconds left of the current image's budget.
    var remaining: Double {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= deadline ? 0 : Double(deadline - now) / 1e9
    }

    /// Re-reads a crop once per variant × glyph height (PSM 7, whitelist); each plausible token is a read.
    /// `prior`: reads of the same region made before (the line's own read). Once four reads
    /// in all agree on one valid serial, the remaining variants are skipped: they can only add
    /// agreement that the vote already counts as full.
    func cropReads(_ crop: Image, glyphHeight: Double, stage: String, prior: [SerialVote.Read] = []) throws -> [SerialVote.Read] {
        try serialEngine.setVariable("tessedit_char_whitelist", preset.crop.whitelist)
        defer { try? serialEngine.setVariable("tessedit_char_whitelist", "") }
        var reads: [SerialVote.Read] = []
        let settled = { (reads: [SerialVote.Read]) -> Bool in
            let all = prior + reads
            guard all.count >= 4, let first = all.first?.text, SerialGrammar.validate(first).isValid else { return false }
            return all.allSatisfy { $0.text == first }
        }
        targets: for target in preset.crop.targetHeights {
            let factor = max(0.3, min(10, Double(target) / max(1, glyphHeight)))
            let base = try crop.scaled(by: factor)
            for v in preset.crop.variants {
                let img = try Self.apply(v, to: base)
                let text = try serialEngine.recognize(img, mode: preset.crop.psm, timeLimit: remaining)
                debugSink?("\(stage)-crop-\(v.rawValue)@\(target)-\(text.text.replacingOccurrences(of: " ", with: "_"))", img)
                // The longest plausible token of the line is this read's serial.
                let tokens = SerialCandidateExtractor.tokens(in: text).sorted { $0.text.count > $1.text.count }
                if let t = tokens.first(where: { $0.validation.isValid }) ?? tokens.first {
                    reads.append(SerialVote.Read(text: t.text, choices: t.symbols.map(\.choices), confidences: t.symbols.map(\.confidence),
                                                 weight: 1, method: "crop:\(v.rawValue)@\(target)"))
                }
                if settled(reads) { break targets }
            }
        }
        return reads
    }

    /// Candidates from all regions (voted) and the weak page tokens, best first; the same
    /// serial voted in two regions (etched + sticker) is strong evidence.
    static func rank(regions: [Region], weak: [SerialVote.Read], doubt: Double = 0.7) -> [Candidate] {
        var byText: [String: Candidate] = [:]
        var sightings: [String: Int] = [:]
        let voted = regions.compactMap { r in candidate(from: r.reads, anchored: r.anchored, stage: r.stage, doubt: doubt).map { (r, $0) } }
        for (_, c) in voted {
            sightings[c.text, default: 0] += 1
            if (byText[c.text]?.confidence ?? -1) < c.confidence { byText[c.text] = c }
        }
        // Two regions that read the same serial with a character or two apart (etched and
        // sticker, one S read as 5) are one serial seen twice: their reads vote together. They
        // disagree, so they confirm nothing: no sightings bonus (real-dev WA0037 at half size:
        // the labelled etched line read 8 in 5 of 7 crops, an unlabelled sticker B in 6 of 7,
        // and the bonus had lifted the joint B over 0.8).
        for i in voted.indices {
            for j in voted.indices where j > i {
                let a = voted[i].1.text, b = voted[j].1.text
                guard a != b, a.count == b.count, zip(a, b).filter({ $0 != $1 }).count <= 2 else { continue }
                guard var joint = candidate(from: voted[i].0.reads + voted[j].0.reads,
                                            anchored: voted[i].0.anchored || voted[j].0.anchored, stage: voted[i].0.stage, doubt: doubt) else { continue }
                joint.method += "+joint2"
                if (byText[joint.text]?.confidence ?? -1) < joint.confidence { byText[joint.text] = joint }
            }
        }
        for (text, n) in sightings where n > 1 {
            guard var c = byText[text], confirmed(text, by: voted.filter { $0.1.text == text }.map { SerialVote.vote($0.0.reads) }) else { continue }
            c.confidence = min(0.99, c.confidence + 0.1)
            c.method += "+sightings\(n)"
            byText[text] = c
        }
        // Unanchored tokens: a low prior, never above 0.5 on their own.
        for w in weak where byText[w.text] == nil && SerialGrammar.isPlausible(w.text) {
            let valid = SerialGrammar.validate(w.text).isValid
            let mean = w.confidences.isEmpty ? 0.5 : w.confidences.reduce(0, +) / Double(w.confidences.count)
            byText[w.text] = Candidate(text: w.text, confidence: Metrics.round(min(0.5, 0.2 + 0.2 * mean + (valid ? 0.1 : 0)), 4),
                                       method: "page-token", stage: "page", strictValid: valid)
        }
        return byText.values.sorted { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.text < $1.text }
    }

    /// Whether the sightings of a serial confirm each of its characters: at every position one
    /// of them reads that character with at least 0.7 of its own votes. Sightings doubtful at
    /// the same position (all torn between 6 and 5, or 8 and B, as small glyphs are) confirm
    /// nothing there, however many they are.
    static func confirmed(_ text: String, by votes: [SerialVote.Result?]) -> Bool {
        let chars = Array(text)
        return chars.indices.allSatisfy { i in
            votes.contains { v in
                guard let v, v.supports.count == chars.count, Array(v.text)[i] == chars[i] else { return false }
                return v.supports[i] >= 0.7
            }
        }
    }

    /// Votes the reads of one region into a candidate with a calibrated confidence.
    static func candidate(from reads: [SerialVote.Read], anchored: Bool, stage: String, doubt: Double = 0.7) -> Candidate? {
        guard let v = SerialVote.vote(reads) else { return nil }
        // Calibrated on the rendered, synthetic and real-dev sets: a valid serial read the same
        // way by several independent crops is right; two agreeing reads are not enough for 0.8.
        let corroboration = min(1, Double(max(0, v.reads - 1)) / 3)
        var conf = (v.valid ? 0.45 : 0.2) + 0.35 * v.agreement * corroboration + 0.15 * v.positionSupport + (anchored ? 0.05 : 0)
        if !v.valid { conf = min(conf, 0.5) }
        // One doubtful character (S/5, 8/B split between the reads) is a doubtful serial; a
        // second sighting (etched + sticker) can still confirm it. Doubtful is under the
        // preset's `doubtful_support` (0.7 by default) of the position's votes.
        if v.weakestSupport < doubt { conf = min(conf, 0.79) }
        // Reads one character too long, trimmed to a shorter format (an 11-character read to a
        // 10-character serial): as likely a 12-character serial that lost a glyph past the
        // photo's edge (`C02N7DRHQ05` + `D`) as a 10-character one with a stray mark.
        if v.repair == "trimmed", v.text.count < 12 { conf = min(conf, 0.79) }
        // A serial-shaped token with no label in sight may be a model or part number.
        if !anchored { conf = min(conf, 0.75) }
        let method = "vote:\(v.reads)" + String(format: "~%.2f", v.weakestSupport) + (v.ruleFixes > 0 ? "+rule\(v.ruleFixes)" : "")
            + (v.repair.isEmpty ? "" : "+\(v.repair)") + (anchored ? "+anchor" : "")
        return Candidate(text: v.text, confidence: Metrics.round(min(0.99, max(0, conf)), 4), method: method, stage: stage, strictValid: v.valid)
    }

    /// The right edge of the anchor word(s) in a line and the words after it.
    func anchorEnd(in line: RecognizedLine) -> (PixelRect, [RecognizedWord])? {
        let words = line.words
        for (i, w) in words.enumerated() {
            let u = w.text.uppercased()
            if let end = Self.fuzzyLabelEnd(words.map(\.text), at: i) {
                return (words[end - 1].box, Array(words[end...]))
            }
            for a in preset.anchors {
                let parts = a.split(separator: " ").map(String.init)
                guard i + parts.count <= words.count else { continue }
                let span = words[i..<(i + parts.count)]
                let ok = zip(span.map { $0.text.uppercased() }, parts).allSatisfy { w, p in w == p || (w.hasPrefix(p) && w.count <= p.count + 2) }
                if ok || (parts.count == 1 && Self.looksLike(u, parts[0])) || (a == "SL.#" && Self.looksLikeSlNumber(u)) {
                    // `(S) Serial No.`: the label goes on past the first anchor; the serial starts
                    // after the last label word on the line.
                    var end = i + parts.count
                    while end < words.count, Self.labelWords.contains(words[end].text.uppercased().filter { $0.isLetter || $0 == "#" }) { end += 1 }
                    let last = words[end - 1]
                    return (last.box, Array(words[end...]))
                }
            }
        }
        return nil
    }

    /// Words that continue a serial label (`Serial`, `No.`, `Number`, `#`).
    static let labelWords: Set<String> = ["SERIAL", "NO", "NUMBER", "NUM", "N", "#", "SN", "DE", "SÉRIE", "SERIE"]

    /// The end (exclusive word index) of a screen's label read with two slips in its key word,
    /// when the word at `i` starts or ends one: `Sernil Number` (`SERIAL` within two edits, then
    /// `Number` or `No`), `Numéro de s6ried` (`SERIE` within two edits after `de`).
    static func fuzzyLabelEnd(_ words: [String], at i: Int) -> Int? {
        let w = words.map { $0.uppercased().filter(\.isLetter) }
        guard w.indices.contains(i) else { return nil }
        if i + 1 < w.count, (5...7).contains(w[i].count), Metrics.editDistance(w[i], "SERIAL") <= 2,
           w[i + 1] == "NO" || looksLike(w[i + 1], "NUMBER") || w[i + 1] == "NUMBER" {
            return i + 2
        }
        if i >= 1, w[i - 1] == "DE", (4...6).contains(w[i].count), Metrics.editDistance(w[i], "SERIE") <= 2,
           i < 2 || Metrics.editDistance(w[i - 2], "NUMERO") <= 2 {
            return i + 1
        }
        return nil
    }

    /// A sticker's `Sl.#` as OCR spells it: `S`, the `l` as `l`/`I`/`1`/`|` (once or twice),
    /// then the dot and the `#` (read `#`, `H`, `4` or `/`), or one of them: `S1.H`, `SlI./`,
    /// `SL#` (without the dot only a true `#`).
    static func looksLikeSlNumber(_ word: String) -> Bool {
        let c = Array(word.uppercased().filter { !$0.isWhitespace })
        guard c.first == "S", (3...5).contains(c.count) else { return false }
        var i = 1
        while i < c.count, i <= 2, "LI1|".contains(c[i]) { i += 1 }
        guard i > 1 else { return false }
        let dot = i < c.count && ".,".contains(c[i])
        if dot { i += 1 }
        let hash = i < c.count && "#H4/".contains(c[i])
        if hash { i += 1 }
        return i == c.count && (dot || c.last == "#")   // `SLH` without the dot is a word
    }

    /// Tolerant anchor match: one OCR slip allowed for words of 5+ letters (`Seria1`, `Serlal`).
    static func looksLike(_ word: String, _ anchor: String) -> Bool {
        guard anchor.count >= 5, abs(word.count - anchor.count) <= 1 else { return false }
        return Metrics.editDistance(word, anchor) <= 1
    }

    /// Trims a crop to the band of text rows around `centreRow`, so that parts of the lines
    /// above and below (which make a single-line read fail) are cut away.
    static func tightenVertically(_ crop: Image, centreRow: Double, glyph: Double) throws -> Image {
        let px = try crop.grayBytes()
        let w = crop.width, h = crop.height
        guard w > 4, h > 8, !px.isEmpty else { return crop }
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        var variance = 0.0
        for p in px { let d = Double(p) - mean; variance += d * d }
        let sd = (variance / Double(px.count)).squareRoot()
        guard sd > 4 else { return crop }
        // Text is the minority tone: darker than the mean on a light background, else lighter.
        let darkText = mean > 110
        let threshold = darkText ? mean - 0.8 * sd : mean + 0.8 * sd
        let minInk = max(2, w / 60)
        var ink = [Bool](repeating: false, count: h)
        for y in 0..<h {
            var n = 0
            let row = y * w
            for x in 0..<w where darkText ? Double(px[row + x]) < threshold : Double(px[row + x]) > threshold { n += 1 }
            ink[y] = n >= minInk
        }
        // Runs of ink rows, bridging gaps of up to 2 rows.
        var runs: [(Int, Int)] = []
        var start: Int? = nil, gap = 0
        for y in 0..<h {
            if ink[y] { if start == nil { start = y }; gap = 0 }
            else if let s0 = start { gap += 1; if gap > 2 { runs.append((s0, y - gap)); start = nil; gap = 0 } }
        }
        if let s0 = start { runs.append((s0, h - 1 - gap)) }
        let minHeight = max(3, Int(glyph * 0.4))
        let c = Int(centreRow)
        guard let band = runs.filter({ $0.1 - $0.0 + 1 >= minHeight })
            .min(by: { abs(($0.0 + $0.1) / 2 - c) < abs(($1.0 + $1.1) / 2 - c) }) else { return crop }
        let bandHeight = band.1 - band.0 + 1
        let margin = max(2, bandHeight / 4)
        let y0 = max(0, band.0 - margin), y1 = min(h, band.1 + 1 + margin)
        guard y1 - y0 < h - 1 else { return crop }
        return try crop.cropped(to: PixelRect(x: 0, y: y0, width: w, height: y1 - y0))
    }

    /// Intersection over the smaller box.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return 0 }
        return Double((x1 - x0) * (y1 - y0)) / Double(max(1, min(a.width * a.height, b.width * b.height)))
    }

    /// A short, wide image is one line of text already (a crop or a render).
    static func isLineImage(_ g: Image) -> Bool {
        g.height <= 160 && g.width >= 2 * g.height
    }

    /// Applies one preprocessing variant.
    static func apply(_ v: Preset.Variant, to img: Image) throws(ImagingError) -> Image {
        switch v {
        case .gray: return img
        case .backgroundNorm: return try img.backgroundNormalized()
        case .sauvola: return try img.binarized(.sauvola, windowHalfSize: max(8, min(img.height / 3, 25)))
        case .otsu: return try img.binarized(.otsu)
        case .contrast: return try img.contrastNormalized()
        case .inverted: return try img.inverted()
        case .smooth: return try img.defocused(halfWidth: 2).contrastNormalized()
        }
    }

    /// Height of the text band in a line image, from the row profile of dark pixels.
    static func estimateGlyphHeight(_ g: Image) -> Double? {
        guard let px = try? g.grayBytes(), !px.isEmpty else { return nil }
        let w = g.width, h = g.height
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        let darkText = mean > 127
        let thr = darkText ? mean * 0.7 : mean + (255 - mean) * 0.3
        var rows: [Int] = []
        for y in 0..<h {
            var n = 0
            for x in 0..<w {
                let v = Double(px[y * w + x])
                if darkText ? v < thr : v > thr { n += 1 }
            }
            if n >= 2 { rows.append(y) }
        }
        guard let first = rows.first, let last = rows.last, last > first else { return nil }
        return Double(last - first + 1)
    }
}
