/// Draws Tunisian restaurant permit numbers in the formats of `design/permits.md`:
/// `12345`, `2023/00457`, `0457/2022`, `2022-7431` (leading zeros kept).
public enum PermitNumberFactory {
    /// The documented shapes.
    public enum Format: String, Sendable, CaseIterable {
        /// Digits only, 4–6 of them.
        case plain
        /// `yyyy/nnnnn`.
        case yearSlashNumber = "year_slash_number"
        /// `nnnn/yyyy`.
        case numberSlashYear = "number_slash_year"
        /// `yyyy-nnnn`.
        case yearDashNumber = "year_dash_number"
    }

    /// Draws one number.
    public static func make(using rng: inout SplitMix64) -> String {
        let format = rng.pick(Format.allCases)
        let year = rng.int(2012...2024)
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(rng.int(0...9))) }) }
        switch format {
        case .plain: return String(rng.int(1...9)) + digits(rng.int(3...5))
        case .yearSlashNumber: return "\(year)/" + digits(rng.pick([4, 5, 5]))
        case .numberSlashYear: return digits(4) + "/\(year)"
        case .yearDashNumber: return "\(year)-" + digits(rng.pick([3, 4, 4, 5]))
        }
    }

    /// Whether `number` has one of the documented shapes.
    public static func isWellFormed(_ number: String) -> Bool {
        let parts = number.split(separator: "/", omittingEmptySubsequences: false)
        let dashParts = number.split(separator: "-", omittingEmptySubsequences: false)
        let allDigits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        if parts.count == 1 && dashParts.count == 1 { return allDigits(Substring(number)) && (4...6).contains(number.count) }
        if parts.count == 2 && dashParts.count == 1 { return parts.allSatisfy(allDigits) && parts.contains { $0.count == 4 } }
        if dashParts.count == 2 && parts.count == 1 { return dashParts.allSatisfy(allDigits) && dashParts[0].count == 4 }
        return false
    }
}
