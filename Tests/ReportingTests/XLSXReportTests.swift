import Evaluation
import Foundation
import Testing
import TestSupport
@testable import Reporting

/// The workbook read back by an independent reader (`scripts/check_xlsx.py`, openpyxl).
@Suite("XLSX export")
struct XLSXReportTests {
    static let python = URL(fileURLWithPath: "/usr/bin/env")

    /// Writes `summary`'s workbook and returns what openpyxl sees.
    static func readBack(_ summary: EvaluationSummary, options: XLSXReport.Options) throws -> [String: Any] {
        let dir = try Fixtures.tempDir("xlsx")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(XLSXReport.exportFileName(options.generatedAt))
        try XLSXReport.write(summary, to: url, options: options)
        let script = Fixtures.repoRoot.appendingPathComponent("scripts/check_xlsx.py").path
        let r = try Fixtures.run(python, ["python3", script, url.path])
        try #require(r.status == 0, "check_xlsx.py failed (\(r.status)): \(r.err) — run `pip install openpyxl` (make setup)")
        let obj = try JSONSerialization.jsonObject(with: Data(r.out.utf8))
        return try #require(obj as? [String: Any])
    }

    @Test func contractSheetsToTheLetter() throws {
        let opts = XLSXReport.Options(generatedAt: ReportFixtures.t0.addingTimeInterval(60))
        let x = try Self.readBack(ReportFixtures.serialSummary, options: opts)
        #expect(x["sheets"] as? [String] == XLSXReport.sheetNames)
        #expect(x["header"] as? [String] == ["ID", "Timestamp (UTC)", "Serial", "Device Type", "Confidence", "Source", "Notes", "Validation Passed", "Confidence Acceptable"])
        #expect(x["header_fill"] as? [String] == ["366092"])
        #expect(x["header_fill_type"] as? [String] == ["solid"])
        #expect(x["header_bold"] as? Bool == true)
        #expect(x["header_font_color"] as? [String] == ["FFFFFF"])
        #expect(x["header_align"] as? [String] == ["center"])
        #expect(x["rows"] as? Int == 7)
        #expect(x["confidence_formats"] as? [String] == ["0.000"])
        let validation = try #require(x["validation"] as? [[String: Any]])
        for v in validation {
            for (value, fill) in [("passed", "passed_fill"), ("acceptable", "acceptable_fill")] {
                let ok = try #require(v[value] as? Bool)
                #expect(v[fill] as? String == (ok ? "C6EFCE" : "FFC7CE"))
            }
        }
        #expect(validation.map { $0["passed"] as? Bool } == [true, true, false, false, false, true, true])
        #expect(validation.map { $0["acceptable"] as? Bool } == [true, false, false, false, false, true, false])
        let rows = try #require(x["serial_rows"] as? [[Any]])
        #expect(rows[0][0] as? Int == 1)
        #expect(rows[0][1] as? String == "2025-06-15 15:06:41")
        #expect(rows[0][2] as? String == "C02XK1JHJG5H")
        #expect(rows[0][5] as? String == "server")
        let widths = try #require((x["widths"] as? [String: [String: Double]])?["Serial Data"])
        #expect(widths.values.allSatisfy { $0 <= 50 })
        #expect(widths["G"] == 50) // Notes are long: capped
        #expect(x["charts"] as? [String: Int] == ["Serial Data": 0, "Summary": 0, "Export Metadata": 0, "Evaluation": 0, "Latency": 1, "Confidence": 2])

        let summary = try #require(x["Summary"] as? [[Any]])
        let labels = summary.map { $0[0] as? String ?? "" }
        #expect(labels == ["Export Information", "Export Date", "Total Records", "", "Filters Applied", "Date From", "Date To",
                           "Source", "Device Type", "Validation Status", "", "Data Statistics", "Average Confidence",
                           "Min Confidence", "Max Confidence", "Records by Source", "  server", "Validation Statistics",
                           "Valid Records", "Invalid Records", "Validation Rate"])
        let values = Dictionary(summary.map { ($0[0] as? String ?? "", $0[1]) }, uniquingKeysWith: { a, _ in a })
        #expect(values["Export Date"] as? String == "2025-06-15 15:07:40 UTC")
        #expect(values["Total Records"] as? Int == 7)
        #expect(values["Validation Status"] as? String == "All")
        #expect(values["Average Confidence"] as? String == "0.531")
        #expect(values["Min Confidence"] as? String == "0.000")
        #expect(values["Max Confidence"] as? String == "0.930")
        #expect(values["  server"] as? Int == 7)
        #expect(values["Valid Records"] as? Int == 4)
        #expect(values["Validation Rate"] as? String == "57.1%")
        #expect(summary.filter { !($0[0] is NSNull) }.allSatisfy { $0[2] as? Bool == true }, "labels are bold")

        let meta = try #require(x["Export Metadata"] as? [[Any]])
        #expect(meta.map { $0[0] as? String ?? "" } == ["Export Metadata", "Generated At", "Total Records Exported", "Filters Applied",
                                                        "  Date From", "  Date To", "  Source", "  Device Type", "  Validation Status", "",
                                                        "System Information", "Database Records", "Phase", "Export Version"])
        let mv = Dictionary(meta.map { ($0[0] as? String ?? "", $0[1]) }, uniquingKeysWith: { a, _ in a })
        #expect(mv["Generated At"] as? String == "2025-06-15T15:07:40Z")
        #expect(mv["  Source"] as? String == "None")
        #expect(mv["Database Records"] as? Int == 7)
    }

    @Test func filtersAndEmptyExport() throws {
        let f = try ExportFilters(validationStatus: "invalid")
        let x = try Self.readBack(ReportFixtures.serialSummary, options: .init(filters: f, generatedAt: ReportFixtures.t0))
        #expect(x["rows"] as? Int == 3)
        let meta = try #require(x["Export Metadata"] as? [[Any]])
        let mv = Dictionary(meta.map { ($0[0] as? String ?? "", $0[1]) }, uniquingKeysWith: { a, _ in a })
        #expect(mv["  Validation Status"] as? String == "invalid")
        #expect(mv["Total Records Exported"] as? Int == 3)
        #expect(mv["Database Records"] as? Int == 7)

        let empty = try Self.readBack(EvaluationSummary(info: ReportFixtures.info(), records: []), options: .init(generatedAt: ReportFixtures.t0))
        #expect(empty["rows"] as? Int == 0)
        #expect(empty["sheets"] as? [String] == XLSXReport.sheetNames)
        let summary = try #require(empty["Summary"] as? [[Any]])
        let values = Dictionary(summary.map { ($0[0] as? String ?? "", $0[1]) }, uniquingKeysWith: { a, _ in a })
        #expect(values["Validation Rate"] as? String == "0.0%")
        #expect(values["Average Confidence"] as? String == "0.000")
    }

    @Test func unwritableDestinationThrows() {
        #expect(throws: XLSXError.self) {
            try XLSXReport.write(ReportFixtures.serialSummary, to: URL(fileURLWithPath: "/proc/nope/serials.xlsx"))
        }
    }
}
