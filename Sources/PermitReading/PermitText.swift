import Foundation

/// Text normalisation and fuzzy matching for permit cues: OCR output is compared with the
/// lexicon after folding case and accents (French) and the letter variants Arabic writes
/// interchangeably, with an edit-distance budget that grows with the word's length.
public enum PermitText {
    /// Upper-cased, accents removed (`Ré` → `RE`), `°`/`º` kept; Arabic is normalised.
    public static func fold(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for ch in s.unicodeScalars {
            switch ch.value {
            case 0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
                out.unicodeScalars.append(contentsOf: normalizeArabic(ch).unicodeScalars)
            case 0x00BA, 0x00B0: out.append("°")
            case 0x2019, 0x2018, 0x02BC, 0x0060, 0x00B4: out.append("'")
            case 0x2013, 0x2014, 0x2212: out.append("-")
            case 0x61...0x7A: out.unicodeScalars.append(Unicode.Scalar(ch.value - 0x20)!)
            case 0x00...0x7F: out.unicodeScalars.append(ch)
            case 0x80...0x24F: out.append(latinFolds[Int(ch.value)])
            default: out.append(foldedScalar(ch))
            }
        }
        return out
    }

    /// One scalar folded as `fold` folds what is not Arabic nor one of its special cases.
    static func foldedScalar(_ ch: Unicode.Scalar) -> String {
        String(ch).folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).uppercased()
    }

    /// `foldedScalar` of every scalar up to the end of Latin Extended-B (U+024F), computed once:
    /// folding through Foundation one scalar at a time was most of the time spent scanning a
    /// read's lines for cues. ASCII is folded in `fold` itself (a letter upper-cased).
    static let latinFolds: [String] = (0...0x24F).map { v in Unicode.Scalar(UInt32(v)).map(foldedScalar) ?? "" }

    /// One Arabic scalar normalised: hamza-carrying alefs → `ا`, `ى` → `ي`, `ة` → `ه`,
    /// diacritics and tatweel dropped.
    static func normalizeArabic(_ ch: Unicode.Scalar) -> String {
        switch ch.value {
        case 0x064B...0x065F, 0x0670, 0x0640: return ""          // harakat, superscript alef, tatweel
        case 0x0622, 0x0623, 0x0625, 0x0671: return "\u{0627}"   // آ أ إ ٱ → ا
        case 0x0649: return "\u{064A}"                           // ى → ي
        case 0x0629: return "\u{0647}"                           // ة → ه
        default: return String(ch)
        }
    }

    /// Whether `s` contains Arabic letters.
    public static func hasArabic(_ s: String) -> Bool {
        s.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }
    }

    /// Folded tokens: runs of letters and digits (apostrophes and hyphens split words, so
    /// `D'EXPLOITATION` → `D`, `EXPLOITATION`).
    public static func tokens(_ s: String) -> [String] {
        fold(s).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a), y = Array(b)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count)
        var cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                rowMin = min(rowMin, cur[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }

    /// Edits tolerated for a keyword of `length` characters: none up to 4, one up to 7, two
    /// beyond — short words are too easily produced by noise to be matched loosely.
    public static func allowedDistance(_ length: Int) -> Int {
        length <= 4 ? 0 : length <= 7 ? 1 : 2
    }
}
