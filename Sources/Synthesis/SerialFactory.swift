/// Draws Apple-style serial numbers that follow the grammar in `design/serials.md`.
///
/// Every character comes from Apple's alphabet (digits and capitals, never `O` or `I`); the
/// 12-character form has a valid half-year code at position 4 and week code at position 5, and
/// its last four characters are a model code shared by every serial of the same model.
public enum SerialFactory {
    /// The three shapes of serials in the field.
    public enum Format: String, Sendable, CaseIterable {
        /// 2010–2021: PPP Y W SSS CCCC.
        case twelve = "12"
        /// 2021 on: 10 randomised characters.
        case ten = "10"
        /// Before 2010: PP Y WW SSS CCC.
        case eleven = "11"
    }

    /// Digits and capital letters without `O` and `I`.
    public static let alphabet = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
    /// Half-year codes (4th character of a 12-character serial).
    public static let halfYearCodes = "CDFGHJKLMNPQRSTVWXYZ"
    /// Week-within-half codes (5th character of a 12-character serial).
    public static let weekCodes = "123456789CDFGHJKLMNPQRTVWXY"
    /// Plant / location prefixes seen on 12-character serials.
    static let plants12 = ["C02", "C02", "C02", "C17", "C1M", "FVF", "FVF", "F5K", "DMP", "F2L", "G8W", "W80",
                           "DNP", "FK1", "F9F", "GG7", "C39", "DX3", "F17", "H4T", "C07"]
    /// Two-character plant codes of the 11-character era.
    static let plants11 = ["W8", "YM", "4H", "RM", "QP", "CK", "W0", "G8", "VM", "SG"]

    /// Draws one serial of `format`; `modelCode` fixes the last four characters of a 12-character
    /// serial (the model), otherwise a random one is used.
    public static func make(_ format: Format, modelCode: String? = nil, using rng: inout SplitMix64) -> String {
        switch format {
        case .twelve:
            var s = rng.pick(plants12)
            s.append(rng.pick(halfYearCodes))
            s.append(rng.pick(weekCodes))
            for _ in 0..<3 { s.append(rng.pick(alphabet)) }
            if let modelCode, modelCode.count == 4 {
                s += modelCode
            } else {
                for _ in 0..<4 { s.append(rng.pick(alphabet)) }
            }
            return s
        case .ten:
            // Randomised serials mix letters and digits; redraw the rare all-letter or all-digit one.
            while true {
                var s = ""
                for _ in 0..<10 { s.append(rng.pick(alphabet)) }
                if s.contains(where: \.isLetter) && s.contains(where: \.isNumber) { return s }
            }
        case .eleven:
            var s = rng.pick(plants11)
            s += String(rng.int(0...9))
            let week = rng.int(1...52)
            s += week < 10 ? "0\(week)" : "\(week)"
            for _ in 0..<3 { s.append(rng.pick(alphabet)) }
            for _ in 0..<3 { s.append(rng.pick(alphabet)) }
            return s
        }
    }

    /// Whether `serial` has one of the three shapes this factory draws (used by tests and as a
    /// guard before writing labels).
    public static func isWellFormed(_ serial: String) -> Bool {
        let chars = Array(serial)
        guard chars.allSatisfy({ alphabet.contains($0) }) else { return false }
        switch chars.count {
        case 12: return halfYearCodes.contains(chars[3]) && weekCodes.contains(chars[4])
        case 11:
            guard chars[2].isNumber, let w = Int(String(chars[3...4])) else { return false }
            return (1...53).contains(w)
        case 10: return chars.contains(where: \.isLetter) && chars.contains(where: \.isNumber)
        default: return false
        }
    }
}
