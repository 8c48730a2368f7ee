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

    /// `yyyyMMdd_HHmmss` in UTC.
    public static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd_HHmmss"
        return f.string(from: date)
    }
}
