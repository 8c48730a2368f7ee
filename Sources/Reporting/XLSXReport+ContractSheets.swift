import Evaluation
import Foundation

extension XLSXReport {
    /// `Serial Data`: one row per image, the contract's header and styles.
    static func writeSerialData(_ rows: [SerialRow], _ wb: borrowing XLSXWorkbook, _ st: XLSXStyles) throws(XLSXError) {
        var w = XLSXSheetWriter(try wb.addSheet("Serial Data"))
        try w.put(serialHeader.map { .text($0) }, format: st.header)
        for r in rows {
            try w.put([
                .int(r.id), .text(utc("yyyy-MM-dd HH:mm:ss", r.timestamp)), .text(r.serial), .text(r.deviceType),
                .number(r.confidence, st.confidence), .text(r.source), .text(r.notes),
                .bool(r.validationPassed, r.validationPassed ? st.pass : st.fail),
                .bool(r.confidenceAcceptable, r.confidenceAcceptable ? st.pass : st.fail),
            ])
        }
        w.sheet.freezeRows(1)
        try w.fitColumns()
    }

    /// `Summary`: label/value rows exactly as the contract lists them, labels in bold.
    static func writeSummary(_ rows: [SerialRow], _ o: Options, _ wb: borrowing XLSXWorkbook, _ st: XLSXStyles) throws(XLSXError) {
        var w = XLSXSheetWriter(try wb.addSheet("Summary"))
        var labels: [String] = []
        func line(_ label: String, _ value: XLSXCell = .blank) throws(XLSXError) {
            labels.append(label)
            try w.sheet.write(w.row, 0, label, st.bold)
            try w.put([.blank, value])
        }
        try line("Export Information")
        try line("Export Date", .text(utc("yyyy-MM-dd HH:mm:ss", o.generatedAt) + " UTC"))
        try line("Total Records", .int(rows.count))
        w.skip()
        try line("Filters Applied")
        for (k, v) in o.filters.described(unset: "All") { try line(k, .text(v)) }
        w.skip()
        try line("Data Statistics")
        let conf = rows.map(\.confidence)
        let avg = conf.isEmpty ? 0 : conf.reduce(0, +) / Double(conf.count)
        try line("Average Confidence", .text(String(format: "%.3f", avg)))
        try line("Min Confidence", .text(String(format: "%.3f", conf.min() ?? 0)))
        try line("Max Confidence", .text(String(format: "%.3f", conf.max() ?? 0)))
        try line("Records by Source")
        for (source, n) in Dictionary(grouping: rows, by: \.source).mapValues(\.count).sorted(by: { $0.key < $1.key }) {
            try line("  \(source)", .int(n))
        }
        try line("Validation Statistics")
        let valid = rows.filter(\.validationPassed).count
        try line("Valid Records", .int(valid))
        try line("Invalid Records", .int(rows.count - valid))
        let rate = rows.isEmpty ? 0 : Double(valid) / Double(rows.count) * 100
        try line("Validation Rate", .text(String(format: "%.1f%%", Metrics.round(rate, 1))))
        try w.fitColumns()
        try w.sheet.setStoredColumnWidth(0, Double(min(50, (labels.map(\.count).max() ?? 0) + 2)))
    }

    /// `Export Metadata`: label/value rows exactly as the contract lists them.
    static func writeMetadata(_ rows: [SerialRow], databaseRecords: Int, summary: EvaluationSummary, _ o: Options,
                              _ wb: borrowing XLSXWorkbook, _ st: XLSXStyles) throws(XLSXError) {
        var w = XLSXSheetWriter(try wb.addSheet("Export Metadata"))
        var labels: [String] = []
        func line(_ label: String, _ value: XLSXCell = .blank) throws(XLSXError) {
            labels.append(label)
            try w.sheet.write(w.row, 0, label, st.bold)
            try w.put([.blank, value])
        }
        try line("Export Metadata")
        try line("Generated At", .text(EvaluationSummary.iso(o.generatedAt)))
        try line("Total Records Exported", .int(rows.count))
        try line("Filters Applied")
        for (k, v) in o.filters.described(unset: "None") { try line("  \(k)", .text(v)) }
        w.skip()
        try line("System Information")
        try line("Database Records", .int(databaseRecords))
        try line("Phase", .text(o.phase))
        try line("Export Version", .text("scanbench \(summary.info.versions["scanbench"] ?? "unknown")"))
        try w.fitColumns()
        try w.sheet.setStoredColumnWidth(0, Double(min(50, (labels.map(\.count).max() ?? 0) + 2)))
    }
}
