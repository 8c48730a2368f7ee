import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

/// `/evaluate?dir=` may only name folders under the datasets root.
@Suite("Path traversal")
struct PathTraversalTests {
    /// A sandbox with escape hatches next to and inside the root:
    /// `Datasets-evil/` beside `Datasets/`, and symlinks in the root pointing out of it.
    static func hostileSandbox() throws -> ServerSandbox {
        let s = try ServerSandbox()
        let fm = FileManager.default
        let evil = s.base.appendingPathComponent("Datasets-evil")
        try fm.createDirectory(at: evil, withIntermediateDirectories: true)
        try TinyImages.png.write(to: evil.appendingPathComponent("secret.png"))
        try fm.createSymbolicLink(at: s.root.appendingPathComponent("to-evil"), withDestinationURL: evil)
        try fm.createSymbolicLink(atPath: s.root.appendingPathComponent("to-evil-relative").path, withDestinationPath: "../Datasets-evil")
        try fm.createSymbolicLink(at: s.root.appendingPathComponent("to-etc"), withDestinationURL: URL(fileURLWithPath: "/etc"))
        try fm.createSymbolicLink(at: s.root.appendingPathComponent("to-base"), withDestinationURL: s.base)
        try fm.createDirectory(at: s.root.appendingPathComponent("nested/deeper"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: s.root.appendingPathComponent("nested/up").path, withDestinationPath: "../../Datasets-evil")
        // Allowed: a symlink that stays inside the root.
        try fm.createSymbolicLink(atPath: s.root.appendingPathComponent("alias").path, withDestinationPath: "serials")
        return s
    }

    static let refused: [(String, String)] = [
        ("..", "INVALID_PATH"),
        ("../Datasets-evil", "INVALID_PATH"),
        ("serials/../../Datasets-evil", "INVALID_PATH"),
        ("%2e%2e/Datasets-evil", "INVALID_PATH"),            // decoded once by the server
        ("%2E%2E%2FDatasets-evil", "INVALID_PATH"),
        ("%252e%252e/Datasets-evil", "INVALID_PATH"),         // encoded twice
        ("serials/%2e%2e/%2e%2e", "INVALID_PATH"),
        ("/etc", "INVALID_PATH"),
        ("%2Fetc", "INVALID_PATH"),
        ("//etc", "INVALID_PATH"),
        ("~", "INVALID_PATH"),
        ("~root", "INVALID_PATH"),
        ("..%5C..%5Cetc", "INVALID_PATH"),                    // backslashes
        ("serials%00", "INVALID_PATH"),
        ("to-evil", "PATH_OUTSIDE_ROOT"),                     // symlink to the sibling-prefix folder
        ("to-evil-relative", "PATH_OUTSIDE_ROOT"),
        ("to-etc", "PATH_OUTSIDE_ROOT"),
        ("to-base", "PATH_OUTSIDE_ROOT"),
        ("to-base/Datasets-evil", "PATH_OUTSIDE_ROOT"),
        ("nested/up", "PATH_OUTSIDE_ROOT"),
        ("Datasets-evil", "DATASET_NOT_FOUND"),               // not under the root at all
    ]

    @Test func everyEscapeIsRefusedOverHTTP() async throws {
        let sandbox = try Self.hostileSandbox()
        try await withRoutes(try sandbox.config()) { client in
            for (dir, code) in Self.refused {
                let r = try await client.execute(uri: "/evaluate?dir=\(dir)", method: .get)
                #expect(r.json["error_code"]?.string == code, "dir=\(dir): \(r.status.code) \(r.text)")
                #expect(r.status != .ok, "dir=\(dir) must be refused")
                #expect(!r.text.contains("secret.png"))
            }
            // Nothing was evaluated, so no report exists.
            let written = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.reports.path)) ?? []
            #expect(written.isEmpty, "\(written)")
        }
    }

    @Test func foldersInsideTheRootAreAllowed() async throws {
        let sandbox = try Self.hostileSandbox()
        for dir in ["serials", "./serials", "serials/", "alias"] {
            let url = try DatasetPath.resolve(dir, under: sandbox.root)
            #expect(url.lastPathComponent == "serials", "\(dir)")
        }
        #expect(try DatasetPath.resolve(".", under: sandbox.root).path == DatasetPathTestSupport.real(sandbox.root))
    }

    @Test func theCheckComparesComponentsNotPrefixes() {
        #expect(DatasetPath.isInside("/data/Datasets/a", "/data/Datasets"))
        #expect(DatasetPath.isInside("/data/Datasets", "/data/Datasets"))
        #expect(!DatasetPath.isInside("/data/Datasets-evil", "/data/Datasets"))
        #expect(!DatasetPath.isInside("/data/Datasets-evil/a", "/data/Datasets"))
        #expect(!DatasetPath.isInside("/data", "/data/Datasets"))
    }

    @Test func everyEscapeIsRefusedByTheResolver() throws {
        let sandbox = try Self.hostileSandbox()
        for (dir, _) in Self.refused {
            let decoded = dir.removingPercentEncoding ?? dir
            #expect(throws: DatasetPath.Refusal.self, "\(decoded)") { try DatasetPath.resolve(decoded, under: sandbox.root) }
        }
    }
}

enum DatasetPathTestSupport {
    static func real(_ url: URL) -> String { url.resolvingSymlinksInPath().path }
}
