/// A value for one cell.
enum XLSXCell {
    case text(String)
    case int(Int)
    case number(Double, XLSXFormat?)
    case bool(Bool, XLSXFormat?)
    case blank

    /// The text Excel shows, for fitting column widths.
    var shown: String {
        switch self {
        case let .text(s): s
        case let .int(i): String(i)
        case let .number(d, _): String(format: "%.3f", d)
        case let .bool(b, _): b ? "TRUE" : "FALSE"
        case .blank: ""
        }
    }
}

/// Writes rows into a sheet and fits the column widths to the content (capped at 50, as the
/// backend does) when finished.
struct XLSXSheetWriter {
    let sheet: XLSXSheet
    private(set) var row = 0
    private var widths: [Int: Int] = [:]

    init(_ sheet: XLSXSheet) { self.sheet = sheet }

    /// Writes one row at the current row and moves down; `format` applies to text and int cells.
    mutating func put(_ cells: [XLSXCell], format: XLSXFormat? = nil, column: Int = 0) throws(XLSXError) {
        for (i, c) in cells.enumerated() {
            let col = column + i
            switch c {
            case let .text(s): try sheet.write(row, col, s, format)
            case let .int(n): try sheet.write(row, col, n, format)
            case let .number(d, f): try sheet.write(row, col, d, f ?? format)
            case let .bool(b, f): try sheet.write(row, col, b, f ?? format)
            case .blank: break
            }
            widths[col] = max(widths[col] ?? 0, c.shown.count)
        }
        row += 1
    }

    /// Leaves a blank row.
    mutating func skip(_ n: Int = 1) { row += n }

    /// Applies the fitted widths: longest content + 2, at most 50.
    func fitColumns() throws(XLSXError) {
        for (col, w) in widths { try sheet.setStoredColumnWidth(col, Double(min(50, w + 2))) }
    }
}
