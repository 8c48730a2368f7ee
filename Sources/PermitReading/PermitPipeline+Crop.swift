import Imaging
import Recognition

extension PermitPipeline {
    /// Reads the part of `page` inside `rect` from a crop of it, with boxes in page coordinates.
    ///
    /// Not through the engine's `rect:` (Tesseract's `SetRectangle`): with the LSTM recogniser a
    /// rectangle of a larger page can read as noise what the same pixels cropped read cleanly
    /// (the number line `رقم : 538927` came back as `د 7777 د`; tesseract-ocr/tesseract#845).
    /// `flattened`: the crop's background is flattened first (`backgroundNormalized`).
    static func recognize(_ page: Image, in rect: PixelRect, with engine: OCREngine, mode: PageSegmentation,
                          resolution: Int = 300, flattened: Bool = false) throws -> RecognizedText {
        guard let r = rect.clamped(width: page.width, height: page.height) else { return RecognizedText(lines: []) }
        let crop = try page.cropped(to: r)
        let text = try engine.recognize(flattened ? try crop.backgroundNormalized() : crop, mode: mode, resolution: resolution)
        return text.offset(dx: r.x, dy: r.y)
    }
}

extension RecognizedText {
    /// The same text with every box moved by (`dx`, `dy`): a crop's read in page coordinates.
    func offset(dx: Int, dy: Int) -> RecognizedText {
        func move(_ b: PixelRect) -> PixelRect { PixelRect(x: b.x + dx, y: b.y + dy, width: b.width, height: b.height) }
        return RecognizedText(lines: lines.map { line in
            RecognizedLine(words: line.words.map { w in
                RecognizedWord(text: w.text, confidence: w.confidence, box: move(w.box), symbols: w.symbols.map {
                    RecognizedSymbol(text: $0.text, confidence: $0.confidence, box: move($0.box), choices: $0.choices)
                })
            }, box: move(line.box), confidence: line.confidence)
        })
    }
}
