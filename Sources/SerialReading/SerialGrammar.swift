import Evaluation

/// The formats of Apple serial numbers (see `design/serials.md`) and strict validation.
public enum SerialGrammar {
    /// The serial's era / shape.
    public enum Format: String, Sendable, Codable {
        /// Before 2010: PP Y WW SSS CCC.
        case eleven = "11"
        /// 2010–2021: PPP Y W SSS CCCC.
        case twelve = "12"
        /// 2021 on: randomised, 10 characters (8–14 tolerated).
        case randomized = "random"
    }

    /// The result of strict validation.
    public struct Validation: Hashable, Sendable {
        public var isValid: Bool
        public var format: Format?
        /// Why it failed (empty when valid).
        public var reason: String
    }

    /// Letters and digits Apple uses: no `O`, no `I`.
    public static let alphabet: Set<Character> = Set("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
    /// 4th character of a 12-character serial: the half-year code.
    public static let halfYearCodes: Set<Character> = Set("CDFGHJKLMNPQRSTVWXYZ")
    /// 5th character of a 12-character serial: the week within the half.
    public static let weekCodes: Set<Character> = Set("123456789CDFGHJKLMNPQRTVWXY")
    /// Manufacturing-location prefixes (first three characters) publicly documented for
    /// 12-character serials. Not a rule (a serial may come from a plant not listed), but
    /// evidence: a read whose prefix is one look-alike away from a listed one (`C0Z`, `CO2`)
    /// is far more likely that prefix misread.
    public static let knownPlants12: Set<String> = [
        "C02", "C07", "C17", "C1F", "C1M", "C2Q", "C2V", "C39", "C3K", "CK2", "D25", "DLX", "DMP", "DNP", "DQG",
        "DX3", "F17", "F2L", "F5K", "F9F", "FK1", "FVF", "FVH", "G8W", "GG7", "H0K", "H4T", "J9N", "QP7", "RM2",
        "VM1", "W80", "YM8", "4H1", "8H0",
    ]

    /// Whether a 10-character serial reads as the first ten characters of a 12-character one: a
    /// listed plant, then a half-year code and a week code. About 1 random serial in 4,000 does.
    public static func opensLikeTwelve(_ s: String) -> Bool {
        let c = Array(s)
        return c.count == 10 && knownPlants12.contains(String(c[0..<3])) && halfYearCodes.contains(c[3]) && weekCodes.contains(c[4])
    }

    /// Upper-cases, removes spaces, and reads `O` as `0` and `I` as `1` (Apple never uses them).
    public static func normalize(_ raw: String) -> String {
        var out = ""
        for ch in raw.uppercased() where !ch.isWhitespace {
            switch ch {
            case "O": out.append("0")
            case "I": out.append("1")
            default: out.append(ch)
            }
        }
        return out
    }

    /// Strict validation of an already-normalised serial.
    public static func validate(_ s: String) -> Validation {
        let chars = Array(s)
        if let bad = chars.first(where: { !alphabet.contains($0) }) {
            return Validation(isValid: false, format: nil, reason: "character '\(bad)' is not used in Apple serials")
        }
        if let d = distractorReason(s) { return Validation(isValid: false, format: nil, reason: d) }
        switch chars.count {
        case 12:
            guard halfYearCodes.contains(chars[3]) else {
                return Validation(isValid: false, format: .twelve, reason: "4th character '\(chars[3])' is not a half-year code")
            }
            guard weekCodes.contains(chars[4]) else {
                return Validation(isValid: false, format: .twelve, reason: "5th character '\(chars[4])' is not a week code")
            }
            return Validation(isValid: true, format: .twelve, reason: "")
        case 11:
            guard chars[2].isNumber, let week = Int(String(chars[3...4])), (1...53).contains(week) else {
                return Validation(isValid: false, format: .eleven, reason: "11 characters but no year digit and week 01–53 at positions 3–5")
            }
            return Validation(isValid: true, format: .eleven, reason: "")
        case 10:
            guard chars.contains(where: \.isLetter), chars.contains(where: \.isNumber) else {
                return Validation(isValid: false, format: .randomized, reason: "10 characters but not a mix of letters and digits")
            }
            return Validation(isValid: true, format: .randomized, reason: "")
        default:
            return Validation(isValid: false, format: nil, reason: "\(chars.count) characters; Apple serials have 10, 11 or 12")
        }
    }

    /// Loose plausibility: what may be reported as a candidate (8–14 characters, letters and
    /// digits, not a known distractor). A 12-character serial may have no digit at all (plant
    /// `FVF`/`DMP` and seven random characters: about one in twelve of those), so letters only
    /// are plausible when they fit the 12-character format.
    public static func isPlausible(_ s: String) -> Bool {
        guard (8...14).contains(s.count), s.allSatisfy({ alphabet.contains($0) }), s.contains(where: \.isLetter) else { return false }
        guard s.contains(where: \.isNumber) || (s.count == 12 && validate(s).isValid) else { return false }
        return distractorReason(s) == nil
    }

    /// Codes that share a line with serials but are not serials.
    static func distractorReason(_ s: String) -> String? {
        if s.hasPrefix("C0MP") || s.hasPrefix("COMP") { return "a COMP… inventory code" }
        if s.hasPrefix("BCGA") || s.hasPrefix("BCG") && s.count <= 9 { return "an FCC ID" }
        if s.count <= 6, s.first == "A", s.dropFirst().allSatisfy(\.isNumber) { return "a model number" }
        if s.allSatisfy(\.isNumber) { return "digits only (a phone or part number)" }
        // The safety marks on every Apple case: `IS 13252(Part 1)/IEC 60950-1` (or 62368-1).
        if ["13252", "60950", "62368"].contains(where: s.contains) { return "a safety standard's number (IS 13252, IEC 60950/62368)" }
        if s.contains("PART") { return "a standard's '(Part 1)'" }
        // The BIS registration number etched under those marks (`R-41000450`): its hyphen is
        // lost in the read and a stray letter often comes before it (`PR41000450`, read at 0.75).
        if s.contains(/R4[0-9]{7}/) { return "a BIS registration number (R-41000450)" }
        let digits = s.filter(\.isNumber).count
        if s.count >= 13 && digits >= s.count - 2 { return "a long numeric code" }
        // The zeros of an inventory code (`COMP000000000872506`) read alone or with a stray
        // letter (`1D00000000`). Five alike in a row: about one random serial in 200 000.
        if let run = longestRun(s), run.count >= 5 { return "\(run.count) '\(run.char)' in a row (the zeros of an inventory code)" }
        return nil
    }

    /// Whether `words` (one read line's, in order) name a device's regulatory block as Apple
    /// etches it beside the serial: a model number after `Model` (`Model A1932`) or an EMC
    /// number (`EMC 3184`).
    public static func namesRegulatoryBlock(_ words: [String]) -> Bool {
        for (w, next) in zip(words, words.dropFirst()) {
            let label = w.uppercased(), value = Array(next.uppercased())
            if label == "MODEL", value.count == 5, value[0] == "A", value.dropFirst().allSatisfy(\.isNumber) { return true }
            if label == "EMC", value.count == 4, value.allSatisfy(\.isNumber) { return true }
        }
        return false
    }

    /// The hex digits of a word shaped like a hardware address (`90:FD:FE:A8:AE:33`, a phone's
    /// Wi-Fi or Bluetooth address a few rows under its serial): 10 to 14 hex digits in groups
    /// parted by colons, or what OCR makes of them (`57ED-20-C9E1B7`, `68FA05-41E147`: hyphens,
    /// dots, some lost). Nil otherwise. A serial has no separator inside, and a random
    /// 10-character one is all hex once in about 1,900.
    public static func hardwareAddress(inWord word: String) -> String? {
        let separators: Set<Character> = [":", "-", "."]
        let upper = normalize(word)
        guard upper.contains(where: separators.contains) else { return nil }
        let groups = upper.split(whereSeparator: separators.contains)
        guard groups.count >= 2, groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) }) else { return nil }
        let hex = groups.joined()
        return (10...14).contains(hex.count) ? hex : nil
    }

    /// Whether `s` is one of `addresses` (`hardwareAddress`) as the crops read it: their
    /// whitelist drops the colons, and a character or two may differ.
    public static func isAddress(_ s: String, among addresses: Set<String>) -> Bool {
        addresses.contains { abs($0.count - s.count) <= 2 && Metrics.editDistance($0, s) <= 2 }
    }

    /// The longest run of one character.
    static func longestRun(_ s: String) -> (char: Character, count: Int)? {
        var best: (char: Character, count: Int)?
        var run = 0
        var previous: Character?
        for c in s {
            run = c == previous ? run + 1 : 1
            previous = c
            if run > (best?.count ?? 0) { best = (c, run) }
        }
        return best
    }
}
