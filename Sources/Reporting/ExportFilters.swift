import Foundation

/// The `/export` filters: `date_from`, `date_to` (YYYY-MM-DD, inclusive, UTC), `source`
/// (ios|mac|server), `device_type`, `validation_status` (valid|invalid). Bad values are refused
/// with a message, as the backend answers 400.
public struct ExportFilters: Hashable, Sendable {
    public private(set) var dateFrom: String?
    public private(set) var dateTo: String?
    public private(set) var source: String?
    public private(set) var deviceType: String?
    public private(set) var validationStatus: String?

    /// The sources the contract knows.
    public static let sources = ["ios", "mac", "server"]
    /// The validation statuses the contract knows.
    public static let validationStatuses = ["valid", "invalid"]

    /// A filter value was refused.
    public struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// The option at fault (`date_from`, …).
        public var field: String
        public var message: String
        public var description: String { message }
    }

    /// No filter.
    public static let none = ExportFilters()
    private init() {}

    /// Validates the filters; empty strings count as unset.
    public init(dateFrom: String? = nil, dateTo: String? = nil, source: String? = nil,
                deviceType: String? = nil, validationStatus: String? = nil) throws(Invalid) {
        func clean(_ s: String?) -> String? {
            guard let t = s?.trimmingCharacters(in: .whitespaces), !t.isEmpty else { return nil }
            return t
        }
        self.dateFrom = clean(dateFrom); self.dateTo = clean(dateTo); self.source = clean(source)?.lowercased()
        self.deviceType = clean(deviceType); self.validationStatus = clean(validationStatus)?.lowercased()
        for (field, value) in [("date_from", self.dateFrom), ("date_to", self.dateTo)] {
            if let v = value, Self.day(v) == nil {
                throw Invalid(field: field, message: "Invalid \(field) '\(v)': expected a date as YYYY-MM-DD")
            }
        }
        if let a = self.dateFrom, let b = self.dateTo, a > b {
            throw Invalid(field: "date_from", message: "Invalid date range: date_from \(a) is after date_to \(b)")
        }
        if let s = self.source, !Self.sources.contains(s) {
            throw Invalid(field: "source", message: "Invalid source '\(s)': expected one of \(Self.sources.joined(separator: ", "))")
        }
        if let v = self.validationStatus, !Self.validationStatuses.contains(v) {
            throw Invalid(field: "validation_status", message: "Invalid validation_status '\(v)': expected valid or invalid")
        }
    }

    /// Whether `row` passes every filter.
    public func matches(_ row: SerialRow) -> Bool {
        let day = Self.dayString(row.timestamp)
        if let a = dateFrom, day < a { return false }
        if let b = dateTo, day > b { return false }
        if let s = source, row.source != s { return false }
        if let d = deviceType, row.deviceType.lowercased() != d.lowercased() { return false }
        if let v = validationStatus, row.validationPassed != (v == "valid") { return false }
        return true
    }

    /// `(label, value)` for the Summary and Export Metadata sheets, with `unset` for missing ones.
    func described(unset: String) -> [(String, String)] {
        [("Date From", dateFrom ?? unset), ("Date To", dateTo ?? unset), ("Source", source ?? unset),
         ("Device Type", deviceType ?? unset), ("Validation Status", validationStatus ?? unset)]
    }

    /// Parses a strict `YYYY-MM-DD` calendar date in UTC.
    static func day(_ s: String) -> Date? {
        guard s.count == 10, s.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#, options: .regularExpression) != nil else { return nil }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"; f.isLenient = false
        guard let d = f.date(from: s), f.string(from: d) == s else { return nil }
        return d
    }

    /// `yyyy-MM-dd` of `date` in UTC.
    static func dayString(_ date: Date) -> String { XLSXReport.utc("yyyy-MM-dd", date) }
}
