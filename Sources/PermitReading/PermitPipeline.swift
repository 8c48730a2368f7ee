import Dispatch
import Evaluation
import Foundation
import Imaging
import ReadingCore
import Recognition

/// Reads a photographed Tunisian restaurant permit: one French page read for the layout, the
/// cues and the labelled number; an Arabic read of the heading only when the French cues or
/// the label are inconclusive; and re-reads of the number's crop, by the French engine and by
/// ScanBench's permit-number model, to confirm it (and by Tesseract's English model too, when
/// they disagree, to vote on it).
///
/// One pipeline per worker: it owns its Tesseract engines (not thread-safe).
public final class PermitPipeline {
    let french: OCREngine
    private var arabicEngine: OCREngine?
    private var numberModelEngine: OCREngine?
    private var englishEngine: OCREngine?
    private let dataPath: String?
    /// Receives the images the pipeline reads (name, image), for drill-down.
    public var debugSink: ((String, Image) -> Void)?
    /// Receives one line per step of the number's search that decided something: a second read
    /// of a refused page and what it gave, a lone number and its line's Arabic read, a number's
    /// crop re-reads and the engines' consensus (`scanbench permit --verbose`).
    public var traceSink: ((String) -> Void)?
    /// Whether a photo's camera shake is undone before it is read (`unshaken`); off, the photo
    /// is read as shot (the tests of later stages on shaken photos).
    public var undoesShake = true

    /// The pipeline's full result for one image.
    public struct Result: Sendable {
        public var verdict: PermitVerdict
        public var analysis: PermitAnalysis
        public var timings: [StageTiming]
        /// How the number was found (`page`, `page+arabic`, `reread`) — the candidate's stage.
        public var stage: String
        /// The page text the decision was based on (French read, then the Arabic header read).
        public var text: String
        /// The page found in the photo and rectified, `nil` when the whole photo was read.
        public var page: PermitPage? = nil
        /// The page found whose read was set aside for the whole photo's (`readPageOrPhoto`:
        /// it read fewer words, or its faint outline's read was refused).
        public var pageSetAside: PermitPage? = nil
        /// How sharp the page read was (`edgeSteepness` at the reading size), measured only
        /// when a first read is a refusal (`nil` otherwise: an answer, a restored read, an
        /// image refused before any read).
        public var pageSteepness: Double? = nil
        /// The labelled number a warped page's levelled block gave, refused because its crops
        /// did not confirm it (`nil` otherwise): it stands only when another read gives it too
        /// (`read(_:)`).
        public var levelledUnconfirmed: PermitNumberCandidate? = nil
    }

    /// Loads the French engine now; the Arabic one is loaded on first need.
    public init(dataPath: String? = nil) throws(RecognitionError) {
        self.french = try OCREngine(languages: "fra", dataPath: dataPath)
        self.dataPath = dataPath
        try Self.skipExtraWork(french)
    }

    /// Work Tesseract does by default that the permit pipeline has no use for:
    /// - the LSTM's per-character alternatives (it reads words and their confidences), about
    ///   8 % of a page read to collect (`tesseract` on one phone page under callgrind: 4.62 →
    ///   4.25 G instructions, the same text); off, no answer changed on the 260 phone documents
    ///   of seed 950028;
    /// - the second read of each word read with low confidence, inverted (`tessedit_do_invert`),
    ///   for light text on dark. A permit is dark print on paper, and its low-confidence words
    ///   are the Arabic header the French read turns into noise: on 240 documents of seed 81001
    ///   it cost 10–13 % of the CPU time, and off, the same numbers were read.
    static func skipExtraWork(_ engine: OCREngine) throws(RecognitionError) {
        try engine.setVariable("lstm_choice_mode", "0")
        try engine.setVariable("tessedit_do_invert", "0")
    }

    /// The engine of the number's second read: ScanBench's permit-number model, loaded on first
    /// need.
    func numberModel() throws(RecognitionError) -> OCREngine {
        if let m = numberModelEngine { return m }
        guard let folder = ModelLocator.folder(for: Self.numberModelName) else {
            throw RecognitionError(.initFailed, "the permit pipeline re-reads numbers with '\(Self.numberModelName).traineddata', which is not in $SCANBENCH_MODELS, ./Models or beside the binary")
        }
        let m = try OCREngine(languages: Self.numberModelName, dataPath: folder)
        try Self.skipExtraWork(m)
        numberModelEngine = m
        return m
    }

    /// The model of the number's second read (`Models/permit.traineddata`: Tesseract's English
    /// LSTM fine-tuned on crops of permit numbers, digits, `/` and `-`; `make permit-model`).
    /// On 220 number crops of held-out permits (seeds 300111–300112) it reads 184 exactly, the
    /// serial model it replaced 149, English 140, French 121.
    public static let numberModelName = "permit"

    /// Tesseract's English model, a third reader of a disputed number's crops (its digits were
    /// trained apart from the French model's): loaded on first need.
    func english() throws(RecognitionError) -> OCREngine {
        if let e = englishEngine { return e }
        let e = try OCREngine(languages: "eng", dataPath: dataPath)
        try Self.skipExtraWork(e)
        englishEngine = e
        return e
    }

    private func arabic() throws(RecognitionError) -> OCREngine {
        if let a = arabicEngine { return a }
        let a = try OCREngine(languages: "ara", dataPath: dataPath)
        try Self.skipExtraWork(a)
        arabicEngine = a
        return a
    }

    /// A page covering more than this share of the photo is only turned upright, not warped:
    /// a scan or a careful shot, whose small tilt the OCR's layout analysis handles, and which
    /// resampling only changes. Measured on 110 flat dev captures (seeds 28001–28002): exact
    /// reads 85 when every page was warped, 89 with this rule, 90 reading the photo as it
    /// came; phone captures (the page fills 45–75 % of the frame) were warped either way.
    static let warpBelowFill = 0.7

    /// Whether the page is read with its background flattened first: a page cut out of a photo
    /// taken at an angle (the phone's shot of a sheet on a table) carries a shadow and light
    /// that falls off across it, which break Tesseract's layout read of the page as it came;
    /// its flattened read, when it came second, gave the answer for 64 of the 183 phone
    /// permits of seed 950028. Read flattened first (the page as photographed second, only when
    /// inconclusive), 132 of them read exact rather than 125, 28 wrong rather than 32, and 106
    /// of the 260 documents rather than 168 needed a second page read. Flat captures, whose
    /// page fills the frame and is not warped, are read as photographed first, as before (the
    /// few warped among them: 135 exact rather than 131).
    static func readsFlattenedFirst(_ page: PermitPage?, of image: Image) -> Bool {
        page.map { !fillsFrame($0, image) } ?? false
    }

    static func fillsFrame(_ page: PermitPage, _ image: Image) -> Bool {
        PageGeometry.doubleArea(page.corners) / 2 > warpBelowFill * Double(image.width * image.height)
    }

    /// `image` with coloured ink faded inside the quadrilateral `corners` (clockwise) and plain
    /// grey outside it.
    static func fadedInside(_ corners: [SIMD2<Double>], of image: Image, chromaSpread: Int = 1) throws -> Image {
        var faded = try image.coloredInkFaded(chromaSpread: chromaSpread).grayBytes()
        let gray = try image.grayBytes()
        let w = image.width, h = image.height
        // Clockwise in image coordinates (y down): inside is on the right of each edge. The
        // quadrilateral is convex, so each row is inside over one run of x: found from the edges'
        // lines, then settled pixel by pixel at its two ends with the exact test.
        func inside(_ px: Double, _ py: Double) -> Bool {
            for i in 0..<4 {
                let a = corners[i], b = corners[(i + 1) % 4]
                if (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x) < 0 { return false }
            }
            return true
        }
        for y in 0..<h {
            let py = Double(y)
            var lo = 0.0, hi = Double(w - 1)
            for i in 0..<4 {
                let a = corners[i], b = corners[(i + 1) % 4]
                // (b.x − a.x)(py − a.y) − (b.y − a.y)(px − a.x) ≥ 0, linear in px.
                let c1 = -(b.y - a.y), c0 = (b.x - a.x) * (py - a.y) + (b.y - a.y) * a.x
                if c1 > 0 { lo = max(lo, -c0 / c1) } else if c1 < 0 { hi = min(hi, -c0 / c1) } else if c0 < 0 { lo = 1; hi = 0 }
            }
            var x0 = lo > hi ? w : max(0, min(w, Int(lo.rounded(.down))))
            var x1 = lo > hi ? w - 1 : max(-1, min(w - 1, Int(hi.rounded(.up))))
            while x0 <= x1, !inside(Double(x0), py) { x0 += 1 }
            while x1 >= x0, !inside(Double(x1), py) { x1 -= 1 }
            while x0 > 0, inside(Double(x0 - 1), py) { x0 -= 1 }
            while x1 < w - 1, x1 >= x0, inside(Double(x1 + 1), py) { x1 += 1 }
            let row = y * w
            for x in 0..<w where x < x0 || x > x1 { faded[row + x] = gray[row + x] }
        }
        return try faded.withUnsafeBufferPointer { try Image(grayBytes: $0, width: w, height: h, stride: w) }
    }

    /// A number block with at least this share of coloured pixels (`stampChroma`) has a stamp
    /// in it. The 46 blocks of the development permits of seed 100911 (phone and flat) read for
    /// lack of a number measured 0–0.0015 (17), 0.0097–0.042 (27; each of those looked at had a stamp)
    /// or 0.41 (2), nothing between.
    static let stampedBlockShare = 0.005

    /// A number with at least this share of coloured pixels around it has a stamp over it.
    static let stampedShare = 0.01
    /// The chroma (brightest minus darkest channel) of a photographed stamp's ink. A stamp's
    /// hairlines keep little of their colour once photographed and stored as JPEG (chroma 15–40
    /// measured on purple and blue stamps): at the 28 of `colouredShare`'s default, 8 of the 12
    /// stamped numbers read on seed 31001's flat captures measured under 3 % in their box,
    /// four of them answered `high`, one wrong. Print and paper measure under 16 on all 121 unstamped
    /// numbers read on seed 31001 (flat and phone); stamped ones 3–19 % within one number
    /// height around their box.
    static let stampChroma = 16

    /// Whether a stamp lies over or right beside the number (`box`, on the colour page): its
    /// ink within one number height of the box.
    static func stampedAround(_ box: PixelRect, on page: Image) -> Bool {
        let h = box.height
        let around = PixelRect(x: box.x - h, y: box.y - h, width: box.width + 2 * h, height: box.height + 2 * h)
        return page.colouredShare(in: around, minChroma: stampChroma) >= stampedShare
    }

    /// Longest side the page is read at: larger photos are reduced, smaller ones enlarged.
    static let pageSide = 2000.0

    /// The resolution declared for layout reads of a photo: none. A photo has no true dpi, and
    /// Tesseract's layout analysis sizes its noise filters and line finding in points, so the
    /// engine's default 300 dpi makes the small, blur-widened strokes of a header (read at half
    /// size) look like specks, and the read returns noise. Declaring none lets Tesseract
    /// estimate it from the text's own line size, as its command line does for a PNG without one.
    static let photoResolution = 0

    /// One read of (part of) the page, analysed.
    struct Pass {
        var image: Image
        var text: RecognizedText
        var heading: [Bool]
        var cues: PermitCueReport
        var number: PermitNumberCandidate?
        var readable: Int
        var stage: String

        init(image: Image, text: RecognizedText, stage: String, allHeading: Bool = false, headOnly: Bool = false) {
            self.image = image
            self.text = text
            self.stage = stage
            heading = allHeading ? [Bool](repeating: true, count: text.lines.count)
                : PermitNumberExtractor.headingFlags(text.lines, headingWithoutBody: headOnly)
            cues = PermitCueLexicon.standard.scan(zip(text.lines, heading).map { ($0.0.text, $0.1) })
            number = PermitNumberExtractor.best(in: text.lines, heading: heading)
            readable = PermitPipeline.readableWords(text)
        }

        /// Conclusive: a permit with every cue and a number firmly anchored (`isAnchored`), or a
        /// decisive sign of another document. (A permit read without its authority is read
        /// again: the other read may find it, and only a permit with every cue strong answers
        /// `high`.) A number labelled only in the body, or by what may be the French read of
        /// Arabic script (`isWeakLabel`), is not conclusive: the heading's number may be lost to
        /// the layout read, and the other version of the page is read too (`anchorsWorse`).
        var conclusive: Bool {
            !cues.decisiveNegatives.isEmpty || (cues.hasEveryCue && number.map(Self.isAnchored) == true)
        }

        /// Labelled in the heading block, not above the act's title (`aboveTitle`: as likely a
        /// reference printed in the header, flat 104611 #108), and not by a label that may be the
        /// French read of Arabic script or a citation's cut `n°` (`PermitNumberExtractor.isWeakLabel`). Light
        /// falling off across a page can break the layout read of its heading: flat 104311 #241
        /// lost `N° : 2018-7791` and read the ID card's `n° 00116444` in the body (its `CIN`
        /// left on the line above); flat 104411 #61 lost `N° 9703/2018` and took `ne 9440` of
        /// the Arabic header for it.
        static func isAnchored(_ n: PermitNumberCandidate) -> Bool {
            n.heading && !n.aboveTitle && n.label.map { !PermitNumberExtractor.isWeakLabel($0) } == true
        }

        /// Whether `other`'s number is better anchored than this read's: labelled where this one
        /// is not, found where this one has none, or firmly anchored (`isAnchored`) where this
        /// one is not.
        func anchorsWorse(than other: Pass) -> Bool {
            guard let theirs = other.number else { return false }
            guard let ours = number else { return true }
            if theirs.label != nil && ours.label == nil { return true }
            return Self.isAnchored(theirs) && !Self.isAnchored(ours)
        }
    }

    /// Reads one decoded image, its camera shake undone first (`unshaken`).
    public func read(_ photo: Image) throws -> Result {
        var clock = StageClock()
        let (image, shaken) = try unshaken(photo, clock: &clock)
        var first = try readPageOrPhoto(image, restoration: nil, shaken: shaken)
        first.timings = clock.timings + first.timings
        // A page refused though its reads saw something of a permit (a cue), and no sign of
        // another document, is read once more with its coloured ink faded by the most chroma
        // around each pixel (`stampChromaSpread`): a stamp's ring across the number, faded
        // pixel by pixel, leaves a grey outline (its colour is stored at half resolution) that
        // breaks the number's read. That read stands only when its crops confirm its number
        // (`numberConfirmed`), and then at `low`. Of the 432 legible permits of the four
        // development sets (phone 100111 and 100311, flat 100211 and 100311), 355 were read
        // exactly and 31 wrong; read so after a refusal, 358 and 32. Faded so on every first
        // read instead, 361 but 34 (with another change then under test, which answered one more
        // wrong), and a `high` answer lost. A grey photo has no colour to fade: its read would
        // repeat.
        if image.depth == 32, Self.mayReadAgain(first) {
            traceSink?("\(Self.traceReadAgain) with its coloured ink faded harder (refused: \(first.verdict.decision))")
            var faded = try readPageOrPhoto(image, restoration: nil, inkSpread: Self.stampChromaSpread, shaken: shaken)
            traceSink?("→ " + Self.traced(faded))
            faded.timings = first.timings + faded.timings
            if case .accepted(let answer) = faded.verdict, faded.analysis.numberConfirmed {
                faded.verdict = .accepted(PermitResponse(permitNumber: answer.permitNumber, confidence: .low))
                faded.stage = "stamp-faded:" + faded.stage
                return faded
            }
            // The levelled block of a warped page gave the same labelled number on both reads,
            // its crops confirming it on neither (the stamp's ring across them): two reads of
            // differently faded pages agree, as two restorations do below; it stands at `low`.
            // On development seeds 103011 and 103111, of the four numbers refused so after both
            // reads, the two read alike were right (`2017-3714`, `518897`, flat), the two wrong
            // ones differed between the reads (`55142012` and `514012` for `5514/2012`); the
            // wrong levelled number of flat 100311 #68 (`2013/9712`) is not read twice, its
            // faded read confirming the right one. Only a number of a common shape
            // (`PermitNumberFormat.isTypical`): levelling thins a slash away alike on both reads
            // (`07502020` for `0790/2020`, phone seed 103511 #162 with the apps' compression).
            if case .refused = faded.verdict, let n = first.levelledUnconfirmed, PermitNumberFormat.isTypical(n.text),
               faded.levelledUnconfirmed?.text == n.text {
                faded.verdict = .accepted(PermitResponse(permitNumber: n.text, confidence: .low))
                faded.analysis.number = n
                faded.stage = "stamp-faded:" + faded.stage + "+levelled-twice"
                return faded
            }
            first.timings = faded.timings
        }
        // A blurred page refused though its reads saw something of a permit (a cue), and no
        // sign of another document, is read again restored (`PageRestoration`: its blur undone,
        // then, if that read fails, sharpened, then both); a read stands only when it answers a
        // number its crops confirm (re-read identically, or read alike by the three engines
        // against the page read: `numberConfirmed`), or when two restored reads answer the same
        // labelled number, and then at `low`.
        // Defocus blur runs a page's strokes into each other: flat captures of seeds
        // 81001–81002 blurred by 2 px (glyphs of 13–17 px), legible to a person, were refused as
        // unreadable or not a permit. A sharpened page invents strokes too: of the permits of
        // seeds 81001, 81002, 81020 and 91050 read again through an unsharp mask, 16 gave their
        // number and 23 a wrong one; the 6 whose crop re-reads agreed were all right. None of the
        // 73 unreadable or other documents of seeds 81001–81002 that were blurred had a cue, so
        // none is read twice. Sharpening every blurred page instead changed as many phone answers
        // for the worse as for the better.
        guard Self.mayReadAgain(first), let steepness = first.pageSteepness, steepness < Self.blurredPageSteepness else { return first }
        // A labelled number read alike by two restorations, neither confirmed by its crops,
        // stands too: deconvolution and an unsharp mask invent different strokes. So does one
        // that another restoration read refused, though the three engines' consensus on its
        // crops was that number (flat seed 101311 #125, `8621/2015` labelled `رقم`: deconvolved,
        // its crops unanimous, too few clean words; deconvolved and sharpened, labelled).
        // A number whose crops all three engines read alike on most crops (`numberUnanimous`)
        // stands without a label too: a blurred page's Arabic read loses `رقم` (`رهم 9587/2021`
        // for `رقم 9987/2024`, flat 105111 #112, the three engines unanimous on `9987/2024` of
        // the page deconvolved and sharpened). On 1 040 development permits it answered that
        // one and changed nothing else.
        var labelled: [String: Result] = [:]
        var backedRefused: Set<String> = []
        func agreed(_ r: Result, _ number: String) -> Result {
            var r = r
            r.verdict = .accepted(PermitResponse(permitNumber: number, confidence: .low))
            r.stage = "restorations:" + r.stage
            return r
        }
        for restoration in PageRestoration.allCases {
            traceSink?("\(Self.traceReadAgain) \(restoration.rawValue) (blurred: edge steepness \(String(format: "%.2f", steepness)))")
            var restored = try readPageOrPhoto(image, restoration: restoration, shaken: shaken)
            traceSink?("→ " + Self.traced(restored))
            restored.timings = first.timings + restored.timings
            guard case .accepted(let answer) = restored.verdict, restored.analysis.numberConfirmed || restored.analysis.numberUnanimous else {
                if case .accepted(let answer) = restored.verdict, restored.analysis.number?.label != nil {
                    if labelled[answer.permitNumber] != nil || backedRefused.contains(answer.permitNumber) {
                        return agreed(restored, answer.permitNumber)
                    }
                    labelled[answer.permitNumber] = restored
                } else if case .refused = restored.verdict, restored.analysis.numberByEngines,
                          let n = restored.analysis.number?.text {
                    if let earlier = labelled[n] {
                        var r = agreed(earlier, n)
                        r.timings = restored.timings
                        return r
                    }
                    backedRefused.insert(n)
                }
                first.timings = restored.timings
                continue
            }
            restored.verdict = .accepted(PermitResponse(permitNumber: answer.permitNumber, confidence: .low))
            restored.stage = restoration.rawValue + ":" + restored.stage
            return restored
        }
        return first
    }

    /// How a trace line announcing a second read of the page starts (`traceSink`).
    public static let traceReadAgain = "read again"

    /// A read's outcome in a trace line: its decision, the number it settled on and whether its
    /// crops confirmed it, and its stage.
    static func traced(_ r: Result) -> String {
        let n = r.analysis.number.map { "`\($0.text)`\(r.analysis.numberConfirmed ? " (confirmed by its crops)" : "")" } ?? "no number"
        return "\(r.verdict.decision), \(n); stage \(r.stage)"
    }

    /// Whether a refused read is worth another: refused, though its reads saw a cue of a permit
    /// and no sign of another document, and not for the photo's quality.
    static func mayReadAgain(_ r: Result) -> Bool {
        guard case .refused = r.verdict else { return false }
        return r.analysis.qualityProblem == nil && r.analysis.cues.decisiveNegatives.isEmpty
            && PermitCue.allCases.contains(where: r.analysis.cues.found)
    }

    /// The neighbourhood (pixels of the photo, a side) whose most chroma a pixel is faded by
    /// in the second read of a refused page (`Image.coloredInkFaded(chromaSpread:)`): 3 covers
    /// the half-resolution colour of a JPEG. On the 70 stamped legible permits of the four
    /// development sets, 25 read exactly rather than 23 (5: 24).
    static let stampChromaSpread = 3

    /// How a blurred page refused is read again, in this order. Each gives numbers the other
    /// misses: of the permits of seed 98611 (phone and flat) refused blurred, the deconvolved
    /// read answered two (flat) and the sharpened one another (phone); of the 23 flat permits
    /// blurred by 2 px of development seeds 97501 and 98001, 7 against 3. The deconvolved page
    /// sharpened too, read last, confirmed one more of the 37 blurred permits of seeds 99811,
    /// 99911 and 100011 (and 2 of the 17 of fresh seed 100211), none wrong, and no number on
    /// the 75 blurred documents to refuse among them.
    enum PageRestoration: String, CaseIterable {
        /// Deconvolved (`pageDeblur`).
        case deblurred
        /// Through an unsharp mask (`pageSharpening`).
        case sharpened
        /// Deconvolved, then through the unsharp mask.
        case deblurredSharpened = "deblurred-sharpened"
    }

    /// Below this edge steepness (`edgeSteepness` of the page at its reading size) a page is
    /// blurred: a flat capture in focus measured 0.38, flat captures blurred by 2 px
    /// 0.06–0.13 (seed 81002).
    static let blurredPageSteepness = 0.2

    /// How a blurred page's blur is undone: Richardson–Lucy deconvolution (`Image.deconvolved`)
    /// at half the reading size by a Gaussian of σ 1.45 px there (a 2 px photo blur is about
    /// 2.8 px at the reading size), 40 iterations. Of the 23 flat permits blurred by 2 px of
    /// development seeds 97501 and 98001, read again this way 7 gave their number against 3
    /// through the unsharp mask alone (`pageSharpening`), none wrong; σ 1.3 and 1.6 gave 7
    /// too, 2.0 gave 4, 25 iterations 4. About 0.6 s, spent only on a blurred page refused.
    static let pageDeblur = (sigma: 1.45, iterations: 40)

    /// `page` deconvolved (`pageDeblur`), at half size: a quarter of the pixels, and the blur
    /// half as wide.
    static func deblurred(_ page: Image) throws -> Image {
        try page.scaled(by: 0.5).deconvolved(sigma: pageDeblur.sigma, iterations: pageDeblur.iterations).scaled(by: 2)
    }

    /// `page` through the unsharp mask of `pageSharpening`.
    static func sharpened(_ page: Image) throws -> Image {
        try page.sharpened(halfWidth: pageSharpening.halfWidth, amount: pageSharpening.amount)
    }

    /// The unsharp mask a blurred page is read through when its deconvolved read failed:
    /// half-width 4 px at the page's reading size (the width of a 2 px blur once enlarged to
    /// it), 1.5 times the edge added back. Half-width 3, or amount 2.5, gave fewer exact answers
    /// on seed 81002's flat captures when every blurred page was read sharpened.
    static let pageSharpening = (halfWidth: 4, amount: 1.5)

    /// The page found in the photo read, or the photo as it came when the page read finds too
    /// few words; `restoration`: how a blurred page is restored first.
    func readPageOrPhoto(_ image: Image, restoration: PageRestoration?, inkSpread: Int = 1, shaken: Bool = false) throws -> Result {
        let found = try read(image, findingPage: true, restoration: restoration, inkSpread: inkSpread, shaken: shaken)
        // A page outline found on a plain table can be wrong (a quadrilateral of the desk's
        // light, its long side across): the page cut out of it, turned sideways, reads as noise.
        // Before a document is called unreadable, the photo is read as it came, as when no page
        // is found; that read stands when it finds more words.
        // So can an outline found faintly (`weakPageScore`): on a white desk, a band of glare
        // beside half the page taken for its side (flat 103011 #144 and #158, score 0.032, the
        // page's lower half turned sideways: the heading never read). When its read is refused,
        // the photo read as it came stands if it answers a number its crops confirm
        // (`numberConfirmed`), as the other second reads of a refused page do: unconfirmed, such
        // an answer was wrong (`1256` for `5673`, flat 103511 #119, at `low`).
        // No outline clear enough, and the photo read as it came refused: a page on a white
        // table shows its sides faintly (phone 106411 #18 and #163, outlines scoring 0.028 and
        // 0.032: the whole photo, its page tilted 6° in perspective, read no word at all). A
        // faint outline (`PermitPage.faintScore`) is read then, and stands when its read finds
        // more words.
        if found.page == nil, found.analysis.qualityProblem == nil, case .refused = found.verdict, found.pageSetAside == nil,
           let faint = try PermitPage.locate(in: image, minScore: PermitPage.faintScore) {
            var cut = try read(image, findingPage: true, restoration: restoration, inkSpread: inkSpread, shaken: shaken, faintPage: faint)
            guard cut.analysis.readableWords > found.analysis.readableWords else {
                var kept = found
                kept.timings = found.timings + cut.timings
                return kept
            }
            traceSink?("no clear page outline: a faint one (score \(String(format: "%.3f", faint.score))) read \(cut.analysis.readableWords) clean words")
            cut.timings = found.timings + cut.timings
            cut.stage = "faint-page:" + cut.stage
            return cut
        }
        guard let page = found.page, found.analysis.qualityProblem == nil else { return found }
        let fewWords = found.analysis.readableWords < PermitDecision.minReadableWords
        let doubtful: Bool
        if case .refused = found.verdict { doubtful = page.score < Self.weakPageScore } else { doubtful = false }
        guard fewWords || doubtful else { return found }
        var whole = try read(image, findingPage: false, restoration: restoration, inkSpread: inkSpread, shaken: shaken)
        let answers: Bool
        if case .accepted = whole.verdict { answers = whole.analysis.numberConfirmed } else { answers = false }
        guard (fewWords && whole.analysis.readableWords > found.analysis.readableWords) || (doubtful && answers) else {
            var kept = found
            kept.timings = found.timings + whole.timings
            return kept
        }
        whole.timings = found.timings + whole.timings
        whole.stage = "photo:" + whole.stage
        whole.pageSetAside = page
        return whole
    }

    /// The clockwise quarter turns (1 or 3) that make upright the text of a landscape photo whose
    /// page outline was not found, when its text reads sideways: Leptonica's up/down count
    /// (`upDownConfidence`) is sure of the photo turned a quarter, and more than twice as sure of
    /// it as of the photo as it lies (sideways lines give it few ascenders to count). 0 otherwise:
    /// a portrait photo, or a landscape one whose text runs across it. Flat 105611 #50, a page
    /// filling a landscape frame on its side, was read sideways: Tesseract read its text, but
    /// every line's box ran down the photo, none stood in a heading, and it was refused as
    /// without a number.
    static func sidewaysTurns(_ image: Image) throws -> Int {
        guard image.width > image.height else { return 0 }
        var grey = try image.grayscale()
        let scale = PageOrientation.side / Double(max(image.width, image.height))
        if abs(scale - 1) >= 0.05 { grey = try grey.scaled(by: scale) }
        let asIs = try grey.upDownConfidence()
        let turned = try grey.rotated(quarterTurns: 1).upDownConfidence()
        guard abs(turned) >= sidewaysConfidence, abs(turned) > 2 * abs(asIs) else { return 0 }
        return turned > 0 ? 1 : 3
    }

    /// How sure the up/down count of a photo turned a quarter must be to turn it (see
    /// `PageOrientation.minFlipConfidence`: upright pages score +1.9…+25).
    static let sidewaysConfidence = 2.0

    /// A found page outline scoring under this (`PermitPage.score`; pages found score 0.04–1.5)
    /// is doubted when its read is refused: the whole photo is read too, and stands when it
    /// answers a confirmed number.
    static let weakPageScore = 0.06

    /// Reads one decoded image: the page found in it (`findingPage`), or the whole photo;
    /// `restoration`: how a blurred page is restored first; `shaken`: whether `image` is a
    /// photo whose camera shake was undone (`unshaken`).
    func read(_ image: Image, findingPage: Bool, restoration: PageRestoration? = nil, inkSpread: Int = 1, shaken: Bool = false,
              faintPage: PermitPage? = nil) throws -> Result {
        var clock = StageClock()
        // Undo the camera first: the page cut out of the table, its perspective and quarter
        // turns undone, at the size it is read at. Without a convincing page outline (a scan
        // that fills the frame, a white desk) the whole photo is read, turned upright when it
        // lies on its side (`sidewaysTurns`).
        let located = try faintPage ?? (findingPage ? try clock.time("page:locate") { try PermitPage.locate(in: image) } : nil)
        let upright = try located.map { p in
            try clock.time("page:rectify") {
                Self.fillsFrame(p, image) ? try image.rotated(quarterTurns: p.quarterTurns) : try p.rectified(image, longSide: Int(Self.pageSide))
            }
        } ?? clock.time("page:turn") { () throws -> Image in
            let turns = try Self.sidewaysTurns(image)
            if turns != 0 { traceSink?("no page outline: the photo's text lies on its side, turned \(turns) quarter\(turns == 1 ? "" : "s") clockwise") }
            return turns == 0 ? image : try image.rotated(quarterTurns: turns)
        }
        let gray = try clock.time("grayscale") { () throws -> Image in
            // Stamps fade on the page only: a coloured table around an unwarped page keeps its
            // grey, or the page's edge would vanish into a white surround.
            if let p = located, p.quarterTurns == 0, Self.fillsFrame(p, image) {
                return try Self.fadedInside(p.corners, of: upright, chromaSpread: inkSpread)
            }
            return try upright.coloredInkFaded(chromaSpread: inkSpread)
        }
        let scale = Self.pageSide / Double(max(gray.width, gray.height))
        let prepared = try clock.time("page:prepare") { abs(scale - 1) < 0.05 ? gray : try gray.scaled(by: scale) }
        let page: Image
        switch restoration {
        case nil: page = prepared
        case .deblurred:
            page = try clock.time("page:deblur") { try Self.deblurred(prepared) }
        case .sharpened:
            page = try clock.time("page:sharpen") { try Self.sharpened(prepared) }
        case .deblurredSharpened:
            page = try clock.time("page:deblur") { try Self.sharpened(try Self.deblurred(prepared)) }
        }
        debugSink?(restoration.map { "page-" + $0.rawValue } ?? "page", page)
        // A photo too dark or too flat to read is refused before any OCR could squeeze a
        // guess out of it: a number read from it would be a false acceptance.
        if let problem = try clock.time("quality", { try Self.qualityProblem(page) }) {
            let analysis = PermitAnalysis(readableWords: 0, cues: PermitCueReport(matches: []), number: nil, qualityProblem: problem)
            return Result(verdict: PermitDecision.decide(analysis), analysis: analysis, timings: clock.timings, stage: "quality", text: "", page: located)
        }
        try french.setVariable("tessedit_char_whitelist", "")
        let flatFirst = Self.readsFlattenedFirst(located, of: image)
        var flatPage: Image?
        func flattened(_ clock: inout StageClock) throws -> Image {
            if let f = flatPage { return f }
            let f = try clock.time("page:flatten") { try page.backgroundNormalized() }
            debugSink?("page-flat", f)
            flatPage = f
            return f
        }
        let firstImage = flatFirst ? try flattened(&clock) : page
        let firstName = flatFirst ? "page:fra-flat" : "page:fra"
        let firstStage = flatFirst ? "page-flat" : "page"
        // The heading block first: when it settles the document, the body is never read.
        let head = try readHeading(of: firstImage, name: firstName + "-head", stage: firstStage, clock: &clock)
        let first = try head?.pass ?? Pass(image: firstImage, text: try clock.time(firstName) { try french.recognize(firstImage, mode: .auto) },
                                           stage: firstStage)
        var best = first
        var passes = [first]
        var cues = first.cues
        var allText = first.text.text
        var readable = first.readable
        var arabicLabelStage = head?.arabicLabelled == true ? "+arabic-label" : ""
        var labelCheckedOn: String?
        // A permit whose number stands alone under the title: its label may be Arabic (`رقم`),
        // which the French read turns into noise. One line read settles it before a whole
        // second page read is spent on it.
        var arabicReads = head?.arabicReads ?? []
        if first.cues.isPermit, first.readable >= PermitDecision.minReadableWords, first.number?.label == nil {
            labelCheckedOn = first.stage
            let settled = try settleLoneNumber(first, clock: &clock)
            best.number = settled.number
            arabicReads = settled.reads
            if settled.number?.label != nil { arabicLabelStage = "+arabic-label" }
        }

        // Another whole-page read joins the first: its text, clean words and cues add, and it
        // becomes the best read when it anchors the number better.
        func add(_ pass: Pass) {
            passes.append(pass)
            allText += "\n" + pass.text.text
            readable = max(readable, pass.readable)
            cues.add(pass.cues)
            if best.anchorsWorse(than: pass) {
                best = pass
                arabicLabelStage = ""
                arabicReads = []
            }
        }
        if !best.conclusive {
            // Uneven light or a busy table can break the layout read of one version of the page
            // (as photographed, or with its background flattened): read the other, keeping
            // whichever read anchors the number better.
            let other = flatFirst ? page : try flattened(&clock)
            let t = try clock.time(flatFirst ? "page:fra" : "page:fra-flat") { try french.recognize(other, mode: .auto) }
            add(Pass(image: other, text: t, stage: flatFirst ? "page" : "page-flat"))
        }
        // Too little text in every read: declared 300 dpi, Tesseract's layout analysis can find
        // no text line at all on a page of small print (phone 106411 #163, no page outline found
        // on a pale table, the whole photo read: nothing at 300 dpi, the letterhead, the title and
        // the number with the resolution left to it to estimate). The flattened page is read so
        // once more, a pass of its own.
        if readable < PermitDecision.minReadableWords {
            let flat = try flattened(&clock)
            let t = try clock.time("page:fra-flat-estimated") { try french.recognize(flat, mode: .auto, resolution: Self.photoResolution) }
            let estimated = Pass(image: flat, text: t, stage: "page-flat-estimated")
            traceSink?("too little text read (\(readable) clean words): the flattened page read again at an estimated resolution, \(estimated.readable)")
            add(estimated)
        }

        // A number labelled in the body that another read shows as a reference is that reference:
        // the layout read can split `titulaire de la CIN n° 04125835` into `… CIN` and
        // `n° 04125835, est` on lines of their own, and the label then seems the number's (flat
        // 105411 #225, answered `medium` over the heading's `2023-25095` labelled `رقم`; the
        // flattened read kept the line whole). The read's next candidate stands in its place.
        // So too a number of the heading that another read shows under a reference's name: a
        // decree cited under the title (`Décret n° 2000-2230`) read by one page read whole and by
        // the other as `n° 2000-2230`, the permit's own number line lost under a stamp (phone
        // 106611 #173, answered `high`). Not one only an unknown word before its `N°` makes a
        // reference there: a stamp's ink over a permit's label reads as such words.
        if let n = best.number, n.label != nil,
           passes.contains(where: { Self.showsAsReference(n.text, in: $0, named: n.heading) }) {
            traceSink?("number `\(n.text)` of the \(n.heading ? "heading" : "body") is a reference in another read: set aside")
            best.number = PermitNumberExtractor.candidates(in: best.text.lines, heading: best.heading)
                .first { $0.rejected == nil && $0.text != n.text }
        }
        var number = best.number
        var stage = best.stage + arabicLabelStage
        let canUseArabic = readable >= PermitDecision.minReadableWords && cues.decisiveNegatives.isEmpty
        // A lone number under the title: is its label Arabic (`رقم`)? Read just that line.
        if canUseArabic, number?.label == nil, labelCheckedOn != best.stage {
            let settled = try settleLoneNumber(best, clock: &clock)
            number = settled.number
            arabicReads = settled.reads
            if settled.number?.label != nil { stage += "+arabic-label" }
        }
        // The heading band read again by the French engine left to estimate the resolution
        // itself, when a cue is still missing: declared 300 dpi, its layout analysis can drop a
        // blurred letterhead's small bold lines whole (`RÉPUBLIQUE TUNISIENNE` of flat 106311
        // #81, blurred 2 px: read word for word in a crop of its own, absent from the page and
        // band reads), while an estimated resolution keeps them — and on other pages drops what
        // 300 dpi keeps (phone 106311 #149, #232), so neither replaces the other. Its cues add.
        if canUseArabic, !cues.missing.isEmpty {
            let band = try Self.headingBand(of: best.image)
            let estimated = try clock.time("heading:fra-estimated") {
                try Self.recognize(best.image, in: band, with: french, mode: .auto, resolution: Self.photoResolution)
            }
            allText += "\n" + estimated.text
            // Its positive cues only: a sign of another document read there alone is noise of a
            // blurred band (`RNE` of flat 106511 #90, a permit then refused as a trade-register
            // extract); the page's own reads, where such a sign would stand, found none.
            let read = Pass(image: best.image, text: estimated, stage: "heading-estimated", headOnly: true).cues
            let found = PermitCueReport(matches: read.matches.filter { $0.negative == nil })
            traceSink?("heading band read again at an estimated resolution (missing \(cues.missing.map(\.rawValue).joined(separator: ", "))): "
                       + (found.matches.isEmpty ? "no cue" : found.matches.compactMap { $0.cue?.rawValue }.joined(separator: ", ")))
            cues.add(found)
        }
        // The Arabic header: only when a cue is still missing after the French reads.
        if canUseArabic, !cues.missing.isEmpty, let region = Self.headingRegion(best.text.lines, heading: best.heading, page: best.image) {
            let ara = try arabic()
            // Blur spreads over more pixels than a stroke is wide: when the header read at page
            // size misses a cue, read it again at half size, where the strokes close up again.
            for (factor, name) in [(1.0, "heading:ara"), (0.5, "heading:ara-half")] where !cues.missing.isEmpty {
                let arText = try clock.time(name) { () throws -> RecognizedText in
                    if factor == 1 { return try Self.recognize(best.image, in: region, with: ara, mode: .auto, resolution: Self.photoResolution) }
                    let half = try best.image.cropped(to: region).scaled(by: factor)
                    debugSink?("heading-half", half)
                    return try ara.recognize(half, mode: .auto, resolution: Self.photoResolution)
                }
                allText += "\n" + arText.text
                let arPass = Pass(image: best.image, text: arText, stage: "arabic", allHeading: true)
                cues.add(arPass.cues)
                if factor == 1, number == nil, let n = arPass.number, n.label != nil {
                    number = n
                    stage += "+arabic"
                }
            }
        }

        // Whether a stamp's ink lies in a block of the grey page (`rescueNumberLine` reads it
        // again levelled then): its coloured share on the colour page, within the page (a
        // coloured table around a page that fills the frame is not a stamp).
        let pageOnColour: PixelRect? = located.flatMap { p in
            guard p.quarterTurns == 0, Self.fillsFrame(p, image) else { return nil }
            let xs = p.corners.map(\.x), ys = p.corners.map(\.y)
            let x0 = Int(xs.sorted()[1]), x1 = Int(xs.sorted()[2]), y0 = Int(ys.sorted()[1]), y1 = Int(ys.sorted()[2])
            return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
        let asPhotographed = located.map { Self.fillsFrame($0, image) } ?? true
        func stampInBlock(_ r: PixelRect) -> Bool {
            guard scale > 0 else { return false }
            var x0 = Int(Double(r.x) / scale), y0 = Int(Double(r.y) / scale)
            var x1 = Int(Double(r.maxX) / scale), y1 = Int(Double(r.maxY) / scale)
            if let p = pageOnColour { x0 = max(x0, p.x); y0 = max(y0, p.y); x1 = min(x1, p.maxX); y1 = min(y1, p.maxY) }
            guard x1 > x0, y1 > y0 else { return false }
            let share = upright.colouredShare(in: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), minChroma: Self.stampChroma)
            return share >= Self.stampedBlockShare
        }

        // Read again too when the number is a lone one no label settled: the page read that
        // lost the number line to a stamp or its box can still have read something else in the
        // heading as digits (`1359`, the Arabic header's `وزارة` read by the French engine, for
        // `N° : 2012-9684` under a stamp: phone 101311 #76). A labelled number of the number
        // block is the permit's; the lone one stands when the block gives none. Not when a page
        // read shows the label with its digits garbled: their re-read from the crop comes next,
        // and the block read is worse at them (phone 31001 #88). So too a number labelled only in
        // the body: `permits.md` counts the one labelled in the heading block, which a box around
        // it can hide from the layout read (flat 106311 #189: `N° : 526953` boxed under the
        // title, lost; the ID card's `n° 04714212` of the body answered `medium`). Only a
        // labelled number of the block replaces it.
        let bodyLabelled = number.map { $0.label != nil && !$0.heading } ?? false
        if number == nil || ((number?.label == nil || bodyLabelled) && !passes.contains { !Self.garbledLabelled($0).isEmpty }), canUseArabic, cues.isPermit {
            // A stamped block is levelled here on a page read as photographed. A page warped out
            // of a phone's shot at an angle is shaken too: its strokes, thinned by the levelling,
            // break: on the phone permits of seed 101211 the levelled read turned four refusals
            // or right answers into wrong ones (`2017` of `2017-36464`, `3420` of `5338/2023`)
            // and put none right when it came here. Such a page's block is levelled last, once
            // the other reads of its number have failed (below).
            func levelsStamp(_ r: PixelRect) -> Bool { asPhotographed && stampInBlock(r) }
            // The number block is cut below the title of a read: the other page read may have
            // found the title when this one did not.
            let lone = number
            for pass in [best] + passes.filter({ $0.stage != best.stage }) {
                let rescued = try rescueNumberLine(pass, levelsStamp: levelsStamp, clock: &clock)
                // Not a read of an unusual shape over a lone number of a usual one: the block
                // read lost a separator (`9702024` of `9703/2024`, phone 101411 #57).
                if let n = rescued.number, let lone, !PermitNumberFormat.isTypical(n.text), PermitNumberFormat.isTypical(lone.text) { break }
                if let n = rescued.number, !bodyLabelled || n.label != nil {
                    traceSink?("number block of the \(pass.stage) read again: `\(n.text)`, label \(n.label ?? "none")")
                    number = n
                    arabicReads = rescued.reads
                    stage += "+number-line"
                    if pass.stage != best.stage { best = pass; stage = pass.stage + "+number-line" }
                    break
                }
            }
        }

        var garbledReread = false
        // A number labelled in the body (an ID card's `n° 00861079` whose `CIN` the layout read
        // put on another line) is not the permit's when the heading's label was read with its
        // digits garbled (`Numéro : 2024175778` of `Numéro : 2024/75778`): `permits.md` counts
        // the number labelled in the heading block.
        if canUseArabic, cues.isPermit, number?.label == nil || number?.heading == false {
            // The label was read but its digits were garbled: re-read them from their crop.
            var sawGarbled = false
            for pass in [best] + passes.filter({ $0.stage != best.stage }) {
                let found = try rereadGarbled(pass, clock: &clock)
                sawGarbled = sawGarbled || found.garbled
                if let n = found.number {
                    number = n
                    arabicReads = []
                    stage = pass.stage + "+garbled-reread"
                    garbledReread = true
                    best = pass
                    break
                }
            }
            // The number's label was read, its digits were not: a lone number found elsewhere (a
            // phone's digits, the Arabic header read as digits) or one labelled in the body is not it.
            if sawGarbled, !garbledReread {
                number = nil
                stage += "+garbled"
            }
        }

        // A stamp's faded ring over the number line of a page warped out of the photo breaks
        // its reads as it does on a page read as photographed: when every other read of the
        // number has failed, its block is read levelled too (`rescueNumberLine`, `levelledOnly`).
        // Its number stands only when its crops confirm it (below). Stamped numbers of warped
        // pages refused for want of one are read so (flat 103011 #255 `4796/2021`). A bare year
        // that read gives is no number (`2017` of `2017-36464`, phone 101211 #146: the levelling
        // thinned the separator and the rest away).
        // Not over a lone number the other reads gave: the levelled block's labelled read of a
        // shaken page is the worse of the two (`76803/2022` over `6803/2022`, phone 103111 #193).
        var levelledWarped = false
        if !asPhotographed, number == nil, canUseArabic, cues.isPermit {
            for pass in [best] + passes.filter({ $0.stage != best.stage }) {
                let rescued = try rescueNumberLine(pass, levelsStamp: stampInBlock, levelledOnly: true, clock: &clock)
                if let n = rescued.number {
                    traceSink?("number block of the \(pass.stage) read again levelled: `\(n.text)`, label \(n.label ?? "none")")
                    number = n
                    arabicReads = rescued.reads
                    levelledWarped = true
                    stage = pass.stage + "+number-line-levelled"
                    best = pass
                    break
                }
            }
        }

        // A number under a bare `N°` whose row, read alone, names a reference is that reference
        // (`referenceBeforeLabel`): set aside for the read's next labelled number, if any.
        if let n = number, canUseArabic, let ref = try referenceBeforeLabel(n, on: best.image, clock: &clock) {
            traceSink?("number `\(n.text)` follows `\(ref)` on its row: a reference, set aside")
            number = PermitNumberExtractor.candidates(in: best.text.lines, heading: best.heading)
                .first { $0.rejected == nil && $0.label != nil && $0.text != n.text }
            stage += "+row-reference"
        }

        var agrees: Bool?
        var byEngines = false
        var unanimous = false
        // A number re-read from its garbled page read was voted on its crops already: its own
        // vote stands (confirming it would re-read the same crops and drop the separator the
        // page read kept).
        if var n = number, !garbledReread {
            let confirmed = try confirm(&n, on: best.image, arabicReads: arabicReads, clock: &clock)
            agrees = confirmed.agrees
            byEngines = confirmed.byEngines
            unanimous = confirmed.unanimous
            if confirmed.changed { stage += "+reread" }
            number = n
        }
        var analysis = PermitAnalysis(readableWords: readable, cues: cues, number: number, rereadAgrees: agrees)
        analysis.numberByEngines = byEngines
        analysis.numberUnanimous = unanimous
        analysis.shakeUndone = shaken
        // The page is read at `scale` times the upright image, itself the page's outline in the
        // photo rectified to `pageSide` (or the photo turned, as large as it came).
        let readScale = abs(scale - 1) < 0.05 ? 1 : scale
        let uprightPerPhoto = located.map { Self.fillsFrame($0, image) ? 1 : Double(max(upright.width, upright.height)) / Double($0.naturalLongSide) } ?? 1
        analysis.numberPhotoHeight = number.map { Double($0.box.height) / (readScale * uprightPerPhoto) }
        if shaken, let h = analysis.numberPhotoHeight {
            traceSink?(String(format: "number %.1f px tall in the deconvolved photo", h)
                       + (h < PermitDecision.minShakenNumberHeight ? String(format: ": under %.0f px, never high", PermitDecision.minShakenNumberHeight) : ""))
        }
        // A number only the levelled block of a warped page gave stands when its crops (cut
        // from the page as it is) confirm it: the levelling thins strokes away with the ring.
        // Unconfirmed, the page is refused and read again with its stamp faded harder (`read`),
        // which gives such numbers more often (`2013/92122` of flat 100311 #68, where the
        // levelled block gave `2013/9712`).
        var levelledUnconfirmed: PermitNumberCandidate?
        if levelledWarped, !analysis.numberConfirmed {
            levelledUnconfirmed = analysis.number.flatMap { $0.label != nil ? $0 : nil }
            analysis.number = nil
            stage += "+unconfirmed"
        }
        if let n = analysis.number, scale > 0 {
            // The number's box on the colour page (the grey page is it scaled by `scale`).
            let b = n.box
            let onColour = PixelRect(x: Int(Double(b.x) / scale), y: Int(Double(b.y) / scale),
                                     width: Int(Double(b.width) / scale) + 1, height: Int(Double(b.height) / scale) + 1)
            // A number the levelled block gave is stamped by construction: that block is read
            // only with a stamp's colour in it (`stampInBlock`), whose ring can cut the number
            // where `stampedAround`, looking close around its box, finds too little colour (phone
            // 106511 #162: `N° : 5567/2022` in a ring, its slash and year levelled away, `5567`
            // confirmed by its crops, cut alike, and answered `high`).
            analysis.numberStamped = levelledWarped || Self.stampedAround(onColour, on: upright)
        }
        let verdict = PermitDecision.decide(analysis)
        // How blurred the page is matters only to a first read refused (`read(_:)` may then
        // restore it); a restored read is the last.
        var steepness: Double?
        if case .refused = verdict, restoration == nil { steepness = try clock.time("page:steepness") { try Self.edgeSteepness(prepared) } }
        return Result(verdict: verdict, analysis: analysis, timings: clock.timings, stage: stage, text: allText, page: located,
                      pageSteepness: steepness, levelledUnconfirmed: levelledUnconfirmed)
    }

    /// Whether `pass` reads `number` as a reference to another act or document (`CIN n° …`,
    /// `décret n° …`: `PermitNumberExtractor.isReference`).
    /// `named`: only as a reference the read names (`PermitNumberCandidate.namesReference`).
    static func showsAsReference(_ number: String, in pass: Pass, named: Bool = false) -> Bool {
        PermitNumberExtractor.candidates(in: pass.text.lines, heading: pass.heading).contains {
            $0.text == number && $0.isReference && (!named || $0.namesReference)
        }
    }

    /// The lone numbers of a pass (no French label), settled by reading their lines in Arabic,
    /// best first, at most `maxLoneLines` of them: a line labelled `رقم` gives the permit number
    /// (and its digits as the Arabic engine read them, apart from the label the French read
    /// glues on); a line naming another act (`قرار عدد 2004-2327`, a decision's number) is not it.
    /// The first lone number neither labelled nor a reference stays the answer's fallback.
    func settleLoneNumber(_ pass: Pass, clock: inout StageClock) throws -> (number: PermitNumberCandidate?, reads: [String]) {
        guard let n = pass.number, n.label == nil else { return (pass.number, []) }
        let lone = PermitNumberExtractor.candidates(in: pass.text.lines, heading: pass.heading)
            .filter { $0.rejected == nil && $0.label == nil }.prefix(Self.maxLoneLines)
        var fallback: PermitNumberCandidate?
        for var c in lone {
            let line = try arabicLine(pass.image, box: c.box, clock: &clock)
            traceSink?("lone number `\(c.text)` of the \(pass.stage) read; its line read in Arabic `\(line.read)`: "
                       + (line.labelled ? "labelled رقم" : line.reference.map { "a reference (\($0))" } ?? "no رقم"))
            if line.labelled {
                c.labelArabic(at: line.labelX)
                return (c, line.numbers)
            }
            if line.reference == nil, fallback == nil { fallback = c }
        }
        return (fallback, [])
    }

    /// How many lone numbers' lines are read in Arabic before giving up on a label.
    static let maxLoneLines = 3

    /// Words naming another act in Arabic (decision, decree, order, law): a number after them is a reference.
    static let arabicReferenceWords = ["قرار", "امر", "مرسوم", "قانون"]

    /// The line of a lone number read by the Arabic engine (the French one turns Arabic into Latin
    /// noise): whether it carries the label `رقم`, a word naming another act, and its digit groups
    /// of a permit number's shape.
    /// `labelX`: where the label's word starts on the page, as the Arabic engine boxed it;
    /// `read`: the line as read, folded (`PermitText.fold`), for the trace.
    ///
    /// The band is twice the number's height, centred on it, across the page; when its read
    /// shows no label, the same band cut to `labelReach` number heights either side of the
    /// number, its background flattened (`pixBackgroundNormSimple`), is read too: light falling
    /// off across the band, or other lines' ink on a tilted page, leave the engine no line to
    /// follow: `رقم 158543` (second source seed 69011 #59) and `رقم الرخصة : 1590/2018` (flat
    /// 105811 #176) read as nothing across the page, whole from the shorter band flattened.
    func arabicLine(_ page: Image, box: PixelRect, blurredLabel: Bool = false, clock: inout StageClock) throws
        -> (labelled: Bool, reference: String?, numbers: [String], labelX: Int?, read: String) {
        let h = max(8, box.height)
        let across = PixelRect(x: 0, y: box.y - h / 2, width: page.width, height: h * 2)
        let wide = try arabicLine(page, band: across, blurredLabel: blurredLabel, clock: &clock)
        let reach = Self.labelReach * h
        let near = PixelRect(x: max(0, box.x - reach), y: across.y, width: box.maxX + reach - max(0, box.x - reach), height: across.height)
        guard !wide.labelled, near.x > 0 || near.maxX < page.width else { return wide }
        let close = try arabicLine(page, band: near, flattened: true, blurredLabel: blurredLabel, clock: &clock)
        return close.labelled ? close : wide
    }

    /// How far either side of a number, in its heights, the second band of `arabicLine` looks
    /// for `رقم`: far enough for `رقم الرخصة :`.
    static let labelReach = 12

    /// One band's read for `arabicLine`.
    private func arabicLine(_ page: Image, band line: PixelRect, flattened: Bool = false, blurredLabel: Bool,
                            clock: inout StageClock) throws
        -> (labelled: Bool, reference: String?, numbers: [String], labelX: Int?, read: String) {
        let ara = try arabic()
        let t = try clock.time("number-line:ara") { try Self.recognize(page, in: line, with: ara, mode: .singleLine, flattened: flattened) }
        // Arabic-Indic digits (٠١٢…, ۰۱۲…) as the ASCII digits a permit number is reported in.
        let folded = String(String.UnicodeScalarView(PermitText.fold(t.text).unicodeScalars.map { u in
            switch u.value {
            case 0x0660...0x0669: Unicode.Scalar(u.value - 0x0660 + 0x30)!
            case 0x06F0...0x06F9: Unicode.Scalar(u.value - 0x06F0 + 0x30)!
            default: u
            }
        }))
        let numbers = folded.split(whereSeparator: { !($0.isASCII && ($0.isNumber || $0 == "/" || $0 == "-")) })
            .map(String.init).filter(PermitNumberFormat.isValid)
        // `رقم` as read, its first letter often taken for its look-alikes (`دقم`), or, when
        // `blurredLabel`, its `ق` blurred (`رفم`, `رهم`: `isBlurredArabicLabel`). Only for digits
        // no French read gave (`rescueNumberLine`'s English rows): taken for the lone numbers of
        // the page reads, it labelled misread numbers that the number block's reads would have
        // read right (`2016624` for `2016/9624`, phone 101311 #86; `2022/1492` for `2022/1402`, flat 103011 #253).
        let labels = ["رقم", "دقم", "زقم"]
        func isLabel(_ word: String) -> Bool {
            let f = PermitText.fold(word)
            return labels.contains { f.contains($0) } || (blurredLabel && PermitNumberExtractor.isBlurredArabicLabel(f))
        }
        let labelled = labels.contains { folded.contains($0) } || t.words.contains { isLabel($0.text) }
        let labelX = t.words.filter { isLabel($0.text) }.map(\.box.x).min()
        return (labelled, Self.arabicReferenceWords.first { folded.contains(PermitText.fold($0)) }, numbers, labelX,
                folded.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The heading block's bounding box on the page (top of the text to the number / body),
    /// or the top 45 % when the layout read found no heading.
    static func headingRegion(_ lines: [RecognizedLine], heading: [Bool], page: Image) -> PixelRect? {
        let boxes = zip(lines, heading).filter { $0.1 }.map { $0.0.box }
        guard let first = boxes.first else {
            return PixelRect(x: 0, y: 0, width: page.width, height: page.height * 55 / 100)
        }
        var u = first
        for b in boxes.dropFirst() { u = PermitNumberExtractor.union(u, b) }
        let pad = 20
        // The Arabic column may lie beyond what the French read saw: take the full width.
        return PixelRect(x: 0, y: max(0, u.y - pad * 4), width: page.width, height: u.height + pad * 6)
            .clamped(width: page.width, height: page.height)
    }

    /// The top of the page down to the body (`Vu …`), or the top 55 % when no body line was read.
    static func rescueRegion(_ lines: [RecognizedLine], page: Image) -> PixelRect {
        let bodyTop = lines.filter { PermitNumberExtractor.bodyStarts.contains(PermitText.tokens($0.text).first ?? "") }.map(\.box.y).min()
        let bottom = bodyTop.map { $0 > page.height / 6 ? $0 + 10 : page.height * 55 / 100 } ?? page.height * 55 / 100
        return PixelRect(x: 0, y: 0, width: page.width, height: min(page.height, bottom))
    }

    /// Why the page cannot be read whatever the OCR says: too dark (the brightest 1 % below
    /// grey 70) or too flat (the 1st–99th percentile spread below 40 grey levels).
    static func qualityProblem(_ page: Image) throws -> String? {
        let px = try page.grayBytes()
        guard !px.isEmpty else { return "empty image" }
        var hist = [Int](repeating: 0, count: 256)
        var i = 0
        while i < px.count { hist[Int(px[i])] += 1; i += 7 }
        let n = hist.reduce(0, +)
        func percentile(_ p: Double) -> Int {
            var acc = 0
            for (v, c) in hist.enumerated() { acc += c; if Double(acc) >= p * Double(n) { return v } }
            return 255
        }
        let lo = percentile(0.01), hi = percentile(0.99)
        if hi < 70 { return "too dark (brightest grey \(hi))" }
        if hi - lo < 40 { return "too little contrast (grey \(lo)–\(hi))" }
        return nil
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
