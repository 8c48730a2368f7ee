import Evaluation
import Foundation

/// The per-image record as JSON Lines: appended (and flushed) as each image finishes, so an
/// interrupted run keeps every finished image, and every report renders from this one file.
public final class RecordLog: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private let encoder: JSONEncoder
    public let url: URL

    /// Opens `url` for appending, creating it if needed.
    public init(url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: url.path) {
            FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        encoder = RecordLog.makeEncoder()
        self.url = url
    }

    deinit { try? handle.close() }

    /// Appends one record as a line.
    public func append(_ record: SampleRecord) throws {
        var data = try encoder.encode(record)
        data.append(0x0A)
        lock.lock(); defer { lock.unlock() }
        try handle.write(contentsOf: data)
    }

    /// Reads every complete line of a record file; a torn last line (killed mid-write) is ignored.
    public static func read(_ url: URL) throws -> [SampleRecord] {
        let data = try Data(contentsOf: url)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var out: [SampleRecord] = []
        for line in data.split(separator: 0x0A) where !line.isEmpty {
            if let r = try? decoder.decode(SampleRecord.self, from: Data(line)) { out.append(r) }
        }
        return out
    }

    static func makeEncoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .iso8601
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "0", negativeInfinity: "0", nan: "0")
        return e
    }
}
