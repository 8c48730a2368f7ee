import Evaluation
import Foundation
import Reporting

/// The reports of a whole run from its shards' records: records are concatenated, never
/// averaged, so every figure is recomputed from the same per-image data.
public enum RunMerge {
    /// A record that cannot be read, or shards that do not make one run.
    public struct Refused: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// What a merge wrote.
    public struct Outcome: Sendable {
        /// The whole run's summary.
        public var summary: EvaluationSummary
        /// The reports written.
        public var written: ReportWriter.Written
        /// What the merge noticed but allowed (missing or unfinished shards with `allowPartial`).
        public var warnings: [String]
    }

    /// Loads `records` (`*.records.jsonl` files, or folders: every finished record in them; see
    /// `RunLocator.recordsToMerge`), merges them and writes the reports and the merged record
    /// into `out`, named after the run's dataset and start.
    public static func merge(records: [String], out: URL, allowPartial: Bool) throws -> Outcome {
        var parts: [RunRecord] = []
        do {
            for url in try RunLocator.recordsToMerge(records) { parts.append(try RunLocator.load(url)) }
        } catch {
            throw Refused(description: error.description)
        }
        let merged: RecordMerge.Merged
        do { merged = try RecordMerge.merge(parts, allowPartial: allowPartial) } catch {
            throw Refused(description: error.description)
        }
        let summary = EvaluationSummary(info: merged.info, records: merged.records)
        let name = RunSetup.reportBaseName(of: merged.info)
        let paths = RunSetup.freshPaths(folder: out, name: name, date: merged.info.startedAt)
        let written = try ReportWriter.writeEvaluate(summary, paths: paths)
        let log = try RecordLog(url: paths.records, header: merged.header)
        for r in merged.records { try log.append(r) }
        log.flush()
        return Outcome(summary: summary, written: written, warnings: merged.warnings)
    }
}
