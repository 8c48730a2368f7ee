import Foundation

/// Paths the tests share: the repository, `../shared` beside it, the built binary.
public enum Fixtures {
    /// The repository root (this file is Tests/TestSupport/Fixtures.swift).
    public static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` next to the repository (CI clones it there too).
    public static let shared: URL = repoRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// The 50 rendered serials (not ours: read in place, never copied).
    public static let rendered: URL = shared.appendingPathComponent("datasets/rendered")
    /// The 9 real MacBook photos (read in place, never copied).
    public static let realDev: URL = shared.appendingPathComponent("datasets/real-dev")

    /// Whether `folder` (one of `../shared`'s datasets) is there: CI clones `shared/` beside the
    /// repository, a clone of the repository alone has none.
    public static func present(_ folder: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why a test of `../shared`'s data was skipped, naming the missing folder.
    public static func missing(_ folder: URL) -> String {
        "\(folder.standardizedFileURL.path) is absent (a clone without ../shared beside it): this test of that data is skipped"
    }

    /// A bundled dataset of this repository (`Datasets/synthetic/<kind>`).
    public static func bundled(_ kind: String) -> URL {
        repoRoot.appendingPathComponent("Datasets/synthetic").appendingPathComponent(kind)
    }

    /// The `scanbench` binary built for the tests (debug build folder).
    public static var scanbenchBinary: URL {
        let candidates = [".build/debug/scanbench", ".build/x86_64-unknown-linux-gnu/debug/scanbench"]
        for c in candidates {
            let u = repoRoot.appendingPathComponent(c)
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return repoRoot.appendingPathComponent(candidates[0])
    }

    /// A fresh empty temporary folder.
    public static func tempDir(_ name: String = "scanbench-test") throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// Labels of a dataset folder as `filename → serial`.
    public static func labels(_ dir: URL, column: String = "serial") throws -> [String: String] {
        let text = try String(contentsOf: dir.appendingPathComponent("labels.csv"), encoding: .utf8)
        var out: [String: String] = [:]
        let lines = text.split(whereSeparator: \.isNewline)
        guard let header = lines.first?.split(separator: ",").map(String.init),
              let fi = header.firstIndex(of: "filename"), let si = header.firstIndex(of: column) else { return [:] }
        for l in lines.dropFirst() {
            let f = l.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if f.count > max(fi, si) { out[f[fi]] = f[si] }
        }
        return out
    }

    /// Resident set size of this process in KiB (Linux `/proc/self/status`).
    public static func residentKiB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    /// Runs a process to completion; returns (exit status, stdout, stderr).
    @discardableResult
    public static func run(_ exe: URL, _ args: [String], env: [String: String] = [:], cwd: URL? = nil) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting so a full pipe cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
