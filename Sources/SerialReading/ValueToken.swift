import Imaging
import Recognition

/// A serial-shaped token on a read line, with its box in the line's read.
struct ValueToken {
    var token: SerialCandidateExtractor.Token
    var box: PixelRect

    /// The first serial-shaped token among `words` (a valid one if any, else the longest),
    /// boxed by the words whose letters it holds; letters-only serials count (after a label).
    static func first(in words: [RecognizedWord]) -> ValueToken? {
        let line = RecognizedLine(words: words, box: words.first?.box ?? PixelRect(x: 0, y: 0, width: 0, height: 0), confidence: 0)
        let tokens = SerialCandidateExtractor.tokens(in: RecognizedText(lines: [line]), requireDigit: false)
        guard let t = tokens.first(where: { $0.validation.isValid }) ?? tokens.max(by: { $0.text.count < $1.text.count }) else { return nil }
        // The token's box: the words whose letters it contains, in order.
        let covering = words.filter { w in
            let n = SerialGrammar.normalize(w.text.uppercased().filter { $0.isLetter || $0.isNumber })
            return !n.isEmpty && (t.text.contains(n) || n.contains(t.text))
        }
        guard let first = covering.first, let last = covering.last else { return nil }
        return ValueToken(token: t, box: PixelRect(x: first.box.x, y: min(first.box.y, last.box.y), width: last.box.maxX - first.box.x,
                                                   height: max(first.box.maxY, last.box.maxY) - min(first.box.y, last.box.y)))
    }
}
