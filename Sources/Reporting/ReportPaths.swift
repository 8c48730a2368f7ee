import Foundation

/// File names of a run's reports, named like the backend's:
/// `eval_<dataset basename>_<UTC yyyyMMdd_HHmmss>.json/.csv`.
public struct ReportPaths: Sendable {
    public let folder: URL
    public let stem: String

    /// Paths for a run of `dataset` started at `date`, written into `folder`.
    public init(folder: URL, dataset: String, date: Date) {
        self.folder = folder
        let base = URL(fileURLWithPath: dataset).standardizedFileURL.lastPathComponent
        self.stem = "eval_\(base.isEmpty ? "dataset" : base)_\(Self.stamp(date))"
    }

    public var json: URL { folder.appendingPathComponent(stem + ".json") }
    public var csv: URL { folder.appendingPathComponent(stem + ".csv") }
    /// The per-image record (JSON Lines), written as the run goes.
    public var records: URL { folder.appendingPathComponent(stem + ".records.jsonl") }
    /// The self-contained HTML report.
    public var html: URL { folder.appendingPathComponent(stem + ".html") }
    /// JUnit XML, one testcase per image.
    public var junit: URL { folder.appendingPathComponent(stem + ".junit.xml") }
    /// The Markdown summary.
    public var markdown: URL { folder.appendingPathComponent(stem + ".md") }
    /// The `/export`-shaped workbook of this run.
    public var xlsx: URL { folder.appendingPathComponent(stem + ".xlsx") }

    /// Paths in `folder` with an explicit stem (re-rendering an existing run's reports).
    public init(folder: URL, stem: String) {
        self.folder = folder
        self.stem = stem
    }

    /// The paths of the run a `.records.jsonl` or `.json` file belongs to (same folder and stem).
    public init(sibling file: URL) {
        var name = file.lastPathComponent
        for suffix in [".records.jsonl", ".junit.xml", ".json", ".csv", ".html", ".md", ".xlsx"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        self.init(folder: file.deletingLastPathComponent(), stem: name)
    }

    /// `yyyyMMdd_HHmmss` in UTC.
    public static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd_HHmmss"
        return f.string(from: date)
    }
}
