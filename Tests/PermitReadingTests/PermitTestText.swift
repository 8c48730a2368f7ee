import Imaging
import Recognition

/// Builds OCR output by hand: one line per string, words laid out left to right, lines 40 px
/// apart, every character read with `confidence`.
enum PermitTestText {
    static func make(_ lines: [String], confidence: Double = 0.95) -> RecognizedText {
        var out: [RecognizedLine] = []
        for (i, line) in lines.enumerated() {
            var x = 50
            let y = 40 * i
            var words: [RecognizedWord] = []
            for w in line.split(separator: " ") {
                let width = 14 * w.count
                let box = PixelRect(x: x, y: y, width: width, height: 24)
                let symbols = w.map { RecognizedSymbol(text: String($0), confidence: confidence, box: box, choices: []) }
                words.append(RecognizedWord(text: String(w), confidence: confidence, box: box, symbols: symbols))
                x += width + 12
            }
            if !words.isEmpty { out.append(RecognizedLine(words: words, box: PixelRect(x: 50, y: y, width: x - 50, height: 24), confidence: confidence)) }
        }
        return RecognizedText(lines: out)
    }

    /// One line of `text` as `make` lays it out, its left edge at `x` and its top at `y`: a piece
    /// of a row the read split, or of a tilted row.
    static func piece(_ text: String, _ x: Int, _ y: Int) -> RecognizedLine {
        let l = make([text]).lines[0]
        func moved(_ b: PixelRect) -> PixelRect { PixelRect(x: b.x + x - 50, y: b.y + y, width: b.width, height: b.height) }
        return RecognizedLine(words: l.words.map { RecognizedWord(text: $0.text, confidence: $0.confidence, box: moved($0.box), symbols: $0.symbols) },
                              box: moved(l.box), confidence: l.confidence)
    }

    /// A permit's text as a clean French read, with `numberLine` under the title and the
    /// usual distractors in the body.
    static func permit(numberLine: String = "N° : 2023/00457") -> [String] {
        [
            "RÉPUBLIQUE TUNISIENNE",
            "Ministère de l'Intérieur",
            "Gouvernorat de Sousse",
            "Commune de Sousse",
            "AUTORISATION D'EXPLOITATION D'UN RESTAURANT",
            numberLine,
            "Le Président de la Commune de Sousse,",
            "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;",
            "Vu le décret n° 2011-1374 du 12/03/2011 ;",
            "Article 1 : M. Sami Gharbi, titulaire de la CIN n° 08975824, est autorisé à exploiter",
            "le restaurant « Le Golfe » sis au 12, rue de Rome, Sousse. Tél. : 73 522 312",
            "Article 2 : La capacité d'accueil est fixée à 120 places.",
            "Sousse, le 21/08/2020",
        ]
    }
}
