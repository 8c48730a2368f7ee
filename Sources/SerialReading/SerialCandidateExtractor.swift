import Imaging
import Recognition

/// Finds serial-shaped tokens in recognised text and scores them.
public enum SerialCandidateExtractor {
    /// A serial-shaped token found in recognised text.
    public struct Token: Hashable, Sendable {
        public var text: String
        /// Mean engine confidence of its characters, [0, 1].
        public var ocrConfidence: Double
        /// Per-character alternatives, aligned with `text` when available.
        public var symbols: [RecognizedSymbol]
        public var validation: SerialGrammar.Validation
    }

    /// Serial-shaped tokens in `text`. Words are split on punctuation; adjacent fragments are
    /// joined when together they form a plausible serial (OCR often splits `C02Y 94ZEJG5H`).
    /// `requireDigit`: words without a digit are not serials on their own; right after a serial
    /// label, a valid serial of letters only is accepted.
    public static func tokens(in text: RecognizedText, requireDigit: Bool = true) -> [Token] {
        var out: [Token] = []
        for line in text.lines {
            // Pieces: alphanumeric runs of each word, with the gap to the previous piece.
            var parts: [Piece] = []
            for w in line.words {
                for (k, run) in split(w).enumerated() {
                    parts.append(Piece(text: run.text, symbols: run.symbols, confidence: run.confidence, box: w.box, sameWord: k > 0))
                }
            }
            for i in parts.indices {
                var joined = ""
                var syms: [RecognizedSymbol] = []
                var confs: [Double] = []
                for j in i..<min(parts.count, i + 3) {
                    // Join across words only when the gap is narrower than a glyph (a split serial),
                    // never across ordinary word spacing ("China Model").
                    if j > i && !parts[j].sameWord {
                        let gap = parts[j].box.x - parts[j - 1].box.maxX
                        if gap > max(2, parts[j].box.height / 3) { break }
                    }
                    joined += parts[j].text
                    syms += parts[j].symbols
                    confs.append(parts[j].confidence)
                    let norm = SerialGrammar.normalize(joined)
                    if norm.count > 14 { break }
                    // A serial always shows real digits; words whose O/I became 0/1 are not serials.
                    let hasDigit = joined.contains(where: { $0.isASCII && $0.isNumber })
                    guard hasDigit || (!requireDigit && SerialGrammar.validate(norm).isValid) else { continue }
                    if SerialGrammar.isPlausible(norm) {
                        let v = SerialGrammar.validate(norm)
                        out.append(Token(text: norm, ocrConfidence: confs.reduce(0, +) / Double(confs.count),
                                         symbols: syms.count == norm.count ? syms : [], validation: v))
                    }
                }
            }
        }
        return out
    }

    /// An alphanumeric run inside a recognised word.
    struct Piece {
        var text: String
        var symbols: [RecognizedSymbol]
        var confidence: Double
        var box: PixelRect
        var sameWord: Bool
    }

    /// An alphanumeric run of a word: its text, its symbols (when the engine's symbols spell
    /// the word) and their mean confidence.
    struct Run {
        var text: String
        var symbols: [RecognizedSymbol]
        var confidence: Double
    }

    /// Splits a word into alphanumeric runs with their symbols.
    static func split(_ w: RecognizedWord) -> [Run] {
        var res: [Run] = []
        var cur = "", syms: [RecognizedSymbol] = []
        let useSymbols = w.symbols.map(\.text).joined() == w.text
        func flush() {
            if !cur.isEmpty {
                res.append(Run(text: cur, symbols: syms,
                               confidence: syms.isEmpty ? w.symbolConfidence : syms.map(\.confidence).reduce(0, +) / Double(syms.count)))
            }
            cur = ""; syms = []
        }
        if useSymbols {
            for s in w.symbols {
                if s.text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }) && s.text.count == 1 {
                    cur += s.text.uppercased(); syms.append(s)
                } else { flush() }
            }
        } else {
            for ch in w.text {
                if ch.isLetter || ch.isNumber { cur.append(Character(ch.uppercased())) } else { flush() }
            }
        }
        flush()
        return res
    }
}
