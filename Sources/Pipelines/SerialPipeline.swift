import Dispatch
import Evaluation
import Foundation
import Imaging
import Recognition

/// Reads Apple serial numbers from a photo the way a person does: read the page, find the
/// `Serial` anchor, re-read a tight crop after it at a normalised text height, vote across
/// preprocessing variants; try other rotations only when that fails.
///
/// Owns nothing shared: one pipeline per worker, with that worker's engine.
public final class SerialPipeline {
    public let preset: Preset
    private let engine: OCREngine

    /// Creates a pipeline that reads with `engine` (created on, and used only by, this worker).
    public init(preset: Preset, engine: OCREngine) {
        self.preset = preset
        self.engine = engine
    }

    /// A serial read with its provenance.
    struct Scored: Hashable {
        var text: String
        var score: Double
        var method: String
        var stage: String
        var valid: Bool
    }

    /// Reads one decoded image.
    public func read(_ image: Image) -> SampleOutcome {
        var clock = StageClock()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(preset.maxProcessingTime * 1e9)
        var found: [Scored] = []
        var stagesRun: [String] = []
        do {
            let gray = try clock.time("grayscale") { try image.grayscale() }
            if Self.isLineImage(gray) {
                stagesRun.append("line")
                found += try clock.time("line") { try readLine(gray, stage: "line", anchorBonus: 0) }
            } else {
                for rotation in preset.rotations {
                    if DispatchTime.now().uptimeNanoseconds > deadline { break }
                    let stage = rotation == 0 ? "page" : "rotate\(rotation)"
                    stagesRun.append(stage)
                    let rotated = try rotation == 0 ? gray : gray.rotated(quarterTurns: rotation / 90)
                    found += try clock.time(stage) { try readPage(rotated, stage: stage, deadline: deadline) }
                    if let best = Self.rank(found).first, best.score >= preset.earlyStopConfidence { break }
                }
            }
        } catch let e as ImagingError {
            return .failure(SampleError(kind: "engine_error", message: "image processing failed: \(e.message)"), preset: preset.name, timings: clock.timings)
        } catch let e as RecognitionError {
            return .failure(SampleError(kind: "engine_error", message: e.message), preset: preset.name, timings: clock.timings)
        } catch {
            return .failure(SampleError(kind: "engine_error", message: "\(error)"), preset: preset.name, timings: clock.timings)
        }
        let ranked = Self.rank(found).filter { $0.score >= preset.minConfidence }
        let candidates = ranked.prefix(5).map {
            Candidate(text: $0.text, confidence: Metrics.round($0.score, 4), method: $0.method, stage: $0.stage, strictValid: $0.valid)
        }
        return SampleOutcome(candidates: Array(candidates), stageTimings: clock.timings,
                             strategyUsed: candidates.first?.stage ?? "none",
                             fallbackUsed: stagesRun.count > 1, preset: preset.name,
                             width: image.width, height: image.height)
    }

    /// Merges sightings of the same string: the best score plus a bonus per agreeing sighting.
    static func rank(_ found: [Scored]) -> [Scored] {
        var by: [String: [Scored]] = [:]
        for s in found { by[s.text, default: []].append(s) }
        var merged: [Scored] = []
        for (_, group) in by {
            guard var best = group.max(by: { $0.score < $1.score }) else { continue }
            let agreeing = Set(group.map(\.method)).count
            best.score = min(0.99, best.score + 0.04 * Double(agreeing - 1))
            if agreeing > 1 { best.method += "+agree\(agreeing)" }
            merged.append(best)
        }
        return merged.sorted { $0.score != $1.score ? $0.score > $1.score : $0.text < $1.text }
    }

    /// A short, wide image is one line of text already (a crop or a render).
    static func isLineImage(_ g: Image) -> Bool {
        g.height <= 160 && g.width >= 2 * g.height
    }

    /// Reads the page layout, finds anchors and re-reads crops after them.
    private func readPage(_ gray: Image, stage: String, deadline: UInt64) throws -> [Scored] {
        let longest = max(gray.width, gray.height)
        let fit = min(1.0, Double(preset.page.maxSide) / Double(longest))
        let scale = fit * preset.page.scale
        let page = try gray.scaled(by: scale)
        try engine.setVariable("tessedit_char_whitelist", "")
        let text = try engine.recognize(page, mode: preset.page.psm)
        var found: [Scored] = []
        // Every serial-shaped token on the page, with a low prior (no anchor).
        for t in SerialCandidateExtractor.tokens(in: text) {
            found.append(Scored(text: t.text, score: Self.score(t.ocrConfidence, valid: t.validation.isValid, anchored: false),
                                method: "page", stage: stage, valid: t.validation.isValid))
        }
        // Anchored re-reads.
        for line in text.lines {
            guard let anchorEnd = anchorEnd(in: line) else { continue }
            if DispatchTime.now().uptimeNanoseconds > deadline { break }
            let wordsAfter = line.words.filter { $0.box.x >= anchorEnd - 2 }
            let lineHeight = max(4, wordsAfter.map(\.box.height).max() ?? line.box.height)
            // The serial is within ~16 glyph heights after the anchor.
            let right = wordsAfter.isEmpty ? anchorEnd + 16 * lineHeight : min(anchorEnd + 16 * lineHeight, (wordsAfter.prefix(3).map(\.box.maxX).max() ?? anchorEnd) + 2 * lineHeight)
            let box = PixelRect(x: anchorEnd, y: line.box.y - lineHeight / 2, width: right - anchorEnd + lineHeight, height: line.box.height + lineHeight)
            // Map back to the unscaled grey image for the best resolution.
            let src = PixelRect(x: Int(Double(box.x) / scale), y: Int(Double(box.y) / scale),
                                width: Int(Double(box.width) / scale) + 1, height: Int(Double(box.height) / scale) + 1)
            guard let clamped = src.clamped(width: gray.width, height: gray.height), clamped.width > 4, clamped.height > 4 else { continue }
            let crop = try gray.cropped(to: clamped)
            let glyph = Double(lineHeight) / scale
            found += try readCrop(crop, glyphHeight: glyph, stage: stage + "+anchor", anchorBonus: 1)
        }
        return found
    }

    /// The right edge of the anchor word(s) in a line, if the line has one.
    private func anchorEnd(in line: RecognizedLine) -> Int? {
        let words = line.words
        for (i, w) in words.enumerated() {
            let u = w.text.uppercased()
            for a in preset.anchors {
                let parts = a.split(separator: " ").map(String.init)
                guard i + parts.count <= words.count else { continue }
                let span = words[i..<(i + parts.count)]
                let joined = span.map { $0.text.uppercased() }
                let ok = zip(joined, parts).allSatisfy { w, p in w == p || (w.hasPrefix(p) && w.count <= p.count + 2) }
                if ok || (parts.count == 1 && Self.looksLike(u, parts[0])) {
                    return span.last.map(\.box.maxX)
                }
            }
        }
        return nil
    }

    /// Tolerant anchor match: one OCR slip allowed for words of 5+ letters (`Seria1`, `Serlal`).
    static func looksLike(_ word: String, _ anchor: String) -> Bool {
        guard anchor.count >= 5, abs(word.count - anchor.count) <= 1 else { return false }
        return Metrics.editDistance(word, anchor) <= 1
    }

    /// Reads a whole line image (renders, tight crops).
    private func readLine(_ gray: Image, stage: String, anchorBonus: Int) throws -> [Scored] {
        let glyph = Self.estimateGlyphHeight(gray) ?? Double(gray.height) / 3
        return try readCrop(gray, glyphHeight: glyph, stage: stage, anchorBonus: anchorBonus)
    }

    /// Re-reads a crop in each preprocessing variant, scaled so glyphs are `target_height` tall.
    private func readCrop(_ crop: Image, glyphHeight: Double, stage: String, anchorBonus: Int) throws -> [Scored] {
        let factor = max(0.5, min(8, Double(preset.crop.targetHeight) / max(1, glyphHeight)))
        let base = try crop.scaled(by: factor)
        try engine.setVariable("tessedit_char_whitelist", preset.crop.whitelist)
        defer { try? engine.setVariable("tessedit_char_whitelist", "") }
        var found: [Scored] = []
        for v in preset.crop.variants {
            let img = try Self.apply(v, to: base)
            let text = try engine.recognize(img, mode: preset.crop.psm)
            for t in SerialCandidateExtractor.tokens(in: text) {
                found.append(Scored(text: t.text, score: Self.score(t.ocrConfidence, valid: t.validation.isValid, anchored: anchorBonus > 0),
                                    method: "crop:\(v.rawValue)", stage: stage, valid: t.validation.isValid))
            }
        }
        return found
    }

    /// Applies one preprocessing variant.
    static func apply(_ v: Preset.Variant, to img: Image) throws(ImagingError) -> Image {
        switch v {
        case .gray: return img
        case .backgroundNorm: return try img.backgroundNormalized()
        case .sauvola: return try img.binarized(.sauvola, windowHalfSize: max(8, img.height / 3))
        case .otsu: return try img.binarized(.otsu)
        case .contrast: return try img.contrastNormalized()
        case .inverted: return try img.inverted()
        }
    }

    /// Maps engine confidence and evidence to [0, 1].
    static func score(_ ocr: Double, valid: Bool, anchored: Bool) -> Double {
        var s = 0.55 * ocr + (valid ? 0.3 : 0.0) + (anchored ? 0.1 : 0.0)
        if !valid { s = min(s, 0.5) }
        return min(0.99, max(0, s))
    }

    /// Height of the text band in a line image, from the row profile of dark pixels.
    static func estimateGlyphHeight(_ g: Image) -> Double? {
        guard let px = try? g.grayBytes(), !px.isEmpty else { return nil }
        let w = g.width, h = g.height
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        let dark = mean > 127
        let thr = dark ? mean * 0.7 : mean + (255 - mean) * 0.3
        var rows: [Int] = []
        for y in 0..<h {
            var n = 0
            for x in 0..<w {
                let v = Double(px[y * w + x])
                if dark ? v < thr : v > thr { n += 1 }
            }
            if n >= 2 { rows.append(y) }
        }
        guard let first = rows.first, let last = rows.last, last > first else { return nil }
        return Double(last - first + 1)
    }
}

/// Times named stages.
struct StageClock {
    private(set) var timings: [StageTiming] = []
    mutating func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let t0 = DispatchTime.now().uptimeNanoseconds
        defer { timings.append(StageTiming(stage: name, ms: Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)) }
        return try body()
    }
}
