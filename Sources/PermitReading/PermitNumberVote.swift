/// Combines several reads of the same printed number (the page read, crops at other scales)
/// into one: a blurred digit is misread at one scale and read right at another, rarely misread
/// the same way at all of them.
public enum PermitNumberVote {
    /// The reads' consensus, or `nil` when they do not agree enough.
    ///
    /// Only reads with a permit number's shape vote. A read given by at least two of them wins
    /// outright; otherwise the reads of the most common length vote character by character, and
    /// every position needs a clear winner (two votes or more, no tie).
    public static func winner(_ reads: [String]) -> String? {
        let valid = reads.filter(PermitNumberFormat.isValid)
        guard !valid.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for r in valid { counts[r, default: 0] += 1 }
        let ranked = counts.sorted { ($0.value, $0.key) > ($1.value, $1.key) }
        if let top = ranked.first, top.value >= 2, ranked.count == 1 || ranked[1].value < top.value {
            return top.key
        }
        var lengths: [Int: Int] = [:]
        for r in valid { lengths[r.count, default: 0] += 1 }
        guard let length = lengths.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }),
              length.value >= 3 else { return nil }
        let same = valid.filter { $0.count == length.key }.map { Array($0) }
        var out = ""
        for i in 0..<length.key {
            var tally: [Character: Int] = [:]
            for r in same { tally[r[i], default: 0] += 1 }
            let ranked = tally.sorted { $0.value > $1.value }
            guard let best = ranked.first, best.value >= 2, ranked.count == 1 || ranked[1].value < best.value else { return nil }
            out.append(best.key)
        }
        return PermitNumberFormat.isValid(out) ? out : nil
    }

    /// Whether `read` is `other` with characters dropped (never changed): `2014/9722` of `2014/97221`.
    public static func isSubsequence(_ read: String, of other: String) -> Bool {
        guard read.count < other.count else { return false }
        var rest = Substring(other)
        for c in read {
            guard let i = rest.firstIndex(of: c) else { return false }
            rest = rest[rest.index(after: i)...]
        }
        return true
    }

    /// How many of `reads` are exactly `text`.
    public static func support(_ text: String, in reads: [String]) -> Int {
        reads.filter { $0 == text }.count
    }
}
