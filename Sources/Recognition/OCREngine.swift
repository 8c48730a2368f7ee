import CTesseract
import Dispatch
import Foundation
import Imaging

/// A Tesseract engine. It owns one `TessBaseAPI`, created in `init` and deleted in `deinit`.
///
/// Not `Sendable`: a `TessBaseAPI` keeps per-page state, so each worker creates its own engine
/// and never shares it across tasks. Initialisation costs ~150 ms: create once, reuse.
public final class OCREngine {
    private let api: OpaquePointer
    /// The languages / models loaded, e.g. `eng` or `serial`.
    public let languages: String
    /// The folder the traineddata came from (`nil`: Tesseract's default).
    public let dataPath: String?

    /// Loads `languages` (e.g. `"eng"`, `"eng+fra"`) with the LSTM engine.
    /// The corresponding C functions are `TessBaseAPICreate` and `TessBaseAPIInit2`.
    public init(languages: String = "eng", dataPath: String? = nil) throws(RecognitionError) {
        guard let api = TessBaseAPICreate() else {
            throw RecognitionError(.initFailed, "could not create a Tesseract engine")
        }
        // Loading the model is Tesseract's work (NativeClock): a runner creates its engines
        // inside its timed run, one per worker.
        let rc: Int32 = NativeClock.measure { TessBaseAPIInit2(api, dataPath, languages, OEM_LSTM_ONLY) }
        if rc != 0 {
            TessBaseAPIDelete(api)
            throw RecognitionError(.initFailed, "Tesseract could not load '\(languages)' from \(dataPath ?? "the default tessdata folder"); install tesseract-ocr-\(languages.split(separator: "+").first ?? "eng") or check the path")
        }
        self.api = api
        self.languages = languages
        self.dataPath = dataPath
        // Per-character alternatives from the LSTM (used to resolve look-alike characters).
        _ = TessBaseAPISetVariable(api, "lstm_choice_mode", "2")
        // Keep Tesseract's notices ("Invalid resolution", "Empty page") off stderr.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
    }

    deinit {
        NativeClock.measure {
            TessBaseAPIEnd(api)
            TessBaseAPIDelete(api)
        }
    }

    /// Sets a Tesseract variable (e.g. `tessedit_char_whitelist`).
    public func setVariable(_ name: String, _ value: String) throws(RecognitionError) {
        if TessBaseAPISetVariable(api, name, value) == 0 {
            throw RecognitionError(.badVariable, "Tesseract has no variable named '\(name)'")
        }
    }

    /// Recognises `image` (or the part inside `rect`, clamped to the image) with `mode`.
    /// Returns lines → words → symbols with confidences and per-symbol alternatives.
    /// The corresponding C functions are `TessBaseAPISetImage2`, `TessBaseAPISetRectangle`,
    /// `TessBaseAPIRecognize` and the result/choice iterators.
    ///
    /// `timeLimit` (seconds) bounds the call through Tesseract's progress monitor: a
    /// pathological image cannot hold a worker past its budget. Hitting it throws `.timeout`.
    public func recognize(_ image: Image, mode: PageSegmentation, rect: PixelRect? = nil,
                          resolution: Int = 300, timeLimit: Double? = nil) throws(RecognitionError) -> RecognizedText {
        TessBaseAPISetPageSegMode(api, mode.cValue)
        image.withUnsafePix { TessBaseAPISetImage2(api, $0) }
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        if let rect {
            // A rectangle outside the image makes the next Recognize crash: clamp first.
            guard let r = rect.clamped(width: image.width, height: image.height) else {
                TessBaseAPIClear(api)
                return RecognizedText(lines: [])
            }
            TessBaseAPISetRectangle(api, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        defer { NativeClock.measure { TessBaseAPIClear(api) } }
        let monitor = timeLimit.flatMap { _ in TessMonitorCreate() }
        defer { if let monitor { TessMonitorDelete(monitor) } }
        let started = DispatchTime.now().uptimeNanoseconds
        if let monitor, let timeLimit {
            if timeLimit <= 0 { throw RecognitionError(.timeout, "the time budget was used up before recognition") }
            TessMonitorSetDeadlineMSecs(monitor, Int32(min(Double(Int32.max), (timeLimit * 1000).rounded(.up))))
        }
        let rc = NativeClock.measure { TessBaseAPIRecognize(api, monitor) }
        if let timeLimit, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 >= timeLimit {
            throw RecognitionError(.timeout, String(format: "recognition stopped at the %.1f s time budget", timeLimit))
        }
        if rc != 0 {
            throw RecognitionError(.recognitionFailed, "Tesseract failed to recognise a \(image.width)×\(image.height) image")
        }
        guard let it = TessBaseAPIGetIterator(api) else { return RecognizedText(lines: []) }
        defer { NativeClock.measure { TessResultIteratorDelete(it) } }
        return NativeClock.measure { Self.collect(it) }
    }

    /// Walks the result iterator symbol by symbol, grouping into words and lines.
    private static func collect(_ it: OpaquePointer) -> RecognizedText {
        guard let page = TessResultIteratorGetPageIterator(it) else { return RecognizedText(lines: []) }
        var lines: [RecognizedLine] = []
        var words: [RecognizedWord] = []
        var symbols: [RecognizedSymbol] = []
        var wordInfo: (String, Double, PixelRect)?
        var lineInfo: (PixelRect, Double)?

        func flushWord() {
            if let (t, c, b) = wordInfo { words.append(RecognizedWord(text: t, confidence: c, box: b, symbols: symbols)) }
            wordInfo = nil; symbols = []
        }
        func flushLine() {
            flushWord()
            if let (b, c) = lineInfo, !words.isEmpty { lines.append(RecognizedLine(words: words, box: b, confidence: c)) }
            lineInfo = nil; words = []
        }

        TessPageIteratorBegin(page)
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                flushLine()
                lineInfo = (box(page, RIL_TEXTLINE), Double(TessResultIteratorConfidence(it, RIL_TEXTLINE)) / 100)
            }
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                flushWord()
                let text = utf8(it, RIL_WORD)
                wordInfo = (text, Double(TessResultIteratorConfidence(it, RIL_WORD)) / 100, box(page, RIL_WORD))
            }
            let text = utf8(it, RIL_SYMBOL)
            if !text.isEmpty {
                symbols.append(RecognizedSymbol(text: text,
                                                confidence: Double(TessResultIteratorConfidence(it, RIL_SYMBOL)) / 100,
                                                box: box(page, RIL_SYMBOL),
                                                choices: choices(it)))
            }
        } while TessResultIteratorNext(it, RIL_SYMBOL) != 0
        flushLine()
        return RecognizedText(lines: lines)
    }

    private static func utf8(_ it: OpaquePointer, _ level: TessPageIteratorLevel) -> String {
        guard let c = TessResultIteratorGetUTF8Text(it, level) else { return "" }
        defer { TessDeleteText(c) }
        return String(cString: c)
    }

    private static func box(_ page: OpaquePointer, _ level: TessPageIteratorLevel) -> PixelRect {
        var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
        guard TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b) != 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t))
    }

    /// The LSTM's alternatives for the current symbol. The iterator owns the strings it returns.
    private static func choices(_ it: OpaquePointer) -> [CharacterChoice] {
        guard let ci = TessResultIteratorGetChoiceIterator(it) else { return [] }
        defer { TessChoiceIteratorDelete(ci) }
        var out: [CharacterChoice] = []
        repeat {
            if let c = TessChoiceIteratorGetUTF8Text(ci) {
                out.append(CharacterChoice(text: String(cString: c), confidence: Double(TessChoiceIteratorConfidence(ci)) / 100))
            }
        } while TessChoiceIteratorNext(ci) != 0 && out.count < 8
        return out
    }

    /// The Tesseract version string, e.g. `5.3.0`.
    public static var version: String {
        guard let v = TessVersion() else { return "unknown" }
        return String(cString: v)
    }
}
