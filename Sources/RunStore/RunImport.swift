import Evaluation
import Foundation
import Reporting

/// `history import`: finished per-image records (`*.records.jsonl`) found in files or folders
/// (searched recursively, so robustness runs' level folders are found) added to a store. A run
/// already in the store is left as it is, so importing a folder twice adds nothing.
public enum RunImport {
    /// What an import did.
    public struct Outcome: Sendable, Hashable {
        /// Runs added.
        public var added = 0
        /// Runs already in the store.
        public var alreadyThere = 0
        /// Records that could not be imported, with why.
        public var refused: [String] = []
    }

    /// Every finished record under `paths` (files as given, folders recursively), sorted.
    public static func recordFiles(_ paths: [String]) -> (files: [URL], missing: [String]) {
        var files: [URL] = [], missing: [String] = []
        for p in paths {
            let url = URL(fileURLWithPath: p)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else { missing.append(p); continue }
            if !isDir.boolValue { files.append(url); continue }
            let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            while let next = walker?.nextObject() as? URL {
                if next.lastPathComponent.hasSuffix(".records.jsonl") { files.append(next) }
            }
        }
        return (files.sorted { $0.path < $1.path }, missing)
    }

    /// Imports every finished record under `paths` into `store`.
    public static func run(_ paths: [String], into store: RunStore) -> Outcome {
        var outcome = Outcome()
        let (files, missing) = recordFiles(paths)
        outcome.refused += missing.map { "\($0): does not exist" }
        for url in files {
            do {
                if try importRecord(url, into: store) { outcome.added += 1 } else { outcome.alreadyThere += 1 }
            } catch {
                outcome.refused.append("\(url.path): \(error)")
            }
        }
        return outcome
    }

    /// A record without a header (written before headers existed) cannot say which run it is.
    public struct NoHeader: Error, CustomStringConvertible {
        public var description: String { "no record header (written by an older ScanBench): its run cannot be identified" }
    }

    /// Imports one record; returns whether its run was new. The summary is the JSON beside it
    /// when there is one, else recomputed from the records (without `machine`, which is unknown).
    static func importRecord(_ url: URL, into store: RunStore) throws -> Bool {
        let record = try RecordLog.load(url)
        guard let header = record.header else { throw NoHeader() }
        let sibling = ReportPaths(sibling: url).json
        var summary: JSONValue
        if let text = try? String(contentsOf: sibling, encoding: .utf8), let json = try? JSONValue.parse(text) {
            summary = json
        } else {
            let computed = EvaluationSummary(info: header.info, records: record.records)
            summary = ReportWriter.summaryJSON(computed, paths: ReportPaths(sibling: url), options: .init(formats: [.csv]))
            if case .object(let pairs) = summary { summary = .object(pairs.filter { $0.0 != "machine" }) }
        }
        let robustness = header.settings[StoredRun.levelSetting] != nil
        let added = try store.recordFinishedRun(header: header, records: record.records, summary: summary,
                                                kind: robustness ? .robustness : .import, recordPath: url.path)
        return added.added
    }
}
