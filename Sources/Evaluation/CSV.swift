import Foundation

/// RFC 4180 CSV reading and writing: quoted fields, doubled quotes, embedded commas and
/// newlines, CRLF or LF line ends, a UTF-8 byte-order mark.
public enum CSV {
    /// Splits `text` into rows of fields.
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var it = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        var sawAny = false
        if text.unicodeScalars.first == "\u{FEFF}" { _ = it.next() }
        while let c = pending ?? it.next() {
            pending = nil
            sawAny = true
            if inQuotes {
                if c == "\"" {
                    if let n = it.next() {
                        if n == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = n }
                    } else { inQuotes = false }
                } else { field.unicodeScalars.append(c) }
                continue
            }
            switch c {
            case "\"" where field.isEmpty: inQuotes = true
            case ",": row.append(field); field = ""
            case "\r":
                if let n = it.next(), n != "\n" { pending = n }
                row.append(field); rows.append(row); row = []; field = ""
            case "\n": row.append(field); rows.append(row); row = []; field = ""
            default: field.unicodeScalars.append(c)
            }
        }
        if sawAny && (!field.isEmpty || !row.isEmpty) { row.append(field); rows.append(row) }
        return rows
    }

    /// Quotes a field when it holds a comma, quote or line break.
    public static func escape(_ field: String) -> String {
        // By scalar: "\r\n" is one Character, equal to neither "\r" nor "\n".
        if field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return field
    }

    /// One CSV line (without the line end).
    public static func line(_ fields: [String]) -> String { fields.map(escape).joined(separator: ",") }
}
