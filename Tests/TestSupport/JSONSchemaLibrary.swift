import Evaluation
import Foundation

/// The JSON Schemas committed under `Schemas/` at the package root, for any test target.
public enum JSONSchemaLibrary {
    /// The package root, found from this file's location (`Tests/TestSupport/…`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Schemas/<name>.schema.json`.
    public static func url(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Schemas").appendingPathComponent("\(name).schema.json")
    }

    /// The validator for `Schemas/<name>.schema.json` (`evaluate`, `record`).
    public static func validator(_ name: String) throws(JSONSchemaLoadError) -> JSONSchemaValidator {
        try JSONSchemaValidator(contentsOf: url(name))
    }

    /// Validates the `/evaluate` JSON text; returns the violations (empty when valid).
    public static func validateEvaluate(_ text: String) throws(JSONSchemaLoadError) -> [JSONSchemaViolation] {
        try validator("evaluate").validate(text: text)
    }

    /// Validates every line of a `.records.jsonl` file's text against `Schemas/record.schema.json`.
    public static func validateRecords(_ jsonLines: String) throws(JSONSchemaLoadError) -> [JSONSchemaViolation] {
        let v = try validator("record")
        var out: [JSONSchemaViolation] = []
        // The first line of a record file may be its header (run facts), not a record.
        for (n, line) in jsonLines.split(separator: "\n").enumerated() where !line.isEmpty && !line.hasPrefix("{\"scanbench_record_header\"") {
            out += v.validate(text: String(line)).map { JSONSchemaViolation(path: "line \(n + 1) \($0.path)", message: $0.message) }
        }
        return out
    }
}
