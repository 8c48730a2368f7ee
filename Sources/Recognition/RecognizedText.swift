import Imaging

/// One alternative Tesseract considered for a character, with its score in [0, 1].
public struct CharacterChoice: Hashable, Sendable, Codable {
    public var text: String
    public var confidence: Double
    public init(text: String, confidence: Double) { self.text = text; self.confidence = confidence }
}

/// A recognised character: the chosen text and the alternatives (the chosen one first).
public struct RecognizedSymbol: Hashable, Sendable, Codable {
    public var text: String
    /// Engine confidence in [0, 1].
    public var confidence: Double
    public var box: PixelRect
    /// Alternatives, best first; includes the chosen text when the engine reports it.
    public var choices: [CharacterChoice]
    public init(text: String, confidence: Double, box: PixelRect, choices: [CharacterChoice]) {
        self.text = text; self.confidence = confidence; self.box = box; self.choices = choices
    }
}

/// A recognised word with its characters.
public struct RecognizedWord: Hashable, Sendable, Codable {
    public var text: String
    /// Engine confidence in [0, 1].
    public var confidence: Double
    public var box: PixelRect
    public var symbols: [RecognizedSymbol]
    public init(text: String, confidence: Double, box: PixelRect, symbols: [RecognizedSymbol]) {
        self.text = text; self.confidence = confidence; self.box = box; self.symbols = symbols
    }

    /// Mean of the characters' confidences. Tesseract reports a word confidence of 0 when a
    /// whitelist is set, while the per-character figures stay meaningful.
    public var symbolConfidence: Double {
        symbols.isEmpty ? confidence : symbols.map(\.confidence).reduce(0, +) / Double(symbols.count)
    }
}

/// A recognised text line.
public struct RecognizedLine: Hashable, Sendable, Codable {
    public var words: [RecognizedWord]
    public var box: PixelRect
    /// Engine confidence in [0, 1].
    public var confidence: Double
    public init(words: [RecognizedWord], box: PixelRect, confidence: Double) {
        self.words = words; self.box = box; self.confidence = confidence
    }
    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// Everything one `recognize` call found.
public struct RecognizedText: Hashable, Sendable, Codable {
    public var lines: [RecognizedLine]
    public init(lines: [RecognizedLine]) { self.lines = lines }
    /// Lines joined by newlines.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
    /// All words in reading order.
    public var words: [RecognizedWord] { lines.flatMap(\.words) }
    /// Mean word confidence in [0, 1]; 0 when nothing was read.
    public var meanConfidence: Double {
        let w = words
        return w.isEmpty ? 0 : w.map(\.confidence).reduce(0, +) / Double(w.count)
    }
}
