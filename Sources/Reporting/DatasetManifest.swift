import Evaluation
import Foundation

/// A fingerprint of the images a run read: SHA-256 over the sorted lines
/// `relative_path<TAB>size_in_bytes<LF>` (size `-1` when the file could not be read), so two
/// runs can tell whether they saw the same dataset without hashing every image.
public struct DatasetManifest: Hashable, Sendable {
    /// 64 lowercase hex digits.
    public var sha256: String
    public var files: Int
    /// Sum of the sizes that could be read.
    public var bytes: Int
    /// Files whose size could not be read (moved or deleted since the run).
    public var missing: Int

    /// The manifest of `relativePaths` with sizes from `size` (`nil` = missing).
    public init(relativePaths: [String], size: (String) -> Int?) {
        var text = "", bytes = 0, missing = 0
        for p in Set(relativePaths).sorted() {
            let s = size(p)
            if let s { bytes += s } else { missing += 1 }
            text += "\(p)\t\(s ?? -1)\n"
        }
        self.sha256 = SHA256.hex(text)
        self.files = Set(relativePaths).count
        self.bytes = bytes
        self.missing = missing
    }

    /// The manifest of a run's records, sizes read from the files under `root`.
    public init(records: [SampleRecord], root: URL) {
        self.init(relativePaths: records.map(\.relativePath)) { rel in
            let attrs = try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(rel).path)
            return (attrs?[.size] as? NSNumber)?.intValue
        }
    }

    /// `{sha256, files, bytes, missing}`.
    public var json: JSONValue {
        .object([("sha256", .string(sha256)), ("files", .int(files)), ("bytes", .int(bytes)), ("missing", .int(missing))])
    }
}
