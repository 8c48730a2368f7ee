import Evaluation
import Foundation

/// The `/export` workbook, written with libxlsxwriter: the contract's `Serial Data`, `Summary`
/// and `Export Metadata` sheets, then `Evaluation`, `Latency` and `Confidence` with native charts.
public enum XLSXReport {
    /// The contract's sheet names, in order, then ours.
    public static let sheetNames = ["Serial Data", "Summary", "Export Metadata", "Evaluation", "Latency", "Confidence"]
    /// The `Serial Data` header.
    public static let serialHeader = ["ID", "Timestamp (UTC)", "Serial", "Device Type", "Confidence", "Source", "Notes", "Validation Passed", "Confidence Acceptable"]
    /// The media type of the file.
    public static let mediaType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    /// `Confidence Acceptable` threshold unless told otherwise (the summary's high-confidence bar).
    public static let defaultAcceptableConfidence = EvaluationSummary.highConfidence

    /// What to write.
    public struct Options: Sendable {
        public var filters: ExportFilters
        public var generatedAt: Date
        public var acceptableConfidence: Double
        /// `Phase` in Export Metadata.
        public var phase: String

        public init(filters: ExportFilters = .none, generatedAt: Date = Date(),
                    acceptableConfidence: Double = XLSXReport.defaultAcceptableConfidence, phase: String = "evaluation") {
            self.filters = filters; self.generatedAt = generatedAt
            self.acceptableConfidence = acceptableConfidence; self.phase = phase
        }
    }

    /// `serials_<yyyyMMdd_HHmmss>.xlsx` for an export made at `date` (UTC).
    public static func exportFileName(_ date: Date) -> String { "serials_\(ReportPaths.stamp(date)).xlsx" }

    /// Writes the workbook for `summary` to `url` atomically (a temporary file, then rename).
    /// Returns the number of Serial Data rows after filtering.
    @discardableResult
    public static func write(_ summary: EvaluationSummary, to url: URL, options: Options = Options()) throws(XLSXError) -> Int {
        let all = SerialRow.rows(summary.records, acceptableConfidence: options.acceptableConfidence)
        return try write(rows: all.filter(options.filters.matches), databaseRecords: all.count, summary: summary, to: url, options: options)
    }

    /// Writes the workbook with Serial Data `rows` (already filtered, e.g. read from the run
    /// history) and `databaseRecords` for Export Metadata; `summary` fills the sheets after the
    /// contract's three. The same sheets and formats as `write(_:to:options:)`. Returns `rows.count`.
    @discardableResult
    public static func write(rows: [SerialRow], databaseRecords: Int, summary: EvaluationSummary, to url: URL,
                             options: Options = Options()) throws(XLSXError) -> Int {
        let dir = url.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) } catch {
            throw XLSXError(message: "cannot create \(dir.path): \(error.localizedDescription)")
        }
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            let wb = try XLSXWorkbook(path: tmp.path)
            let styles = try XLSXStyles(wb)
            try writeSerialData(rows, wb, styles)
            try writeSummary(rows, options, wb, styles)
            try writeMetadata(rows, databaseRecords: databaseRecords, summary: summary, options, wb, styles)
            try writeEvaluation(summary, wb, styles)
            try writeLatency(summary, wb, styles)
            try writeConfidence(summary, wb, styles)
            try wb.close()
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
        if rename(tmp.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: tmp)
            throw XLSXError(message: "cannot move the workbook into \(url.path): \(reason)")
        }
        return rows.count
    }

    /// `date` formatted in UTC with a POSIX locale.
    static func utc(_ format: String, _ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = format
        return f.string(from: date)
    }
}

/// The formats every sheet shares, created once per workbook.
struct XLSXStyles {
    let header: XLSXFormat, bold: XLSXFormat, confidence: XLSXFormat, pass: XLSXFormat, fail: XLSXFormat, decimal: XLSXFormat, percent: XLSXFormat

    /// The contract's colours: header fill #366092 with bold white text, pass #C6EFCE, fail #FFC7CE.
    init(_ wb: borrowing XLSXWorkbook) throws(XLSXError) {
        header = try wb.addFormat { $0.bold(); $0.fontColor(0xFFFFFF); $0.fill(0x366092); $0.center() }
        bold = try wb.addFormat { $0.bold() }
        confidence = try wb.addFormat { $0.numberFormat("0.000") }
        pass = try wb.addFormat { $0.fill(0xC6EFCE); $0.fontColor(0x006100) }
        fail = try wb.addFormat { $0.fill(0xFFC7CE); $0.fontColor(0x9C0006) }
        decimal = try wb.addFormat { $0.numberFormat("0.00") }
        percent = try wb.addFormat { $0.numberFormat("0.00") }
    }
}
