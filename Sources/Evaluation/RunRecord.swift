import Foundation

/// A per-image record file as read back: its header (absent in files from older versions) and
/// its records, in file order.
public struct RunRecord: Sendable {
    /// Where it was read from (for messages).
    public var source: String
    /// The run it belongs to.
    public var header: RecordHeader?
    /// One per finished image.
    public var records: [SampleRecord]
    /// Lines that were not valid JSON (a run killed mid-write leaves at most one, the last).
    public var tornLines: Int

    /// Creates a record set.
    public init(source: String, header: RecordHeader?, records: [SampleRecord], tornLines: Int = 0) {
        self.source = source
        self.header = header
        self.records = records
        self.tornLines = tornLines
    }

    /// Relative paths already finished (a rerun skips them).
    public var finishedPaths: Set<String> { Set(records.map(\.relativePath)) }

    /// Whether every image of the shard has a record.
    public var isComplete: Bool {
        guard let header else { return true }
        return finishedPaths.count >= header.shardImages
    }

    /// Parses JSON Lines: a header line (optional) and one `SampleRecord` per line. A line that
    /// is neither is counted in `tornLines`; later duplicates of an image are dropped.
    public static func parse(_ data: Data, source: String) -> RunRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var header: RecordHeader?
        var records: [SampleRecord] = []
        var seen: Set<String> = []
        var torn = 0
        for line in data.split(separator: 0x0A) where !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
            let bytes = Data(line)
            if let r = try? decoder.decode(SampleRecord.self, from: bytes) {
                if seen.insert(r.relativePath).inserted { records.append(r) }
            } else if header == nil, let h = try? decoder.decode(RecordHeader.Line.self, from: bytes) {
                header = h.scanbenchRecordHeader
            } else {
                torn += 1
            }
        }
        return RunRecord(source: source, header: header, records: records, tornLines: torn)
    }
}
