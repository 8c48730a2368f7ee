/// How closely a line's read holds a labelled serial (or permit number): the edit distance from
/// the truth's last characters to the best-matching stretch of the read.
public struct RealismRowMatch: Codable, Sendable, Hashable {
    /// The characters looked for: the truth's last `suffixLength`, normalised.
    public var target: String
    /// Edits (insertions, deletions, substitutions) from `target` to the closest stretch of the read.
    public var distance: Int

    /// Whether `distance` is within `allowed` edits: the row holds the serial.
    public func holds(allowed: Int) -> Bool { distance <= allowed }

    /// Matches `text` (one line's read) against `truth`; nil when the truth has no letters or digits.
    public init?(truth: String, text: String, suffixLength: Int = 8) {
        let t = Self.normalized(truth)
        guard !t.isEmpty else { return nil }
        target = String(t.suffix(suffixLength))
        distance = Self.substringDistance(Array(target.unicodeScalars), in: Array(Self.normalized(text).unicodeScalars))
    }

    /// The edits a target of `length` characters may take and still count as found: a quarter
    /// of it, at least one (8 characters: 2, a 5-digit permit number: 1).
    public static func allowedEdits(forLength length: Int, fraction: Double = 0.25) -> Int {
        max(1, Int(Double(length) * fraction))
    }

    /// Upper-cased letters and digits only, `O` read as `0` and `I` as `1` (serials avoid
    /// both letters; permit numbers are digits), so that a read's look-alikes cost nothing.
    public static func normalized(_ s: String) -> String {
        String(String.UnicodeScalarView(s.uppercased().unicodeScalars.compactMap { c -> Unicode.Scalar? in
            switch c {
            case "O": return "0"
            case "I": return "1"
            case "A"..."Z", "0"..."9": return c
            default: return nil
            }
        }))
    }

    /// The smallest edit distance from `pattern` to any stretch of `text` (approximate
    /// substring matching: text skipped before and after the stretch costs nothing).
    public static func substringDistance(_ pattern: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Int {
        guard !pattern.isEmpty else { return 0 }
        guard !text.isEmpty else { return pattern.count }
        // Row i: the pattern's first i characters; column j: ending at text[j − 1]. Row 0 is all
        // zeros (a match may start anywhere); the answer is row m's minimum (end anywhere).
        var prev = [Int](repeating: 0, count: text.count + 1), cur = prev
        for i in 1...pattern.count {
            cur[0] = i
            for j in 1...text.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (pattern[i - 1] == text[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev.min() ?? pattern.count
    }
}
