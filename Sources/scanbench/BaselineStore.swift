import ArgumentParser
import Evaluation
import Foundation
import Harness
import Reporting

/// Named baselines: summary JSONs kept under `Reports/baselines/NAME.json` (committed ones are
/// the team's reference).
struct BaselineStore {
    /// The folder holding the baselines.
    var folder: URL

    /// Default location, relative to the working directory.
    static let defaultFolder = "Reports/baselines"

    /// A baseline name must be a plain file stem.
    static func validName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name + ".json") }

    /// Resolves `--baseline`: an existing file path, else a saved baseline name.
    func resolve(_ nameOrPath: String) -> URL? {
        if FileManager.default.fileExists(atPath: nameOrPath) { return URL(fileURLWithPath: nameOrPath) }
        let u = url(nameOrPath)
        return Self.validName(nameOrPath) && FileManager.default.fileExists(atPath: u.path) ? u : nil
    }

    /// Names of the saved baselines.
    func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Reads a summary JSON, or builds one from a record file (`*.jsonl`). A run folder gives
    /// its newest run (`RunLocator`): that run's summary JSON, else its record.
    static func loadSummary(_ url: URL) throws -> JSONValue {
        if RunLocator.isFolder(url) {
            let run: RunLocator.Run
            do { run = try RunLocator.locate(url.path, oneDataset: true) } catch { throw ValidationError(error.description) }
            guard let file = run.summary ?? run.records else { throw ValidationError("\(url.path) holds no run") }
            return try loadSummary(file)
        }
        if url.pathExtension == "jsonl" {
            let record: RunRecord
            do { record = try RunLocator.load(url) } catch { throw ValidationError(error.description) }
            guard let header = record.header else {
                throw ValidationError("\(url.path) has no header line; pass the run's summary JSON instead")
            }
            return EvaluationSummary(info: header.info, records: record.records).json(csvPath: "", summaryPath: url.path)
        }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ValidationError("cannot read \(url.path): \(error.localizedDescription)")
        }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch {
            throw ValidationError("\(url.path) is not valid JSON")
        }
        guard json["total"]?.number != nil else {
            throw ValidationError("\(url.path) is not an /evaluate summary (no 'total')")
        }
        return json
    }
}
