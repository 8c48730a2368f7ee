import Dispatch
import Evaluation
import Foundation
import Imaging
import Recognition

/// Reads a photographed Tunisian restaurant permit: one French page read for the layout, the
/// cues and the labelled number; an Arabic read of the heading only when the French cues or
/// the label are inconclusive; and a re-read of the number's crop to confirm it.
///
/// One pipeline per worker: it owns its Tesseract engines (not thread-safe).
public final class PermitPipeline {
    private let french: OCREngine
    private var arabicEngine: OCREngine?
    private let dataPath: String?
    /// Receives the images the pipeline reads (name, image), for drill-down.
    public var debugSink: ((String, Image) -> Void)?

    /// The pipeline's full result for one image.
    public struct Result: Sendable {
        public var verdict: PermitVerdict
        public var analysis: PermitAnalysis
        public var timings: [StageTiming]
        /// How the number was found (`page`, `page+arabic`, `reread`) — the candidate's stage.
        public var stage: String
        /// The page text the decision was based on (French read, then the Arabic header read).
        public var text: String
    }

    /// Loads the French engine now; the Arabic one is loaded on first need.
    public init(dataPath: String? = nil) throws(RecognitionError) {
        self.french = try OCREngine(languages: "fra", dataPath: dataPath)
        self.dataPath = dataPath
    }

    private func arabic() throws(RecognitionError) -> OCREngine {
        if let a = arabicEngine { return a }
        let a = try OCREngine(languages: "ara", dataPath: dataPath)
        arabicEngine = a
        return a
    }

    /// Longest side the page is read at: larger photos are reduced, smaller ones enlarged.
    static let pageSide = 2000.0

    /// Reads one decoded image.
    public func read(_ image: Image) throws -> Result {
        var clock = StageClock()
        let gray = try clock.time("grayscale") { try image.grayscale() }
        let scale = Self.pageSide / Double(max(gray.width, gray.height))
        let page = try clock.time("page:prepare") { () throws -> Image in
            let s = abs(scale - 1) < 0.05 ? gray : try gray.scaled(by: scale)
            return try s.backgroundNormalized()
        }
        debugSink?("page", page)
        try french.setVariable("tessedit_char_whitelist", "")
        var text = try clock.time("page:fra") { try french.recognize(page, mode: .auto) }
        var lines = text.lines
        var readable = Self.readableWords(text)
        var stage = "page"
        if readable < PermitDecision.minReadableWords * 3 {
            // Little text: a sharpened read can rescue a soft photo.
            let sharp = try clock.time("page:sharpen") { try page.sharpened(halfWidth: 2, amount: 0.7) }
            let second = try clock.time("page:fra-sharp") { try french.recognize(sharp, mode: .auto) }
            if Self.readableWords(second) > readable {
                text = second; lines = second.lines; readable = Self.readableWords(second); stage = "page-sharp"
            }
        }
        var heading = PermitNumberExtractor.headingFlags(lines)
        var cues = PermitCueLexicon.standard.scan(zip(lines, heading).map { ($0.0.text, $0.1) })
        var number = PermitNumberExtractor.best(in: lines, heading: heading)
        var allText = text.text

        // The Arabic read: only when a cue is missing or the number has no French label.
        let needArabic = readable >= PermitDecision.minReadableWords && cues.decisiveNegatives.isEmpty
            && (!cues.missing.isEmpty || number == nil || number?.label == nil)
        if needArabic, let region = Self.headingRegion(lines, heading: heading, page: page) {
            let ara = try arabic()
            let arText = try clock.time("heading:ara") { try ara.recognize(page, mode: .auto, rect: region) }
            allText += "\n" + arText.text
            let arHeading = [Bool](repeating: true, count: arText.lines.count)
            cues.add(PermitCueLexicon.standard.scan(arText.lines.map { ($0.text, true) }))
            if number == nil || number?.label == nil,
               let arNumber = PermitNumberExtractor.best(in: arText.lines, heading: arHeading), arNumber.label != nil {
                // Arabic reads Latin digits poorly: keep the French read of the same spot when it
                // has one, and let the crop re-read settle it.
                var n = arNumber
                n.line = -1
                if let lone = number, lone.label == nil, Self.overlap(lone.box, arNumber.box) > 0.3 {
                    n.text = lone.text; n.confidence = lone.confidence; n.box = lone.box
                }
                number = n
                stage += "+arabic"
            }
            heading = heading + arHeading
        }

        var agrees: Bool?
        if var n = number {
            let reread = try clock.time("number:reread") { try rereadNumber(page, box: n.box) }
            if let reread {
                agrees = reread == n.text
                if !agrees!, PermitNumberFormat.isValid(reread), !PermitNumberFormat.isValid(n.text) || n.confidence < 0.6 {
                    n.text = reread
                    stage += "+reread"
                }
            }
            number = n
        }
        let analysis = PermitAnalysis(readableWords: readable, cues: cues, number: number, rereadAgrees: agrees)
        return Result(verdict: PermitDecision.decide(analysis), analysis: analysis, timings: clock.timings, stage: stage, text: allText)
    }

    /// Reads the number's crop again, enlarged to a steady glyph height, digits only.
    private func rereadNumber(_ page: Image, box: PixelRect) throws -> String? {
        let h = max(8, box.height)
        let padded = PixelRect(x: box.x - h, y: box.y - h / 3, width: box.width + 2 * h, height: h + 2 * (h / 3))
        guard let r = padded.clamped(width: page.width, height: page.height) else { return nil }
        let crop = try page.cropped(to: r)
        let scaled = try crop.scaled(by: min(4, max(0.5, 48.0 / Double(h))))
        debugSink?("number", scaled)
        try french.setVariable("tessedit_char_whitelist", "0123456789/-")
        defer { try? french.setVariable("tessedit_char_whitelist", "") }
        let t = try french.recognize(scaled, mode: .singleLine)
        let s = t.text.filter { $0.isNumber || $0 == "/" || $0 == "-" }
        return s.isEmpty ? nil : s
    }

    /// The heading block's bounding box on the page (top of the text to the number / body),
    /// or the top 45 % when the layout read found no heading.
    static func headingRegion(_ lines: [RecognizedLine], heading: [Bool], page: Image) -> PixelRect? {
        let boxes = zip(lines, heading).filter { $0.1 }.map { $0.0.box }
        guard let first = boxes.first else {
            return PixelRect(x: 0, y: 0, width: page.width, height: page.height * 45 / 100)
        }
        var u = first
        for b in boxes.dropFirst() { u = PermitNumberExtractor.union(u, b) }
        let pad = 20
        // The Arabic column may lie beyond what the French read saw: take the full width.
        return PixelRect(x: 0, y: max(0, u.y - pad * 4), width: page.width, height: u.height + pad * 6)
            .clamped(width: page.width, height: page.height)
    }

    /// Words that look like real text: ≥ 3 letters or digits, confidence ≥ 0.6.
    static func readableWords(_ t: RecognizedText) -> Int {
        t.words.filter { $0.confidence >= 0.6 && $0.text.filter({ $0.isLetter || $0.isNumber }).count >= 3 }.count
    }

    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return 0 }
        let inter = Double((x1 - x0) * (y1 - y0))
        return inter / Double(max(1, min(a.width * a.height, b.width * b.height)))
    }
}
