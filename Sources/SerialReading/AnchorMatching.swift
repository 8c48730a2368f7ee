import Evaluation
import Imaging
import Recognition

/// Finds a serial's label (`Serial`, `Sl.#`, `(S) Serial No.`, the preset's anchors) in a
/// recognised line, tolerant of the usual OCR slips.
struct AnchorMatching: Sendable {
    /// The preset's anchors, upper-case.
    let anchors: [String]

    /// A label found on a line: the box of its last word and the words after it.
    struct Match {
        var box: PixelRect
        var after: [RecognizedWord]
    }

    /// The label in `line`, if any.
    func match(in line: RecognizedLine) -> Match? {
        let words = line.words
        for (i, w) in words.enumerated() {
            if let end = Self.fuzzyLabelEnd(words.map(\.text), at: i) {
                return Match(box: words[end - 1].box, after: Array(words[end...]))
            }
            for a in anchors {
                guard let end = labelEnd(words, at: i, anchor: a, word: w.text.uppercased()) else { continue }
                return Match(box: words[end - 1].box, after: Array(words[end...]))
            }
        }
        return nil
    }

    /// Where the label that starts with anchor `a` at word `i` ends (exclusive), if it does.
    private func labelEnd(_ words: [RecognizedWord], at i: Int, anchor a: String, word u: String) -> Int? {
        let parts = a.split(separator: " ").map(String.init)
        guard i + parts.count <= words.count else { return nil }
        let span = words[i..<(i + parts.count)]
        let ok = zip(span.map { $0.text.uppercased() }, parts).allSatisfy { w, p in w == p || (w.hasPrefix(p) && w.count <= p.count + 2) }
        guard ok || (parts.count == 1 && Self.looksLike(u, parts[0])) || (a == "SL.#" && Self.looksLikeSlNumber(u)) else { return nil }
        // `(S) Serial No.`: the label goes on past the first anchor; the serial starts after the
        // last label word on the line.
        var end = i + parts.count
        while end < words.count, Self.labelWords.contains(words[end].text.uppercased().filter { $0.isLetter || $0 == "#" }) { end += 1 }
        return end
    }

    /// Words that continue a serial label (`Serial`, `No.`, `Number`, `#`).
    static let labelWords: Set<String> = ["SERIAL", "NO", "NUMBER", "NUM", "N", "#", "SN", "DE", "SÉRIE", "SERIE"]

    /// The end (exclusive word index) of a screen's label read with two slips in its key word,
    /// when the word at `i` starts or ends one: `Sernil Number` (`SERIAL` within two edits, then
    /// `Number` or `No`), `Numéro de s6ried` (`SERIE` within two edits after `de`), and
    /// `Numero deserie` (a space lost: the last two words within two edits of `NUMERODESERIE`).
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
        // A space lost between the words: `Numero deserie`, `Numerode serie`.
        if i >= 1, (11...15).contains(w[i - 1].count + w[i].count), Metrics.editDistance(w[i - 1] + w[i], "NUMERODESERIE") <= 2 {
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
}
