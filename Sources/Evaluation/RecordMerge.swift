import Foundation

/// Combines the records of a sharded run into the records of one run. Nothing is averaged:
/// records are concatenated, so every figure (histograms included) is recomputed from the same
/// per-image data an unsharded run would have, and the reports come out identical.
public enum RecordMerge {
    /// The records cannot be merged; the message says which file and what to do.
    public struct MergeError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The merged run: its facts and every record.
    public struct Merged: Sendable {
        /// Facts of the combined run (from the first shard; times span all shards).
        public var info: RunInfo
        /// The combined header (shard 1/1).
        public var header: RecordHeader
        /// Every record, sorted by relative path.
        public var records: [SampleRecord]
        /// Shards that are missing or incomplete (only with `allowPartial`).
        public var warnings: [String]
    }

    /// Merges shard records. All must come from the same dataset, preset, parameters and shard
    /// count; every shard must be present exactly once and complete unless `allowPartial`.
    public static func merge(_ parts: [RunRecord], allowPartial: Bool = false) throws(MergeError) -> Merged {
        guard let first = parts.first else { throw MergeError(description: "no record files given") }
        var headers: [RecordHeader] = []
        for p in parts {
            guard let h = p.header else {
                throw MergeError(description: "\(p.source) has no header line: it was not written by `scanbench evaluate` (or by an older version); rerun that shard")
            }
            headers.append(h)
        }
        let base = headers[0]
        var warnings: [String] = []
        var seenShards: [Int: String] = [:]
        for (p, h) in zip(parts, headers) {
            var other = h
            other.shard = base.shard
            if let conflict = base.resumeConflict(with: other), !conflict.hasPrefix("dataset") {
                throw MergeError(description: "\(p.source) and \(first.source) are not shards of the same run: \(conflict)")
            }
            if URL(fileURLWithPath: h.info.dataset).standardizedFileURL.lastPathComponent
                != URL(fileURLWithPath: base.info.dataset).standardizedFileURL.lastPathComponent {
                throw MergeError(description: "\(p.source) is a run of \(h.info.dataset), \(first.source) of \(base.info.dataset)")
            }
            if h.shard.count != base.shard.count {
                throw MergeError(description: "\(p.source) is shard \(h.shard) but \(first.source) is shard \(base.shard): shard counts differ")
            }
            if let prev = seenShards[h.shard.index] {
                throw MergeError(description: "shard \(h.shard) is given twice (\(prev) and \(p.source))")
            }
            seenShards[h.shard.index] = p.source
            if !p.isComplete {
                let msg = "\(p.source) (shard \(h.shard)) is incomplete: \(p.finishedPaths.count) of \(h.shardImages) images; rerun that shard with the same command to finish it"
                if allowPartial { warnings.append(msg) } else { throw MergeError(description: msg) }
            }
        }
        let missing = (1...base.shard.count).filter { seenShards[$0] == nil }
        if !missing.isEmpty {
            let msg = "missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(base.shard.count)" }.joined(separator: ", "))"
            if allowPartial { warnings.append(msg) } else { throw MergeError(description: msg + ": pass every shard's record (or --allow-partial)") }
        }
        var records: [SampleRecord] = []
        var owner: [String: String] = [:]
        for p in parts {
            for r in p.records {
                if let prev = owner[r.relativePath] {
                    throw MergeError(description: "\(r.relativePath) is in both \(prev) and \(p.source): shards must not overlap")
                }
                owner[r.relativePath] = p.source
                records.append(r)
            }
        }
        records.sort { $0.relativePath < $1.relativePath }
        var info = base.info
        info.startedAt = headers.map(\.info.startedAt).min() ?? info.startedAt
        info.finishedAt = records.map(\.finishedAt).max() ?? info.finishedAt
        // Workers are per process; shards ran side by side with this many each.
        info.workers = headers.map(\.info.workers).max() ?? info.workers
        var header = RecordHeader(info: info, shard: .all, settings: base.settings,
                                  datasetImages: base.datasetImages, shardImages: base.datasetImages)
        header.info = info
        return Merged(info: info, header: header, records: records, warnings: warnings)
    }
}
