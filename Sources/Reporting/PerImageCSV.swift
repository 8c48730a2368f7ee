import Evaluation
import Foundation

/// The per-image CSV of `/evaluate`: the contract's columns in order, then ScanBench's extras.
public enum PerImageCSV {
    /// The contract's columns.
    public static let contractColumns = ["filename", "ground_truth", "top_serial", "top_confidence", "num_candidates", "match", "all_candidates"]
    /// Extra columns, after the contract's.
    public static let extraColumns = ["relative_path", "top1_match", "method", "stage", "strategy_used", "fallback_used", "strict_valid", "latency_ms", "error_kind", "preset", "device_type"]

    /// Renders the records (sorted by relative path) as CSV text with `\n` line ends.
    public static func render(_ records: [SampleRecord]) -> String {
        var lines = [CSV.line(contractColumns + extraColumns)]
        for r in records.sorted(by: { $0.relativePath < $1.relativePath }) {
            lines.append(CSV.line(row(r)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One record's fields.
    public static func row(_ r: SampleRecord) -> [String] {
        let top = r.top
        let contract: [String]
        if let e = r.outcome.error {
            contract = [r.filename, r.groundTruth ?? "", "", "", "0", "False", "ERROR:\(e.message)"]
        } else {
            contract = [
                r.filename, r.groundTruth ?? "", top?.text ?? "",
                top.map { String(format: "%.4f", $0.confidence) } ?? "",
                String(r.outcome.candidates.count), r.hit ? "True" : "False",
                r.outcome.candidates.map { "\($0.text)@\(String(format: "%.3f", $0.confidence))" }.joined(separator: ";"),
            ]
        }
        let extra: [String] = [
            r.relativePath, r.top1Hit ? "True" : "False", top?.method ?? "", top?.stage ?? "",
            r.outcome.strategyUsed, r.outcome.fallbackUsed ? "True" : "False",
            top.map { $0.strictValid ? "True" : "False" } ?? "",
            String(format: "%.1f", r.latencyMs), r.outcome.error?.kind ?? "", r.outcome.preset, r.deviceType ?? "",
        ]
        return contract + extra
    }
}
