import Foundation

/// The first line of a per-image record file: what run the records belong to. It lets a rerun
/// resume only a run with the same settings, and `scanbench merge` rebuild the exact reports of
/// an unsharded run from its shards. Readers that only want records skip it (it does not decode
/// as a `SampleRecord`).
public struct RecordHeader: Codable, Sendable, Hashable {
    /// Marks a record file written by ScanBench.
    public static let formatName = "scanbench-record"
    /// Bumped when the record layout changes incompatibly.
    public static let currentVersion = 1

    /// Always `scanbench-record`.
    public var format: String
    /// Layout version.
    public var version: Int
    /// The run's facts (dataset, preset, parameters, walk and label findings).
    public var info: RunInfo
    /// Which slice of the dataset this record covers.
    public var shard: Shard
    /// Other settings that change what an image reads (pixel cap, preset file digest, ...).
    public var settings: [String: String]
    /// Images the walk found in the whole dataset (all shards).
    public var datasetImages: Int
    /// Images this shard must read; the record is complete when it holds this many.
    public var shardImages: Int

    /// Creates a header for a run about to start.
    public init(info: RunInfo, shard: Shard, settings: [String: String], datasetImages: Int, shardImages: Int) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.info = info
        self.shard = shard
        self.settings = settings
        self.datasetImages = datasetImages
        self.shardImages = shardImages
    }

    /// Why records written under `self` cannot be continued by a run with header `other`, or
    /// `nil` when they can (same dataset, preset, parameters, confidence floor, shard, settings).
    public func resumeConflict(with other: RecordHeader) -> String? {
        if info.dataset != other.info.dataset { return "dataset \(info.dataset) vs \(other.info.dataset)" }
        if info.synthetic != other.info.synthetic { return "synthetic set differs (kind, seed, count, capture or generator version)" }
        if info.preset != other.info.preset { return "preset \(info.preset) vs \(other.info.preset)" }
        if info.extractParams != other.info.extractParams { return "preset parameters differ" }
        if info.minConfidence != other.info.minConfidence { return "min-confidence \(info.minConfidence) vs \(other.info.minConfidence)" }
        if shard != other.shard { return "shard \(shard) vs \(other.shard)" }
        if settings != other.settings {
            let keys = Set(settings.keys).union(other.settings.keys).filter { settings[$0] != other.settings[$0] }.sorted()
            return "settings differ: \(keys.joined(separator: ", "))"
        }
        return nil
    }

    /// The header line's wrapper: `{"scanbench_record_header": {...}}`.
    public struct Line: Codable, Sendable {
        /// The header.
        public var scanbenchRecordHeader: RecordHeader
        enum CodingKeys: String, CodingKey { case scanbenchRecordHeader = "scanbench_record_header" }
        /// Wraps `header`.
        public init(_ header: RecordHeader) { scanbenchRecordHeader = header }
    }
}
