/// Escaping for the XML and HTML renderings.
package enum Markup {
    /// Escapes `& < > " '` and drops control characters XML 1.0 cannot carry.
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(u)
            default: if u.value >= 0x20 && u.value != 0xFFFE && u.value != 0xFFFF { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
