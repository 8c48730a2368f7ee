import Evaluation
import Foundation
import Reporting

/// Finds a run's files from what a user typed: a per-image record (`*.records.jsonl`), a JSON
/// summary (its record is the sibling `<stem>.records.jsonl`), or a run folder (the `--out` an
/// `evaluate` wrote into). `merge`, `compare`, `diff`, `report`, `export` and `baseline save`
/// all resolve their paths here, so they accept the same things and fail the same way.
public enum RunLocator {
    /// A path that does not lead to a run; the message names it and says what was expected.
    public struct NotFound: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// A run's files as found.
    public struct Run: Sendable, Hashable {
        /// The per-image record, when there is one.
        public var records: URL?
        /// The JSON summary, when there is one.
        public var summary: URL?
        /// Whether the user gave a folder (the files were picked inside it).
        public var fromFolder: Bool
    }

    /// The suffix of a finished run's record (an unfinished one ends in `.partial.jsonl`).
    public static let recordSuffix = ".records.jsonl"

    /// What to say about a folder holding no finished record.
    static func noRecords(_ folder: URL) -> NotFound {
        NotFound(description: "\(folder.path) is a folder with no *\(recordSuffix): give a run's record or the folder evaluate wrote"
                 + (hasPartial(folder) ? " (it holds only an unfinished *.partial.jsonl: rerun that evaluate to finish it)" : ""))
    }

    /// Whether `path` is an existing folder.
    public static func isFolder(_ path: URL) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path.path, isDirectory: &dir) && dir.boolValue
    }

    /// Every finished record directly in `folder` (not `*.partial.jsonl`), sorted by name.
    public static func recordFiles(in folder: URL) throws(NotFound) -> [URL] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw NotFound(description: "cannot list the folder \(folder.path): \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(recordSuffix) && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The records `merge` reads: each path is a record file, a summary JSON with its record
    /// beside it, or a folder, which gives every finished record in it.
    public static func recordsToMerge(_ paths: [String]) throws(NotFound) -> [URL] {
        var out: [URL] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            if isFolder(url) {
                let found = try recordFiles(in: url)
                guard !found.isEmpty else { throw noRecords(url) }
                out += found
            } else {
                guard let records = try locate(path).records else {
                    throw NotFound(description: "\(path) has no per-image record beside it (\(ReportPaths(sibling: url).records.lastPathComponent)): give the shard's *\(recordSuffix) or the folder evaluate wrote")
                }
                out.append(records)
            }
        }
        return out
    }

    /// The run at `path`: a record file, a summary JSON (with its sibling record when there is
    /// one), or a folder, where the newest run's record is taken (newest by the
    /// `_yyyyMMdd_HHmmss` stamp of `eval_<dataset>_<stamp>.records.jsonl`, with its summary
    /// beside it when present). With `oneDataset`, a folder holding records of several datasets,
    /// or only shards of a run, is refused (a comparison must not pick one silently).
    public static func locate(_ path: String, oneDataset: Bool = false) throws(NotFound) -> Run {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw NotFound(description: "\(path) does not exist: give a run's *\(recordSuffix), its summary JSON, or the folder evaluate wrote")
        }
        if isFolder(url) { return try newest(in: url, oneDataset: oneDataset) }
        let name = url.lastPathComponent
        if name.hasSuffix(recordSuffix) || url.pathExtension == "jsonl" {
            let summary = ReportPaths(sibling: url).json
            return Run(records: url, summary: FileManager.default.fileExists(atPath: summary.path) ? summary : nil, fromFolder: false)
        }
        guard url.pathExtension == "json" else {
            throw NotFound(description: "\(path) is neither a run's *\(recordSuffix), a summary JSON, nor a folder")
        }
        let records = ReportPaths(sibling: url).records
        return Run(records: FileManager.default.fileExists(atPath: records.path) ? records : nil, summary: url, fromFolder: false)
    }

    /// The newest run's record in `folder` (see `locate`).
    static func newest(in folder: URL, oneDataset: Bool) throws(NotFound) -> Run {
        let files = try recordFiles(in: folder)
        guard !files.isEmpty else { throw noRecords(folder) }
        let named = files.map { (url: $0, name: RecordName($0)) }
        if oneDataset {
            let datasets = Set(named.map(\.name.dataset))
            if datasets.count > 1 {
                throw NotFound(description: "\(folder.path) holds records of several datasets (\(datasets.sorted().joined(separator: ", "))): give the run's *\(recordSuffix) file instead of the folder")
            }
        }
        guard let pick = named.max(by: { ($0.name.stamp, $0.url.lastPathComponent) < ($1.name.stamp, $1.url.lastPathComponent) })?.url else {
            throw noRecords(folder)
        }
        if oneDataset, let header = try? RecordLog.load(pick).header, header.shard.count > 1 {
            throw NotFound(description: "\(folder.path) holds shards of a run (\(pick.lastPathComponent) is shard \(header.shard)): merge them first with `scanbench merge \(folder.path)` and give the merged run")
        }
        let summary = ReportPaths(sibling: pick).json
        return Run(records: pick, summary: FileManager.default.fileExists(atPath: summary.path) ? summary : nil, fromFolder: true)
    }

    /// The `--record` / `--json` pair of `report` and `export`, with a folder in either replaced
    /// by the newest run's record in it (and that run's summary, when it is there).
    public static func archiveInputs(record: String?, json: String?) throws(NotFound) -> (records: URL?, json: URL?) {
        var records = record.map { URL(fileURLWithPath: $0) }, summary = json.map { URL(fileURLWithPath: $0) }
        if let record, isFolder(URL(fileURLWithPath: record)) {
            let run = try locate(record)
            records = run.records
            if json == nil { summary = run.summary }
        }
        if let json, isFolder(URL(fileURLWithPath: json)) {
            let run = try locate(json)
            summary = run.summary
            if record == nil { records = run.records }
        }
        return (records, summary)
    }

    /// The per-image records of the run at `path` (see `locate`, one dataset per folder), with
    /// the record's header when it has one, or `nil` when it is a summary JSON without its
    /// record beside it.
    public static func records(of path: String) throws(NotFound) -> (url: URL, records: [SampleRecord], header: RecordHeader?)? {
        guard let url = try locate(path, oneDataset: true).records else { return nil }
        let run = try load(url)
        return (url, run.records, run.header)
    }

    /// Reads the record file `url`, naming it when it cannot be read.
    public static func load(_ url: URL) throws(NotFound) -> RunRecord {
        do { return try RecordLog.load(url) } catch {
            throw NotFound(description: "cannot read the record \(url.path): \(error.localizedDescription)")
        }
    }

    /// Whether `folder` holds an unfinished record.
    static func hasPartial(_ folder: URL) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasSuffix(".partial.jsonl") }
    }

    /// A record's name read as `eval_<dataset>_<yyyyMMdd_HHmmss>.records.jsonl`. A name without
    /// the stamp keeps its whole stem as the dataset and its modification time as the stamp.
    struct RecordName {
        var dataset: String
        var stamp: String

        init(_ url: URL) {
            var stem = String(url.lastPathComponent.dropLast(RunLocator.recordSuffix.count))
            if stem.hasPrefix("eval_") { stem.removeFirst(5) }
            let parts = stem.split(separator: "_", omittingEmptySubsequences: false)
            if parts.count >= 3, Self.digits(parts[parts.count - 2], 8), Self.digits(parts[parts.count - 1], 6) {
                dataset = parts.dropLast(2).joined(separator: "_")
                stamp = parts.suffix(2).joined(separator: "_")
            } else {
                dataset = stem
                let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? nil
                stamp = ReportPaths.stamp(modified ?? Date(timeIntervalSince1970: 0))
            }
        }

        static func digits(_ s: Substring, _ n: Int) -> Bool { s.count == n && s.allSatisfy(\.isASCIIDigit) }
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
