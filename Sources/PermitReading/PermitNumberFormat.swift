import Foundation

/// The shapes a permit number takes (`permits.md`): digits, optionally with one `/` or `-`
/// separating a four-digit year — `12345`, `2023/00457`, `0457/2022`, `2022-7431`. Plain numbers
/// need four digits, and the group beside a year three: a shorter one is far more often a
/// number cut short by blur or by its crop.
public enum PermitNumberFormat {
    /// A permit number's separator between its groups: `/` or `-`.
    public static func isSeparator(_ c: Character) -> Bool { c == "/" || c == "-" }

    /// Whether `s` (spaces already dropped) has a permit number's shape.
    public static func isValid(_ s: String) -> Bool {
        let seps = s.filter(isSeparator)
        guard s.allSatisfy({ $0.isASCII && ($0.isNumber || isSeparator($0)) }) else { return false }
        if seps.isEmpty { return (4...8).contains(s.count) }
        guard seps.count == 1 else { return false }
        let parts = s.split(omittingEmptySubsequences: false, whereSeparator: isSeparator).map(String.init)
        guard parts.count == 2, parts.allSatisfy({ $0.count >= minSerialDigits && $0.count <= 6 }) else { return false }
        return parts.contains { isYear($0) }
    }

    /// Digits a year's companion group has at least. Of 1 253 permit numbers checked (the
    /// generator's, the second source's and the bundled sets), every one with a year has 3–5
    /// digits beside it; one or two there are a group the read cut (`9/2022` of `6399/2022`,
    /// `2022-77` of `2022-771`).
    static let minSerialDigits = 3

    /// The common shapes only — 4–6 plain digits, or a year and 3–5 digits. A valid but
    /// unusual read (8 plain digits, a 6-digit serial after the year) is more often a
    /// separator lost or a digit doubled by the OCR, so it cannot be answered with `high`.
    public static func isTypical(_ s: String) -> Bool {
        guard isValid(s) else { return false }
        let parts = s.split(whereSeparator: isSeparator).map(String.init)
        if parts.count == 1 { return (4...6).contains(s.count) }
        guard let other = parts.first(where: { !isYear($0) }) ?? parts.last else { return false }
        return (3...5).contains(other.count)
    }

    /// `s` with a `1` in a separator's place read back as `/`, when `s` has no permit number's
    /// shape as read and that gives one of the common shapes (`isTypical`): a steep slash is read
    /// as `1` by every engine (`2024175778` of `2024/75778`). The place is beside a year, after
    /// the first four digits or before the last four; `s` as it is when neither or both fit.
    public static func slashRestored(_ s: String) -> String {
        guard !isValid(s), s.count >= 9, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return s }
        let c = Array(s)
        var fits: Set<String> = []
        for i in [4, c.count - 5] where c[i] == "1" {
            let out = String(c[..<i]) + "/" + String(c[(i + 1)...])
            if isTypical(out) { fits.insert(out) }
        }
        return fits.count == 1 ? fits.first! : s
    }

    /// A four-digit year a permit can carry (1956–2039).
    public static func isYear(_ s: String) -> Bool {
        guard s.count == 4, let y = Int(s) else { return false }
        return (1956...2039).contains(y)
    }

    /// Whether `s` carries a year after `currentYear` (`0582/2028` read in 2026 for
    /// `0582/2020`): no permit is numbered in a year to come, so its year's digits were misread.
    public static func hasFutureYear(_ s: String, currentYear: Int = Calendar(identifier: .gregorian).component(.year, from: Date())) -> Bool {
        s.split(whereSeparator: isSeparator).contains { part in
            isYear(String(part)) && Int(part).map { $0 > currentYear } == true
        }
    }

    /// `s` without a whole date (`dd/mm/yyyy`) it ends with after other digits: a number's crop
    /// can run on over the `du` of the date after it (`2014-43150 du 26/08/2020`), which a
    /// digits-only read drops, gluing the date on (`2014-4315026/08/2020`).
    public static func droppingTrailingDate(_ s: String) -> String {
        let c = Array(s)
        guard c.count > 10 else { return s }
        let tail = c.suffix(10)
        let shape = tail.enumerated().allSatisfy { i, ch in i == 2 || i == 5 ? (ch == "/" || ch == "-") : ch.isNumber }
        guard shape, let day = Int(String(tail.prefix(2))), let month = Int(String(tail.dropFirst(3).prefix(2))),
              (1...31).contains(day), (1...12).contains(month), isYear(String(tail.suffix(4))) else { return s }
        return String(c.dropLast(10))
    }

    /// Whether `s` looks like a date (`12/03/2021`, `12-03-2021`, `03/2021` is not one).
    public static func isDate(_ s: String) -> Bool {
        let parts = s.split(whereSeparator: { $0 == "/" || $0 == "-" || $0 == "." })
        return parts.count == 3 && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }
}
