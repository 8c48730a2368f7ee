import Evaluation
import Foundation
import GRDB

/// One run as the store keeps it: a plain evaluate, a merged run, one robustness level, or an
/// imported record.
public struct StoredRun: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "run"

    /// How the run came to the store.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case evaluate, merge, robustness
        /// Read from an old `*.records.jsonl` by `history import`.
        case `import`
    }

    /// `running` until its last image and summary are in; a killed run stays `running` with
    /// every image it committed.
    public enum Status: String, Codable, Sendable, Hashable {
        case running, finished
    }

    public var id: Int64?
    public var uid: String
    public var kind: Kind
    public var status: Status
    public var dataset: String
    /// The dataset folder's base name (or the synthetic set's kind): runs of one dataset share it.
    public var datasetName: String
    public var preset: String
    /// The presets' digest (`presets_digest` of the record header): moves with a preset change.
    public var presetDigest: String
    /// The robustness level (`blur_2`); `nil` for a plain run (and a robustness run's clean level).
    public var level: String?
    public var shardIndex: Int
    public var shardCount: Int
    /// The synthetic set's seed, or the perturbations' seed of a robustness level.
    public var seed: String?
    public var startedAt: Date
    public var finishedAt: Date?
    public var expectedImages: Int
    public var recordedImages: Int
    public var total: Int?
    public var hits: Int?
    public var top1Hits: Int?
    public var detected: Int?
    public var errors: Int?
    public var scanbenchVersion: String?
    /// `scanbench`, `tesseract`, `leptonica`, model names.
    public var versions: [String: String]
    /// The record header's settings (pixel cap, presets digest, perturbation, ...).
    public var settings: [String: String]
    public var extractParams: [String: String]
    /// The summary's `machine` object as JSON text, `nil` when unknown.
    public var machine: String?
    public var manifestSHA256: String?
    public var manifestFiles: Int?
    /// The `/evaluate` summary JSON as written, `nil` until the run finished.
    public var summary: String?
    /// The finished per-image record file.
    public var recordPath: String?

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Whether it is a whole run (not a shard, not a perturbed level): what trends compare.
    public var isWholeRun: Bool { shardCount == 1 && level == nil }

    /// The summary parsed, `nil` when absent or unreadable.
    public var summaryJSON: JSONValue? { summary.flatMap { try? JSONValue.parse($0) } }

    /// `YYYY-MM-DD HH:MM` of the start, UTC.
    public var startedLabel: String { Self.label(startedAt) }

    static func label(_ d: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return f.string(from: d)
    }
}

extension StoredRun {
    /// The header setting naming a robustness level (`none` for its clean run).
    static let levelSetting = "perturbation"

    /// A run about to be read, from its record header (a robustness level's header names its level).
    init(header: RecordHeader, kind: Kind) {
        let info = header.info
        let level = header.settings[Self.levelSetting].flatMap { $0 == "none" ? nil : $0 }
        let seed = header.settings["perturbation_seed"] ?? info.synthetic.map { String($0.seed) }
        self.init(id: nil, uid: Self.uid(header), kind: kind, status: .running, dataset: info.dataset,
                  datasetName: Self.datasetName(info), preset: info.preset, presetDigest: header.settings["presets_digest"] ?? "unknown",
                  level: level, shardIndex: header.shard.index, shardCount: header.shard.count, seed: seed,
                  startedAt: info.startedAt, finishedAt: nil, expectedImages: header.shardImages, recordedImages: 0,
                  total: nil, hits: nil, top1Hits: nil, detected: nil, errors: nil, scanbenchVersion: info.versions["scanbench"],
                  versions: info.versions, settings: header.settings, extractParams: info.extractParams, machine: nil,
                  manifestSHA256: nil, manifestFiles: nil, summary: nil, recordPath: nil)
    }

    /// The run's identity: what makes two records the same run (dataset, preset, start to the
    /// second, shard, level, settings, parameters), so a resumed run and a re-import find it.
    static func uid(_ header: RecordHeader) -> String {
        let info = header.info
        let text = [info.dataset, info.preset, EvaluationSummary.iso(info.startedAt), header.shard.description,
                    header.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";"),
                    info.extractParams.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";"),
                    info.synthetic.map { "\($0.kind):\($0.seed):\($0.count)" } ?? ""].joined(separator: "\n")
        let a = Shard.fnv1a64(text), b = Shard.fnv1a64("scanbench-run\n" + text)
        return String(format: "%016llx%016llx", a, b)
    }

    /// A synthetic set's kind, else the dataset folder's base name.
    static func datasetName(_ info: RunInfo) -> String {
        if let s = info.synthetic { return "synthetic:\(s.kind)" }
        let trimmed = info.dataset.hasSuffix("/") ? String(info.dataset.dropLast()) : info.dataset
        return URL(fileURLWithPath: trimmed).lastPathComponent
    }

    /// Fills the finished figures from the summary JSON as written.
    mutating func finish(summary json: JSONValue, finishedAt: Date, recordPath: String?) {
        func int(_ k: String) -> Int? { json[k]?.number.map { Int($0) } }
        status = .finished
        self.finishedAt = finishedAt
        total = int("total"); hits = int("hits"); top1Hits = int("top1_hits"); detected = int("detected"); errors = int("errors")
        machine = json["machine"].map { $0.serialized(pretty: false) }
        manifestSHA256 = json["dataset_manifest"]?["sha256"]?.string
        manifestFiles = json["dataset_manifest"]?["files"]?.number.map { Int($0) }
        summary = json.serialized(pretty: false)
        self.recordPath = recordPath ?? self.recordPath
    }
}
