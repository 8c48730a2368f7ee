import CXLSXWriter
import Foundation

/// An open libxlsxwriter workbook that is written and freed exactly once.
///
/// `~Copyable`: the handle cannot be duplicated, `close()` consumes it, and `deinit` closes a
/// workbook that was never closed (e.g. when an error is thrown while filling it), so the C
/// object is always freed and never freed twice. The corresponding C type is `lxw_workbook`.
struct XLSXWorkbook: ~Copyable {
    private let raw: UnsafeMutablePointer<lxw_workbook>

    /// Creates a workbook that `close()` writes to `path`. The corresponding C function is
    /// `workbook_new`.
    init(path: String) throws(XLSXError) {
        guard let wb = workbook_new(path) else { throw XLSXError(message: "workbook_new: cannot create a workbook for \(path)") }
        raw = wb
    }

    /// Adds a worksheet named `name` (≤ 31 characters, unique). Valid until the workbook closes.
    func addSheet(_ name: String) throws(XLSXError) -> XLSXSheet {
        guard let ws = workbook_add_worksheet(raw, name) else { throw XLSXError(message: "workbook_add_worksheet: cannot add sheet '\(name)'") }
        return XLSXSheet(raw: ws, name: name)
    }

    /// A cell format owned by the workbook (freed by `close`).
    func addFormat(_ configure: (XLSXFormat) -> Void = { _ in }) throws(XLSXError) -> XLSXFormat {
        guard let f = workbook_add_format(raw) else { throw XLSXError(message: "workbook_add_format failed") }
        let format = XLSXFormat(raw: f)
        configure(format)
        return format
    }

    /// A native chart owned by the workbook, to be filled and inserted in a sheet.
    func addChart(_ type: XLSXChart.Kind) throws(XLSXError) -> XLSXChart {
        guard let c = workbook_add_chart(raw, type.code) else { throw XLSXError(message: "workbook_add_chart failed") }
        return XLSXChart(raw: c)
    }

    /// Writes the file and frees every C object of the workbook. The corresponding C function
    /// is `workbook_close`.
    consuming func close() throws(XLSXError) {
        let raw = self.raw
        discard self
        let err = workbook_close(raw)
        if err != LXW_NO_ERROR {
            throw XLSXError(message: "workbook_close: \(String(cString: lxw_strerror(err)))")
        }
    }

    deinit {
        // Never closed (an error while filling): free it; the partial file is discarded by the caller.
        _ = workbook_close(raw)
    }
}

/// A worksheet of an open `XLSXWorkbook`; the workbook owns it.
struct XLSXSheet {
    fileprivate let raw: UnsafeMutablePointer<lxw_worksheet>
    /// The sheet's name, for chart ranges.
    let name: String

    /// Excel's limit on a cell's text.
    static let maxString = 32_767

    private func check(_ err: lxw_error, _ what: String) throws(XLSXError) {
        if err != LXW_NO_ERROR { throw XLSXError(message: "\(what) on sheet '\(name)': \(String(cString: lxw_strerror(err)))") }
    }

    /// Writes text (cut to Excel's 32,767-character limit).
    func write(_ row: Int, _ col: Int, _ text: String, _ format: XLSXFormat? = nil) throws(XLSXError) {
        let t = text.unicodeScalars.count > Self.maxString ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maxString))) : text
        try check(worksheet_write_string(raw, lxw_row_t(row), lxw_col_t(col), t, format?.raw), "worksheet_write_string")
    }

    /// Writes a number (non-finite values are written as 0: Excel has no NaN).
    func write(_ row: Int, _ col: Int, _ number: Double, _ format: XLSXFormat? = nil) throws(XLSXError) {
        try check(worksheet_write_number(raw, lxw_row_t(row), lxw_col_t(col), number.isFinite ? number : 0, format?.raw), "worksheet_write_number")
    }

    /// Writes an integer.
    func write(_ row: Int, _ col: Int, _ number: Int, _ format: XLSXFormat? = nil) throws(XLSXError) {
        try write(row, col, Double(number), format)
    }

    /// Writes a boolean (`TRUE`/`FALSE`).
    func write(_ row: Int, _ col: Int, _ value: Bool, _ format: XLSXFormat? = nil) throws(XLSXError) {
        try check(worksheet_write_boolean(raw, lxw_row_t(row), lxw_col_t(col), value ? 1 : 0, format?.raw), "worksheet_write_boolean")
    }

    /// Sets the width (in characters) of column `col`.
    func setColumnWidth(_ col: Int, _ width: Double) throws(XLSXError) {
        try check(worksheet_set_column(raw, lxw_col_t(col), lxw_col_t(col), width, nil), "worksheet_set_column")
    }

    /// Sets the width so that the file stores exactly `width`, as openpyxl's
    /// `column_dimensions[c].width = width` does (the backend's files). libxlsxwriter adds
    /// Excel's 5-pixel padding (7-pixel digits) to what it is given, so it is given `width - 5/7`.
    func setStoredColumnWidth(_ col: Int, _ width: Double) throws(XLSXError) {
        try setColumnWidth(col, max(0, (width * 7 - 5) / 7))
    }

    /// Freezes the rows above `row`.
    func freezeRows(_ row: Int) { worksheet_freeze_panes(raw, lxw_row_t(row), 0) }

    /// Inserts `chart` with its top-left corner at (`row`, `col`).
    func insert(_ chart: XLSXChart, row: Int, col: Int) throws(XLSXError) {
        try check(worksheet_insert_chart(raw, lxw_row_t(row), lxw_col_t(col), chart.raw), "worksheet_insert_chart")
    }
}

/// A cell format of an open `XLSXWorkbook`; the workbook owns it.
struct XLSXFormat {
    fileprivate let raw: UnsafeMutablePointer<lxw_format>

    /// Bold text.
    func bold() { format_set_bold(raw) }
    /// Font colour as `0xRRGGBB`.
    func fontColor(_ rgb: UInt32) { format_set_font_color(raw, lxw_color_t(rgb)) }
    /// Solid fill as `0xRRGGBB`.
    func fill(_ rgb: UInt32) { format_set_pattern(raw, UInt8(LXW_PATTERN_SOLID.rawValue)); format_set_bg_color(raw, lxw_color_t(rgb)) }
    /// Horizontally centred.
    func center() { format_set_align(raw, UInt8(LXW_ALIGN_CENTER.rawValue)) }
    /// Number format, e.g. `0.000`.
    func numberFormat(_ f: String) { format_set_num_format(raw, f) }
    /// Indent level.
    func indent(_ level: Int) { format_set_indent(raw, UInt8(clamping: level)) }
}

/// A native chart of an open `XLSXWorkbook`; the workbook owns it.
struct XLSXChart {
    /// Chart types used by the reports.
    enum Kind {
        case column, stackedColumn, line
        var code: UInt8 {
            switch self {
            case .column: UInt8(LXW_CHART_COLUMN.rawValue)
            case .stackedColumn: UInt8(LXW_CHART_COLUMN_STACKED.rawValue)
            case .line: UInt8(LXW_CHART_LINE.rawValue)
            }
        }
    }

    fileprivate let raw: UnsafeMutablePointer<lxw_chart>

    /// Adds a series: categories and values are column ranges `rows` of `sheet`.
    func addSeries(name: String, sheet: XLSXSheet, rows: ClosedRange<Int>, categoryColumn: Int, valueColumn: Int, color: UInt32? = nil) {
        guard let s = chart_add_series(raw, nil, nil) else { return }
        chart_series_set_name(s, name)
        chart_series_set_categories(s, sheet.name, lxw_row_t(rows.lowerBound), lxw_col_t(categoryColumn), lxw_row_t(rows.upperBound), lxw_col_t(categoryColumn))
        chart_series_set_values(s, sheet.name, lxw_row_t(rows.lowerBound), lxw_col_t(valueColumn), lxw_row_t(rows.upperBound), lxw_col_t(valueColumn))
        if let color {
            var fill = lxw_chart_fill(color: lxw_color_t(color), none: 0, transparency: 0)
            chart_series_set_fill(s, &fill)
        }
    }

    /// Title and axis names.
    func titles(_ title: String, x: String, y: String) {
        chart_title_set_name(raw, title)
        chart_axis_set_name(raw.pointee.x_axis, x)
        chart_axis_set_name(raw.pointee.y_axis, y)
        chart_legend_set_position(raw, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
    }

    /// Fixes the value axis range.
    func valueAxis(min: Double, max: Double) {
        chart_axis_set_min(raw.pointee.y_axis, min)
        chart_axis_set_max(raw.pointee.y_axis, max)
    }
}
