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
}
