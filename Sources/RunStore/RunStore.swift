import Foundation
import GRDB

/// The run history: every run (its summary, versions, machine, preset digest, dataset manifest,
/// seed) and every per-image result in one SQLite file, plus the server's scan reads and jobs.
///
/// One `DatabasePool` in WAL mode: one writer at a time (other processes wait up to
/// `busyTimeout`), readers never blocked by it. Every write is its own short transaction, so a
/// process killed mid-run loses only what it had not committed. The schema is versioned with a
/// `DatabaseMigrator` from its first version; a file migrated by a newer ScanBench is refused
/// (`RunStoreError.newerSchema`) before anything is written to it.
public final class RunStore: Sendable {
    /// The default file name inside a run's `--out` folder.
    public static let defaultFileName = "history.sqlite"

    /// How long a write waits for another process's write to finish.
    public static let busyTimeout: TimeInterval = 30

    /// The store's path.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating the file and its folder when `create`) and migrates the store at `path`.
    /// Throws `RunStoreError`: `.missing` when `create` is false and there is no file,
    /// `.newerSchema` when a newer ScanBench wrote it, `.cannotOpen` otherwise.
    public init(path: String, create: Bool = true) throws(RunStoreError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        if !FileManager.default.fileExists(atPath: path) {
            guard create else { throw .missing(path) }
            do { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) } catch {
                throw .cannotOpen(path, error)
            }
        }
        // Opening a pool writes (GRDB makes sure the WAL file exists), so a newer schema is
        // looked for first through a read-only connection, to leave such a file byte for byte.
        try Self.refuseNewerSchema(path)
        var config = Configuration()
        config.busyMode = .timeout(Self.busyTimeout)
        config.label = "RunStore"
        config.prepareDatabase { db in
            // WAL + NORMAL: a commit survives a killed process (not a power cut), and costs no fsync.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do { pool = try Self.openPool(path, configuration: config) } catch {
            throw .cannotOpen(path, error)
        }
        try migrate()
    }

    /// Opens the pool, which puts the file in WAL mode. Two processes opening one new file at
    /// once (shards of one run, two writers) both run `PRAGMA journal_mode = WAL`, and SQLite
    /// answers the one that finds the file locked `SQLITE_BUSY` at once, without calling the
    /// busy handler: that one waits and tries again, for up to `busyTimeout`.
    private static func openPool(_ path: String, configuration: Configuration) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        var pause: useconds_t = 5_000
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) && Date() < deadline {
                usleep(pause)
                pause = min(pause * 2, 200_000)
            }
        }
    }

    /// Refuses a newer schema, then applies this version's migrations. Two processes opening a
    /// new store at once may both try the first migration: the loser's transaction rolls back
    /// and it tries again, finding the migration applied.
    private func migrate() throws(RunStoreError) {
        let migrator = Self.migrator
        var attempt = 0
        while true {
            do {
                let unknown = try pool.read { db in
                    try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
                }
                if !unknown.isEmpty { throw RunStoreError.newerSchema(path, unknown: unknown) }
                try migrator.migrate(pool)
                return
            } catch let e as RunStoreError {
                throw e
            } catch {
                attempt += 1
                if attempt >= 5 { throw .cannotOpen(path, error) }
                usleep(useconds_t(50_000 * attempt))
            }
        }
    }

    /// Throws `.newerSchema` when the existing file at `path` holds migrations this version
    /// does not know. A file that cannot be read this way is left to the pool to judge.
    private static func refuseNewerSchema(_ path: String) throws(RunStoreError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(busyTimeout)
        let unknown: [String]
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            unknown = try queue.read { db in try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted() }
            try queue.close()
        } catch {
            return
        }
        if !unknown.isEmpty { throw .newerSchema(path, unknown: unknown) }
    }

    /// The schema versions applied to this file, oldest first.
    public func schemaVersions() throws -> [String] {
        try pool.read { db in try Self.migrator.appliedMigrations(db) }
    }

    /// Runs SQLite's integrity check; `["ok"]` for a sound file.
    public func integrityCheck() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
