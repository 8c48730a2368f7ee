import Foundation

extension EvaluationSummary {
    /// Character error rate, micro-averaged: every labelled image's edits summed, over every
    /// truth character summed (so long serials weigh more than short ones).
    public struct CharacterErrorRate: Hashable, Sendable {
        /// Edit distance (top candidate vs truth) summed over labelled images.
        public var edits: Int
        /// Truth characters summed over labelled images.
        public var referenceChars: Int
        /// Labelled images counted.
        public var images: Int
        /// edits / referenceChars, 0 when there is no reference.
        public var value: Double { referenceChars == 0 ? 0 : Double(edits) / Double(referenceChars) }
    }

    /// CER of the top candidate over labelled images; an image with no candidate reads as empty.
    public var characterErrorRate: CharacterErrorRate {
        var cer = CharacterErrorRate(edits: 0, referenceChars: 0, images: 0)
        for r in records {
            guard let gt = r.groundTruth else { continue }
            cer.edits += Metrics.editDistance(gt, r.top?.text.uppercased() ?? "")
            cer.referenceChars += gt.unicodeScalars.count
            cer.images += 1
        }
        return cer
    }

    /// How often truth character `gt` was read as `ocr` (an empty side is an insertion/deletion).
    public struct CharConfusion: Hashable, Sendable {
        public var gt: String
        public var ocr: String
        public var count: Int
        /// `gt :: ocr`, with `∅` for an empty side.
        public var pair: String { "\(gt.isEmpty ? "∅" : gt) :: \(ocr.isEmpty ? "∅" : ocr)" }
    }

    /// Character confusions over labelled images whose top candidate is wrong, from an edit
    /// alignment of the top candidate against the truth; most frequent first.
    public var charConfusions: [CharConfusion] {
        var counts: [String: [String: Int]] = [:]
        for r in records {
            guard let gt = r.groundTruth, let top = r.top, !r.top1Hit else { continue }
            for (g, o) in Self.align(gt, top.text.uppercased()) where g != o {
                counts[g, default: [:]][o, default: 0] += 1
            }
        }
        return counts.flatMap { g, row in row.map { CharConfusion(gt: g, ocr: $0.key, count: $0.value) } }
            .sorted { ($0.count, $1.gt, $1.ocr) > ($1.count, $0.gt, $0.ocr) }
    }

    /// Levenshtein alignment of `a` (truth) and `b` (reading) by Unicode scalar: the aligned
    /// pairs, `""` standing for a gap. Equal-length strings with only substitutions align
    /// position by position.
    public static func align(_ a: String, _ b: String) -> [(String, String)] {
        let x = a.unicodeScalars.map(String.init), y = b.unicodeScalars.map(String.init)
        let n = x.count, m = y.count
        var d = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { d[i][0] = i }
        for j in 0...m { d[0][j] = j }
        if n > 0 && m > 0 {
            for i in 1...n {
                for j in 1...m {
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                }
            }
        }
        var out: [(String, String)] = []
        var i = n, j = m
        // Prefer the diagonal (match/substitution) so same-length misreads pair up position by position.
        while i > 0 || j > 0 {
            if i > 0, j > 0, d[i][j] == d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1) {
                out.append((x[i - 1], y[j - 1])); i -= 1; j -= 1
            } else if i > 0, d[i][j] == d[i - 1][j] + 1 {
                out.append((x[i - 1], "")); i -= 1
            } else {
                out.append(("", y[j - 1])); j -= 1
            }
        }
        return out.reversed()
    }
}
