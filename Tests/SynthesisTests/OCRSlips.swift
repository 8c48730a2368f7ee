/// Edit distance between a label and an OCR read, after folding the look-alike characters that
/// stock Tesseract confuses on Apple's fonts (serials.md): a slip between look-alikes is free.
enum OCRSlips {
    static let classes: [Character: Character] = [
        "O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "Z": "2", "S": "5", "G": "6", "B": "8", "T": "7",
    ]

    static func fold(_ s: String) -> [Character] { s.uppercased().map { classes[$0] ?? $0 } }

    /// Levenshtein distance of the folded strings.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = fold(a), y = fold(b)
        var prev = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var cur = [i] + Array(repeating: 0, count: y.count)
            for j in stride(from: 1, through: y.count, by: 1) {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return x.isEmpty ? y.count : prev[y.count]
    }
}
