import Foundation

/// Resolves the `dir` of `/evaluate` inside the configured datasets root, refusing anything
/// that could reach outside it: `..` (also once more percent-encoded), absolute paths, `~`,
/// backslashes, NUL, and folders whose real path (symlinks resolved) is not under the root's
/// real path. The check compares path components, never string prefixes, so a sibling
/// `Datasets-evil` next to `Datasets` is outside.
public enum DatasetPath {
    /// Why a `dir` was refused.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Empty, absolute, `..`, or a character the server does not accept in a path.
        case invalid(String)
        /// Resolves (through a symlink) to somewhere outside the root.
        case outsideRoot(String)
        /// Nothing there, or not a folder.
        case notFound(String)

        public var description: String {
            switch self {
            case .invalid(let m), .outsideRoot(let m), .notFound(let m): m
            }
        }
    }

    /// The real (symlink-free) folder `dir` names under `root`.
    public static func resolve(_ dir: String, under root: URL) throws(Refusal) -> URL {
        let given = dir.trimmingCharacters(in: .whitespaces)
        guard !given.isEmpty else { throw .invalid("dir is required: a folder relative to the datasets root") }
        // Query values arrive percent-decoded once; a second layer (`%252e%252e`, `%2500`)
        // must not smuggle an escape past these checks either.
        for form in [given, given.removingPercentEncoding ?? given] {
            guard !form.contains("\0"), !form.contains("\\") else {
                throw .invalid("dir contains a NUL or backslash, not allowed in a dataset path")
            }
            guard !form.hasPrefix("/"), !form.hasPrefix("~") else {
                throw .invalid("dir '\(given)' is absolute; give a folder relative to the datasets root")
            }
            if form.split(separator: "/", omittingEmptySubsequences: true).contains(where: { $0 == ".." }) {
                throw .invalid("dir '\(given)' contains '..'; give a folder inside the datasets root")
            }
        }
        guard let realRoot = realPath(root.path) else {
            throw .notFound("the datasets root \(root.path) does not exist")
        }
        let parts = given.split(separator: "/").filter { $0 != "." }.map(String.init)
        let candidate = parts.reduce(URL(fileURLWithPath: realRoot)) { $0.appendingPathComponent($1) }
        guard let real = realPath(candidate.path) else {
            throw .notFound("no dataset folder '\(given)' under the datasets root")
        }
        guard isInside(real, realRoot) else {
            throw .outsideRoot("dir '\(given)' resolves outside the datasets root")
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDir), isDir.boolValue else {
            throw .notFound("'\(given)' under the datasets root is not a folder")
        }
        return URL(fileURLWithPath: real)
    }

    /// Whether `path` is `root` or below it, compared component by component.
    public static func isInside(_ path: String, _ root: String) -> Bool {
        let p = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let r = URL(fileURLWithPath: root).standardizedFileURL.pathComponents
        return p.count >= r.count && Array(p.prefix(r.count)) == r
    }

    /// `realpath(3)`: the absolute path with every symlink, `.` and `..` resolved; `nil` when
    /// it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let c = realpath(path, nil) else { return nil }
        defer { free(c) }
        return String(cString: c)
    }
}
