import Foundation

/// Why a run store could not be used. Each message names the file and says what to do.
public struct RunStoreError: Error, CustomStringConvertible, Sendable, Hashable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be opened or created (missing folder, permissions, not SQLite).
        case cannotOpen = "cannot_open"
        /// The file was migrated by a newer ScanBench: this version does not know its schema.
        case newerSchema = "newer_schema"
        /// `history` was pointed at a file that does not exist.
        case missing
    }

    public var kind: Kind
    /// The store's path.
    public var path: String
    public var message: String
    public var description: String { message }

    static func cannotOpen(_ path: String, _ error: any Error) -> RunStoreError {
        RunStoreError(kind: .cannotOpen, path: path,
                      message: "cannot open the run store \(path): \(error); give another --store, or --no-store to run without one")
    }

    static func newerSchema(_ path: String, unknown: [String]) -> RunStoreError {
        RunStoreError(kind: .newerSchema, path: path,
                      message: "the run store \(path) was written by a newer ScanBench (schema migrations \(unknown.joined(separator: ", ")) are unknown to this version); it was left untouched: upgrade ScanBench or give another --store")
    }

    static func missing(_ path: String) -> RunStoreError {
        RunStoreError(kind: .missing, path: path,
                      message: "no run store at \(path): evaluate, merge and robustness create one (OUT/history.sqlite), or give --store PATH")
    }
}
