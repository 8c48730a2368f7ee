import Evaluation
import Foundation

/// Reading the outputs of a run: its JSON summary without timing, its files by suffix.
public enum RenderedSubset {
    /// Keys of a summary that legitimately differ between two runs of the same records.
    /// Removed at every depth (per-preset and per-device breakdowns carry latency too).
    public static let timingKeys: Set<String> = ["latency_ms", "stage_latency_ms", "latency_distribution", "started_at", "finished_at",
                                                 "csv_path", "summary_path", "workers", "wall_time_s", "reports"]

    /// A summary without its timing and path fields, for comparing runs.
    public static func withoutTiming(_ summary: JSONValue) -> JSONValue {
        switch summary {
        case let .object(pairs): return .object(pairs.filter { !timingKeys.contains($0.0) }.map { ($0.0, withoutTiming($0.1)) })
        case let .array(items): return .array(items.map(withoutTiming))
        default: return summary
        }
    }

    /// The one file in `dir` whose name ends with `suffix` (and starts with `prefix`).
    public static func file(in dir: URL, prefix: String = "eval_", suffix: String) throws -> URL? {
        try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted().last.map { dir.appendingPathComponent($0) }
    }

    /// Reads a JSON file.
    public static func json(_ url: URL) throws -> JSONValue {
        try JSONValue.parse(String(contentsOf: url, encoding: .utf8))
    }
}
