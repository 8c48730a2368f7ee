import Evaluation
import Foundation

/// Writes every report of a finished run from its records. The one place the CLI (and later
/// the server) calls, so each output is a rendering of the same records.
public enum ReportWriter {
    /// What was written.
    public struct Written: Sendable {
        public var json: URL
        public var csv: URL
        public var summary: JSONValue
    }

    /// Writes the `/evaluate` JSON summary and the per-image CSV (atomically).
    public static func writeEvaluate(_ summary: EvaluationSummary, paths: ReportPaths) throws -> Written {
        let csv = PerImageCSV.render(summary.records)
        try AtomicFile.write(csv, to: paths.csv)
        let json = summary.json(csvPath: paths.csv.path, summaryPath: paths.json.path)
        try AtomicFile.write(json.serialized() + "\n", to: paths.json)
        return Written(json: paths.json, csv: paths.csv, summary: json)
    }
}
