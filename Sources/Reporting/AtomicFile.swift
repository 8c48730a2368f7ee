import Foundation

/// Writes files atomically: a temporary file in the same folder, flushed to disk, then
/// `rename(2)`, so a reader never sees a half-written report and an interrupted run leaves the
/// previous file intact.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the parent folder.
    public static func write(_ data: Data, to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // Unique per process and call, so two writers of the same report never share a temp file.
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try data.write(to: tmp)
            let fd = open(tmp.path, O_RDONLY)
            if fd >= 0 { _ = fsync(fd); close(fd) }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
        if rename(tmp.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: tmp)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot rename into \(url.path): \(String(cString: strerror(code)))"])
        }
    }

    /// Writes UTF-8 text atomically.
    public static func write(_ text: String, to url: URL) throws { try write(Data(text.utf8), to: url) }
}
