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

    /// The label in `line`, if any: the preset's anchors and the screen's slips first, then a
    /// `Serial` the read garbled right before a serial-shaped word (`slippedLabel`).
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
        return Self.slippedLabel(in: words)
    }

    /// A `Serial` label the read garbled, found only by the serial right after it: two slips in
    /// the word (`Seraul H4TW4F0GMUK`), or the word run into the serial where the gap between
    /// them is narrow (`SerialC39HRTKVQ05D`, `Seriil3AWMUJ8DSQ`: a label within one slip, then
    /// the serial), split at the label's end. Small etched text read with low contrast does
    /// both; the serial was then left without a label, so without the crop reads a labelled
    /// serial gets (etched seeds 104011–104311: 6 of their 89 misses had such a label).
    /// The serial may also be the start of one ending the line (`startsSerial`): the line's
    /// chain stopped inside it (`Senal F177L` of `Serial F17TL7VVQ6LR`, its last glyphs faint
    /// under glare; etched 105311 #25), and the labelled value's row is then read on to the right.
    static func slippedLabel(in words: [RecognizedWord]) -> Match? {
        for (i, w) in words.enumerated() {
            let letters = w.text.uppercased().filter(\.isLetter)
            if i + 1 < words.count, letters.count == w.text.count, (5...7).contains(letters.count),
               Metrics.editDistance(letters, "SERIAL") <= 2,
               servesAsSerial(words[i + 1].text) || (i + 2 == words.count && startsSerial(words[i + 1].text)) {
                return Match(box: w.box, after: Array(words[(i + 1)...]))
            }
            if let (label, value) = runIn(w) {
                return Match(box: label.box, after: [value] + words[(i + 1)...])
            }
        }
        return nil
    }

    /// Whether a word reads as a serial of 10–14 characters (`SerialGrammar.isPlausible`).
    static func servesAsSerial(_ word: String) -> Bool {
        let n = SerialGrammar.normalize(word.uppercased().filter { $0.isLetter || $0.isNumber })
        return n.count >= 10 && SerialGrammar.isPlausible(n)
    }

    /// Whether a word reads as the first 4–9 characters of a serial: letters and digits (one
    /// other mark at most), a digit among them as read (not an `O` that `normalize` makes one).
    static func startsSerial(_ word: String) -> Bool {
        let n = SerialGrammar.normalize(word.uppercased().filter { $0.isLetter || $0.isNumber })
        return (4...9).contains(n.count) && word.count - n.count <= 1 && word.contains(where: \.isNumber)
    }

    /// A word that is a `Serial` label (5–7 letters within one slip) run into a serial of
    /// 10–14 characters, as the label's word and the serial's, each boxed by its symbols (or by
    /// its share of the word's width when the engine's symbols do not spell the word one by one).
    static func runIn(_ w: RecognizedWord) -> (RecognizedWord, RecognizedWord)? {
        let chars = Array(w.text)
        guard chars.count >= 15 else { return nil }
        let bySymbol = w.symbols.count == chars.count && w.symbols.map(\.text).joined() == w.text
        let cuts = (5...7).filter { k in
            let head = String(chars[..<k]).uppercased()
            return head.allSatisfy(\.isLetter) && Metrics.editDistance(head, "SERIAL") <= 1 && servesAsSerial(String(chars[k...]))
        }
        // The cut nearest a whole `Serial`: `Seriil3AWMUJ8DSQ` is `Seriil` + `3AWMUJ8DSQ`.
        guard let k = cuts.min(by: { abs($0 - 6) < abs($1 - 6) }) else { return nil }
        func part(_ r: Range<Int>) -> RecognizedWord {
            let text = String(chars[r])
            if bySymbol {
                let syms = Array(w.symbols[r])
                let x0 = syms.map(\.box.x).min() ?? w.box.x, x1 = syms.map(\.box.maxX).max() ?? w.box.maxX
                return RecognizedWord(text: text, confidence: w.confidence, box: PixelRect(x: x0, y: w.box.y, width: x1 - x0, height: w.box.height),
                                      symbols: syms)
            }
            let x0 = w.box.x + w.box.width * r.lowerBound / chars.count, x1 = w.box.x + w.box.width * r.upperBound / chars.count
            return RecognizedWord(text: text, confidence: w.confidence, box: PixelRect(x: x0, y: w.box.y, width: x1 - x0, height: w.box.height), symbols: [])
        }
        return (part(0..<k), part(k..<chars.count))
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
