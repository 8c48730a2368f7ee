import Evaluation
import Foundation

/// Finds ScanBench's own traineddata files (`Models/<name>.traineddata`).
///
/// Looked up in order: `$SCANBENCH_MODELS`, `./Models`, and `Models/` beside the package the
/// binary was built in (`.build/<config>/scanbench` → `../../Models`).
public enum ModelLocator {
    /// The folder holding `<name>.traineddata`, or `nil` when none of the places has it.
    public static func folder(for name: String) -> String? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["SCANBENCH_MODELS"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Models"))
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("Models"))
            dir = dir.deletingLastPathComponent()
        }
        // Tests run from the package root or an xctest bundle inside .build.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Models"))
        for c in candidates where FileManager.default.fileExists(atPath: c.appendingPathComponent("\(name).traineddata").path) {
            return c.path
        }
        return nil
    }

    /// A digest of the bytes of `<name>.traineddata` where `folder(for:)` finds it (64-bit
    /// FNV-1a, hex), or `missing`. A run records it (`model.<name>` in its settings) so that two
    /// runs read with different model files (`SCANBENCH_MODELS`, a retrained `Models/`) differ in
    /// their set-up, not only in their answers.
    public static func digest(of name: String) -> String {
        guard let folder = folder(for: name) else { return "missing" }
        let path = URL(fileURLWithPath: folder).appendingPathComponent("\(name).traineddata").path
        return digests.value(for: path)
    }

    private static let digests = DigestCache()

    /// Digests by path, each file read once per process while its size and date stay the same.
    private final class DigestCache: @unchecked Sendable {
        private let lock = NSLock()
        private var known: [String: (stamp: String, digest: String)] = [:]

        func value(for path: String) -> String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let stamp = "\(attributes?[.size] ?? 0)@\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
            lock.lock(); defer { lock.unlock() }
            if let k = known[path], k.stamp == stamp { return k.digest }
            guard let data = FileManager.default.contents(atPath: path) else { return "unreadable" }
            let digest = String(format: "%016llx", data.withUnsafeBytes { Shard.fnv1a64(bytes: $0) })
            known[path] = (stamp, digest)
            return digest
        }
    }
}
