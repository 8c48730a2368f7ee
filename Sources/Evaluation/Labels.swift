import Foundation

/// One row of `labels.csv`.
public struct LabelRow: Hashable, Sendable, Codable {
    /// `filename` as written: a base name or a path relative to the dataset folder.
    public var filename: String
    /// Ground truth (serial or permit number), upper-cased and trimmed; `nil` when empty.
    public var truth: String?
    /// Permit datasets: `permit`, `not_permit` or `unreadable`.
    public var kind: String?
    /// Every other column, by header name (`preset`, `device_type`, `note`, degradations ...).
    public var extra: [String: String]
    /// 1-based line number in the file, for messages.
    public var line: Int
}

/// A problem found in `labels.csv`, reported rather than guessed around.
public struct LabelIssue: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        case missingColumn = "missing_column"
        case duplicateFilename = "duplicate_filename"
        case missingFile = "label_without_file"
        case badEncoding = "non_utf8"
        case shortRow = "short_row"
        case missingLabels = "missing_labels_file"
        /// Images the walk found that no row labels; they count as unlabelled.
        case fileWithoutLabel = "file_without_label"
        /// A base-name label matches images in several folders; each of them gets it.
        case ambiguousFilename = "ambiguous_filename"
        /// The file uses CRLF line ends (read correctly; reported so editors can be fixed).
        case crlfLineEnds = "crlf_line_ends"
        /// Some fields are quoted (read as RFC 4180: quotes removed, doubled quotes kept once).
        case quotedFields = "quoted_fields"
    }
    public var kind: Kind
    public var line: Int?
    public var message: String
    public var description: String { (line.map { "line \($0): " } ?? "") + message }
    /// Creates an issue.
    public init(kind: Kind, line: Int?, message: String) { self.kind = kind; self.line = line; self.message = message }
}

/// The parsed `labels.csv` of a dataset folder.
public struct Labels: Sendable {
    /// Which column holds the truth.
    public enum Schema: String, Sendable, Codable { case serial, permit }

    public var schema: Schema
    public var rows: [LabelRow]
    public var issues: [LabelIssue]
    /// The header as found.
    public var header: [String]

    /// No labels at all (no file).
    public static let empty = Labels(schema: .serial, rows: [], issues: [], header: [])

    /// Parses CSV text. Missing required columns are reported as issues; the rows that can be
    /// read are kept.
    public static func parse(_ text: String) -> Labels {
        var labels = parse(table: CSV.parse(text))
        // A file without a usable header says only that.
        guard labels.header.contains("filename") else { return labels }
        if text.contains("\r\n") {
            labels.issues.append(LabelIssue(kind: .crlfLineEnds, line: nil, message: "labels.csv has CRLF (Windows) line ends; read correctly"))
        }
        if text.contains("\"") {
            // By scalar: with CRLF ends, "\r\n" is one Character and would not split on "\n".
            let quotedLines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains("\"") }.map { $0.offset + 1 }
            labels.issues.append(LabelIssue(kind: .quotedFields, line: quotedLines.first,
                                            message: "labels.csv has quoted fields on \(quotedLines.count) line\(quotedLines.count == 1 ? "" : "s"); quotes were removed as in RFC 4180"))
        }
        return labels
    }

    /// Parses a table already split into fields (the header row first), as `parse(_:)` reads
    /// labels.csv: a source that makes its labels in memory (a synthetic set) gets exactly the
    /// rows its labels.csv would give.
    public static func parse(table: [[String]]) -> Labels {
        guard let rawHeader = table.first else {
            return Labels(schema: .serial, rows: [], issues: [LabelIssue(kind: .missingColumn, line: 1, message: "labels.csv is empty: expected a header 'filename,serial'")], header: [])
        }
        let header = rawHeader.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var issues: [LabelIssue] = []
        let schema: Schema = header.contains("permit_number") ? .permit : .serial
        let truthColumn = schema == .permit ? "permit_number" : "serial"
        guard let fileIdx = header.firstIndex(of: "filename") else {
            issues.append(LabelIssue(kind: .missingColumn, line: 1, message: "labels.csv has no 'filename' column (header: \(rawHeader.joined(separator: ",")))"))
            return Labels(schema: schema, rows: [], issues: issues, header: header)
        }
        let truthIdx = header.firstIndex(of: truthColumn)
        if truthIdx == nil {
            issues.append(LabelIssue(kind: .missingColumn, line: 1, message: "labels.csv has no '\(truthColumn)' column: every image is unlabelled"))
        }
        let kindIdx = header.firstIndex(of: "kind")
        var rows: [LabelRow] = []
        var seen: [String: Int] = [:]
        for (n, fields) in table.dropFirst().enumerated() {
            let line = n + 2
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard fileIdx < fields.count else {
                issues.append(LabelIssue(kind: .shortRow, line: line, message: "row has \(fields.count) fields, no filename"))
                continue
            }
            let name = fields[fileIdx].trimmingCharacters(in: .whitespaces)
            if name.isEmpty { continue }
            if let first = seen[name] {
                issues.append(LabelIssue(kind: .duplicateFilename, line: line, message: "'\(name)' is labelled again (first on line \(first)); the first label is used"))
                continue
            }
            seen[name] = line
            let truth = truthIdx.flatMap { $0 < fields.count ? normalizeTruth(fields[$0]) : nil }
            let kind = kindIdx.flatMap { $0 < fields.count ? fields[$0].trimmingCharacters(in: .whitespaces).lowercased() : nil }.flatMap { $0.isEmpty ? nil : $0 }
            var extra: [String: String] = [:]
            for (i, h) in header.enumerated() where i != fileIdx && i != truthIdx && i != kindIdx && i < fields.count && !h.isEmpty {
                extra[h] = fields[i]
            }
            rows.append(LabelRow(filename: name, truth: truth, kind: kind, extra: extra, line: line))
        }
        return Labels(schema: schema, rows: rows, issues: issues, header: header)
    }

    /// Reads `labels.csv` from `url`; non-UTF-8 bytes are replaced and reported.
    public static func load(_ url: URL) throws -> Labels {
        let data = try Data(contentsOf: url)
        if let text = String(data: data, encoding: .utf8) { return parse(text) }
        var labels = parse(String(decoding: data, as: UTF8.self))
        labels.issues.append(LabelIssue(kind: .badEncoding, line: nil, message: "labels.csv is not valid UTF-8; invalid bytes were replaced with U+FFFD"))
        return labels
    }

    /// Ground truth as compared: trimmed and upper-cased; empty → `nil`.
    public static func normalizeTruth(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        return t.isEmpty ? nil : t
    }

    /// Finds the label for an image at `relativePath`: the exact relative path first, then the
    /// base name (the backend's rule).
    public func lookup(relativePath: String) -> LabelRow? {
        byName[relativePath] ?? byName[Self.baseName(relativePath)]
    }

    /// Checks the labels against the images a walk found: labels naming no image
    /// (`label_without_file`), images no label names (`file_without_label`, one issue with the
    /// count and the first names; they count as unlabelled) and base-name labels that match
    /// images in several folders (`ambiguous_filename`). Returns the issues found.
    public func audit(relativePaths: [String]) -> [LabelIssue] {
        var found: [LabelIssue] = []
        let paths = Set(relativePaths)
        var byBase: [String: [String]] = [:]
        for p in relativePaths { byBase[Self.baseName(p), default: []].append(p) }
        for row in rows {
            if paths.contains(row.filename) { continue }
            if let matches = byBase[row.filename] {
                if matches.count > 1 {
                    found.append(LabelIssue(kind: .ambiguousFilename, line: row.line,
                                            message: "'\(row.filename)' matches \(matches.count) images (\(matches.prefix(3).joined(separator: ", "))); write the path relative to the dataset folder"))
                }
                continue
            }
            found.append(LabelIssue(kind: .missingFile, line: row.line, message: "'\(row.filename)' is labelled but no such image was found"))
        }
        if !rows.isEmpty || !header.isEmpty {
            let unlabelled = relativePaths.filter { lookup(relativePath: $0) == nil }
            if !unlabelled.isEmpty {
                let shown = unlabelled.prefix(5).joined(separator: ", ") + (unlabelled.count > 5 ? ", …" : "")
                found.append(LabelIssue(kind: .fileWithoutLabel, line: nil,
                                        message: "\(unlabelled.count) image\(unlabelled.count == 1 ? " has" : "s have") no row in labels.csv and count as unlabelled: \(shown)"))
            }
        }
        return found
    }

    /// The last `/`-separated component of a label's file name. Not `NSString.lastPathComponent`:
    /// Foundation on Linux traps on names such as `a//é` (found by the labels fuzz test), and
    /// one odd row in labels.csv must not crash a nightly run.
    public static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// Rows by their `filename` and by base name (built once in `init`).
    private let byName: [String: LabelRow]

    /// Creates labels from parsed rows.
    public init(schema: Schema, rows: [LabelRow], issues: [LabelIssue], header: [String]) {
        self.schema = schema; self.rows = rows; self.issues = issues; self.header = header
        var d: [String: LabelRow] = [:]
        for r in rows {
            d[r.filename] = r
            let base = Self.baseName(r.filename)
            if d[base] == nil { d[base] = r }
        }
        byName = d
    }
}
