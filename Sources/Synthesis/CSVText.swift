import Foundation

/// Minimal RFC 4180 CSV writing for labels.csv.
enum CSVText {
    /// One CSV line (with `\n`): fields containing a comma, quote or newline are quoted.
    static func line(_ fields: [String]) -> String {
        fields.map { f in
            f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
        }.joined(separator: ",") + "\n"
    }
}
