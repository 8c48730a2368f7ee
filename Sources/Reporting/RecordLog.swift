import Evaluation
import Foundation

/// The per-image record as JSON Lines: appended as each image finishes (one `write(2)` per
/// line, no user-space buffer), so an interrupted run keeps every finished image and a rerun
/// can resume from it. Every report renders from this one file.
public final class RecordLog: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private let encoder: JSONEncoder
    public let url: URL

    /// Opens `url` for appending, creating it if needed. A torn last line (a run killed
    /// mid-write) is cut off first so the next record starts on a line of its own. When the
    /// file is new or empty and `header` is given, it is written as the first line.
    public init(url: URL, header: RecordHeader? = nil) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        handle = try FileHandle(forUpdating: url)
        encoder = RecordLog.makeEncoder()
        self.url = url
        let end = try handle.seekToEnd()
        if end > 0 {
            let keep = try Self.completeLength(handle, size: end)
            if keep < end {
                try handle.truncate(atOffset: keep)
                try handle.seek(toOffset: keep)
            }
        }
        if let header, try handle.offset() == 0 {
            var data = try encoder.encode(RecordHeader.Line(header))
            data.append(0x0A)
            try handle.write(contentsOf: data)
        }
    }

    deinit { try? handle.close() }

    /// Appends one record as a line.
    public func append(_ record: SampleRecord) throws {
        lock.lock(); defer { lock.unlock() }
        var data = try encoder.encode(record)
        data.append(0x0A)
        try handle.write(contentsOf: data)
    }

    /// Forces what was written to disk (`fsync`), e.g. before exiting on a signal.
    public func flush() {
        lock.lock(); defer { lock.unlock() }
        try? handle.synchronize()
    }

    /// Reads every complete line of a record file; a torn last line (killed mid-write) and the
    /// header line are ignored.
    public static func read(_ url: URL) throws -> [SampleRecord] {
        try load(url).records
    }

    /// Reads a record file with its header.
    public static func load(_ url: URL) throws -> RunRecord {
        RunRecord.parse(try Data(contentsOf: url), source: url.path)
    }

    /// Length of the file up to and including its last line feed.
    private static func completeLength(_ h: FileHandle, size: UInt64) throws -> UInt64 {
        var pos = size
        let chunk: UInt64 = 64 * 1024
        while pos > 0 {
            let start = pos > chunk ? pos - chunk : 0
            try h.seek(toOffset: start)
            let data = try h.read(upToCount: Int(pos - start)) ?? Data()
            if let i = data.lastIndex(of: 0x0A) { return start + UInt64(i - data.startIndex) + 1 }
            pos = start
        }
        return 0
    }

    static func makeEncoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = .iso8601
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "0", negativeInfinity: "0", nan: "0")
        return e
    }
}
