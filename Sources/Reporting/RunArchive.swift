import Evaluation
import Foundation

/// A finished run read back from its files: the per-image record (`.records.jsonl`) and, when
/// present, the JSON summary for the run's settings. Lets `scanbench export` and
/// `scanbench report` re-render any report from what a run left behind.
public enum RunArchive {
    /// The run could not be read back.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Loads a run from its record file and/or its JSON summary. With only `json`, the record
    /// file next to it (same stem) is used; with only `records`, a JSON next to it (same stem)
    /// supplies the settings when it exists, else they are inferred from the records.
    public static func load(records: URL?, json: URL?) throws(LoadError) -> (summary: EvaluationSummary, paths: ReportPaths) {
        guard let anchor = records ?? json else { throw LoadError(description: "give --record RUN.records.jsonl or --json RUN.json") }
        let paths = ReportPaths(sibling: anchor)
        let recordsURL = records ?? paths.records
        guard FileManager.default.fileExists(atPath: recordsURL.path) else {
            throw LoadError(description: "no per-image record at \(recordsURL.path): reports are rendered from a run's .records.jsonl")
        }
        let list: [SampleRecord]
        do { list = try RecordLog.read(recordsURL) } catch {
            throw LoadError(description: "cannot read \(recordsURL.path): \(error.localizedDescription)")
        }
        let jsonURL = json ?? paths.json
        var summaryJSON: JSONValue?
        if FileManager.default.fileExists(atPath: jsonURL.path) {
            guard let text = try? String(contentsOf: jsonURL, encoding: .utf8), let value = try? JSONValue.parse(text) else {
                throw LoadError(description: "\(jsonURL.path) is not a readable JSON summary")
            }
            summaryJSON = value
        } else if json != nil {
            throw LoadError(description: "no JSON summary at \(jsonURL.path)")
        }
        return (EvaluationSummary(info: info(from: summaryJSON, records: list, stem: paths.stem), records: list), paths)
    }

    /// The run's settings from its JSON summary, or inferred from the records.
    static func info(from j: JSONValue?, records: [SampleRecord], stem: String) -> RunInfo {
        let first = records.map(\.finishedAt).min() ?? Date(timeIntervalSince1970: 0)
        let last = records.map(\.finishedAt).max() ?? first
        func date(_ key: String) -> Date? {
            guard let s = j?[key]?.string else { return nil }
            return ISO8601DateFormatter().date(from: s)
        }
        func strings(_ key: String) -> [String: String] {
            guard case let .object(pairs)? = j?[key] else { return [:] }
            return Dictionary(pairs.map { ($0.0, $0.1.string ?? $0.1.serialized(pretty: false)) }, uniquingKeysWith: { a, _ in a })
        }
        let presets = Set(records.map(\.outcome.preset))
        let params = strings("extract_params")
        var versions = strings("versions")
        for k in ["scanbench", "tesseract", "leptonica"] where versions[k] == nil { versions[k] = "unknown" }
        var folders: [String] = []
        if case let .array(a)? = j?["unreadable_folders"] { folders = a.compactMap(\.string) }
        // The summary's timestamps have whole seconds: a re-rendered `wall_time_s` may differ
        // from the original by under a second, but started/finished print the same.
        let started = date("started_at") ?? first
        let finished = date("finished_at") ?? last
        return RunInfo(
            dataset: j?["dataset"]?.string ?? stem,
            preset: j?["preset"]?.string ?? (presets.count == 1 ? presets.first ?? "auto" : "auto"),
            minConfidence: params["min_confidence"].flatMap(Double.init) ?? 0,
            useProgressive: { if case let .bool(b)? = j?["use_progressive"] { return b }; return true }(),
            extractParams: params,
            workers: j?["workers"]?.number.map { Int($0) } ?? 1,
            startedAt: started,
            finishedAt: finished,
            versions: versions,
            skippedHidden: j?["skipped_hidden"]?.number.map { Int($0) } ?? 0,
            skippedNonImages: j?["skipped_non_images"]?.number.map { Int($0) } ?? 0,
            unreadableFolders: folders)
    }
}
