import Recognition

/// Combines several reads of the same serial (different preprocessing, scales, sightings) into
/// one answer, character by character, using the engine's per-character alternatives and the
/// format's position rules — evidence, not blind substitution.
public struct SerialVote: Sendable {
    /// One read of a serial crop.
    public struct Read: Hashable, Sendable {
        /// Normalised text (O→0, I→1).
        public var text: String
        /// Per-character alternatives (best first) aligned with `text`; may be empty.
        public var choices: [[CharacterChoice]]
        /// Per-character confidence aligned with `text`; may be empty.
        public var confidences: [Double]
        /// How much this read counts (anchored crops count more than page tokens).
        public var weight: Double
        /// Where it came from.
        public var method: String

        public init(text: String, choices: [[CharacterChoice]] = [], confidences: [Double] = [], weight: Double = 1, method: String) {
            self.text = text; self.choices = choices; self.confidences = confidences; self.weight = weight; self.method = method
        }
    }

    /// The voted answer.
    public struct Result: Hashable, Sendable {
        public var text: String
        /// Share of the total weight (of reads of the chosen length) that read exactly `text`.
        public var agreement: Double
        /// Mean over positions of the winning character's share of that position's votes.
        public var positionSupport: Double
        /// The lowest of the per-position supports: one doubtful character (S or 5) makes a
        /// doubtful serial, however sure the others are.
        public var weakestSupport: Double = 1
        /// Each position's support (the winning character's share of that position's votes).
        public var supports: [Double] = []
        /// How many reads took part.
        public var reads: Int
        /// Positions where a format rule overrode the plurality character.
        public var ruleFixes: Int
        /// Whether the answer passes strict validation.
        public var valid: Bool
        /// How the reads were cut to reach the answer: `trimmed` (one character off reads one
        /// too long), `whole` (the reads that hold the voted text and more).
        public var repair: String = ""
    }

    /// The lengths of nearly every serial: the 2010–2021 format's 12 and the randomised 10.
    static let commonLengths: Set<Int> = [10, 12]

    /// Floor for a chosen character's confidence: the LSTM often gives the first character 0.
    static let confidenceFloor = 0.3

    /// Votes among `reads`. Returns `nil` when no read is plausible.
    public static func vote(_ reads: [Read]) -> Result? {
        // When the plurality is a serial one character too long, the reads vote again with
        // that character cut (`trimmed`): a valid answer from them wins over an invalid one.
        guard let first = plurality(reads) else { return nil }
        var result = first
        if !first.valid, [11, 12, 13].contains(first.text.count), var second = plurality(reads.map(trimmed)), second.valid {
            second.repair = "trimmed"
            result = second
        }
        // Reads that lost a glyph at a crop's edge (`02QTTJVMD6T` for `C02QTTJVMD6T`) can outvote
        // the one that kept it, and trimming then makes a shorter serial of them. When valid
        // reads hold the voted text and more, the serial is theirs: they vote alone. Not when
        // the reads themselves voted a valid serial of a common length (10 or 12), untrimmed: a
        // longer read holds a neighbour's glyphs then (`YM4C258JGA4T`, a screen row's chevron
        // read as `4T`; of 25 such answers on fresh sets, 2 were right, neither of that kind).
        let settled = result.repair.isEmpty && result.valid && Self.commonLengths.contains(result.text.count)
        let longer = settled ? [] : reads.filter { $0.text.count > result.text.count && $0.text.contains(result.text) && SerialGrammar.validate($0.text).isValid }
        if let length = longer.max(by: { $0.weight < $1.weight })?.text.count,
           var whole = plurality(reads.filter { $0.text.count == length }), whole.valid, whole.text.contains(result.text) {
            whole.repair = "whole"
            return whole
        }
        return result
    }

    static func plurality(_ reads: [Read]) -> Result? {
        let usable = reads.filter { SerialGrammar.isPlausible($0.text) }
        guard !usable.isEmpty else { return nil }
        // The length: weighted by read weight, preferring lengths of valid serials.
        var lengthScore: [Int: Double] = [:]
        for r in usable {
            let bonus = SerialGrammar.validate(r.text).isValid ? 1.5 : 1.0
            lengthScore[r.text.count, default: 0] += r.weight * bonus
        }
        guard let length = lengthScore.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key else { return nil }
        let same = usable.filter { $0.text.count == length }
        var tallies = [[Character: Double]](repeating: [:], count: length)
        for r in same {
            let chars = Array(r.text)
            for i in 0..<length {
                let conf = i < r.confidences.count ? max(confidenceFloor, r.confidences[i]) : 0.7
                tallies[i][chars[i], default: 0] += r.weight * conf
                // The runner-up alternatives carry a share of the vote (normalised O/I as Apple never uses them).
                if i < r.choices.count {
                    for alt in r.choices[i].dropFirst().prefix(3) where alt.confidence > 0.02 {
                        guard let ch = SerialGrammar.normalize(alt.text).first, alt.text.count == 1, ch != chars[i] else { continue }
                        tallies[i][ch, default: 0] += r.weight * alt.confidence * 0.5
                    }
                }
            }
        }
        var out: [Character] = []
        var support = 0.0
        var supports: [Double] = []
        var fixes = 0
        for i in 0..<length {
            let ranked = tallies[i].filter { SerialGrammar.alphabet.contains($0.key) }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let total = tallies[i].values.reduce(0, +)
            guard let best = ranked.first else { return nil }
            var pick = best
            if length == 12, let allowed = i == 3 ? SerialGrammar.halfYearCodes : (i == 4 ? SerialGrammar.weekCodes : nil), !allowed.contains(best.key) {
                if let ok = ranked.first(where: { allowed.contains($0.key) }) { pick = ok; fixes += 1 }
                else if let sub = lookalike(best.key, allowed) { pick = (sub, 0); fixes += 1 }
            }
            out.append(pick.key)
            support += total > 0 ? pick.value / total : 0
            supports.append(total > 0 ? pick.value / total : 0)
        }
        if length == 12, let fix = plantFix(out, tallies) {
            let i = fix.position, ch = fix.character
            let total = tallies[i].values.reduce(0, +)
            support -= supports[i]
            supports[i] = total > 0 ? (tallies[i][ch] ?? 0) / total : 0
            support += supports[i]
            out[i] = ch
            fixes += 1
        }
        let text = String(out)
        let totalWeight = same.map(\.weight).reduce(0, +)
        let exact = same.filter { $0.text == text }.map(\.weight).reduce(0, +)
        return Result(text: text, agreement: totalWeight > 0 ? exact / totalWeight : 0,
                      positionSupport: support / Double(length), weakestSupport: supports.min() ?? 1, supports: supports, reads: same.count, ruleFixes: fixes,
                      valid: SerialGrammar.validate(text).isValid)
    }

    /// A plant-prefix character to replace: where, and with what.
    struct PlantFix {
        var position: Int
        var character: Character
    }

    /// A 12-character read whose plant prefix is not a listed one but one look-alike away from
    /// exactly one listed prefix (`C0Z` → `C02`), where that character has votes of its own
    /// (a read or a runner-up alternative saw it): the position and the character to use.
    static func plantFix(_ out: [Character], _ tallies: [[Character: Double]]) -> PlantFix? {
        let prefix = String(out.prefix(3))
        guard !SerialGrammar.knownPlants12.contains(prefix) else { return nil }
        var fixes: [PlantFix] = []
        for plant in SerialGrammar.knownPlants12 {
            let p = Array(plant)
            let diffs = (0..<3).filter { p[$0] != out[$0] }
            guard diffs.count == 1, let i = diffs.first, confusions[out[i]]?.contains(p[i]) == true,
                  (tallies[i][p[i]] ?? 0) > 0 else { continue }
            fixes.append(PlantFix(position: i, character: p[i]))
        }
        return fixes.count == 1 ? fixes.first : nil
    }

    /// A read one character too long for a valid serial — a mark after it merged into an extra
    /// glyph (`C02YQH9BLVCF-` under blur read `C02YQH9BLVCFF`), or a label's last letter before
    /// it — as the valid serial without that character (the last one dropped first), at three
    /// quarters of its weight. Other reads are returned as they are. Used only when the plain
    /// vote is invalid: a character doubled mid-serial would shift every position after it.
    static func trimmed(_ r: Read) -> Read {
        let n = r.text.count
        guard [11, 12, 13].contains(n), !SerialGrammar.validate(r.text).isValid else { return r }
        for dropLast in [true, false] {
            let text = String(dropLast ? r.text.dropLast() : r.text.dropFirst())
            guard SerialGrammar.validate(text).isValid else { continue }
            func cut<T>(_ a: [T]) -> [T] { a.count == n ? Array(dropLast ? a.dropLast() : a.dropFirst()) : [] }
            return Read(text: text, choices: cut(r.choices), confidences: cut(r.confidences), weight: r.weight * 0.75,
                        method: r.method + (dropLast ? "-last" : "-first"))
        }
        return r
    }

    /// The usual OCR confusions on these fonts, for a character that breaks a position rule.
    static let confusions: [Character: [Character]] = [
        "0": ["D", "Q"], "D": ["0"], "Q": ["0"], "1": ["L", "J"], "L": ["1"], "J": ["1"], "2": ["Z"], "Z": ["2"],
        "5": ["S"], "S": ["5"], "6": ["G"], "G": ["6"], "8": ["B"], "B": ["8"], "7": ["T"], "T": ["7"],
        "4": ["A"], "A": ["4"], "E": ["6", "F"], "U": ["V"], "V": ["U", "Y"],
    ]

    static func lookalike(_ c: Character, _ allowed: Set<Character>) -> Character? {
        confusions[c]?.first { allowed.contains($0) }
    }
}
