import Evaluation
import Foundation
import GRDB
import Reporting

/// Records one run into a store as it is read, and never stops the run: a store that cannot be
/// opened or written costs only the history, with one warning. Images are committed as they
/// finish (a batch per call); those a busy store could not take are kept and retried with the
/// next image and at the end.
public final class RunRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private let store: RunStore?
    private let warn: @Sendable (String) -> Void
    private var runID: Int64?
    private var pending: [SampleRecord] = []
    private var broken = false
    private var warnedBusy = false

    /// A recorder into `store` (`nil`: records nothing), warning through `warn`.
    public init(store: RunStore?, warn: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.warn = warn
    }

    /// Opens the store at `path` (creating it) for recording; a store that cannot be opened
    /// gives a recorder that records nothing, after a warning.
    public static func open(path: String?, warn: @escaping @Sendable (String) -> Void) -> RunRecorder {
        guard let path else { return RunRecorder(store: nil, warn: warn) }
        do { return RunRecorder(store: try RunStore(path: path), warn: warn) } catch {
            warn("run history not recorded: \(error.description); the reports are written as usual")
            return RunRecorder(store: nil, warn: warn)
        }
    }

    /// The store recorded into, when it could be opened.
    public var storePath: String? { store?.path }

    /// Starts run `header` (finds it again when resumed).
    public func begin(header: RecordHeader, kind: StoredRun.Kind) {
        lock.lock(); defer { lock.unlock() }
        guard let store, !broken else { return }
        flushLocked()
        pending = []
        do { runID = try store.beginRun(header: header, kind: kind) } catch { fail(error) }
    }

    /// Records images an earlier, stopped run left in the partial record (the store may have
    /// missed them if it could not be written then).
    public func add(_ samples: [SampleRecord]) {
        lock.lock(); defer { lock.unlock() }
        pending += samples
        flushLocked()
    }

    /// Records one finished image.
    public func add(_ sample: SampleRecord) { add([sample]) }

    /// Marks the run finished with its summary as written.
    public func finish(summary: JSONValue, finishedAt: Date = Date(), recordPath: String?) {
        lock.lock(); defer { lock.unlock() }
        flushLocked()
        guard let store, let runID, !broken else { return }
        do { try store.finishRun(runID, summary: summary, finishedAt: finishedAt, recordPath: recordPath) } catch { fail(error) }
    }

    /// Records the finished run whose per-image record is `url` (a merged run, a robustness
    /// level) with `summary`, or the summary JSON beside the record when `nil`.
    public func recordFinished(record url: URL, summary: JSONValue?, kind: StoredRun.Kind) {
        lock.lock(); defer { lock.unlock() }
        flushLocked()
        guard let store, !broken else { return }
        do {
            let record = try RecordLog.load(url)
            guard let header = record.header else { throw RunImport.NoHeader() }
            let json = try summary ?? JSONValue.parse(String(contentsOf: ReportPaths(sibling: url).json, encoding: .utf8))
            try store.recordFinishedRun(header: header, records: record.records, summary: json, kind: kind, recordPath: url.path)
        } catch {
            fail(error)
        }
    }

    /// Writes whatever is pending (at the end of a stopped run).
    public func flush() {
        lock.lock(); defer { lock.unlock() }
        flushLocked()
        if !pending.isEmpty && !broken {
            warn("run history: \(pending.count) images could not be recorded in \(store?.path ?? "the store") (busy); the run's record keeps them and `scanbench history import` adds them")
        }
    }

    private func flushLocked() {
        guard let store, let runID, !broken, !pending.isEmpty else { return }
        do {
            try store.recordImages(pending, run: runID)
            pending = []
        } catch let e as DatabaseError where e.resultCode == .SQLITE_BUSY || e.resultCode == .SQLITE_LOCKED {
            if !warnedBusy { warn("run history: the store \(store.path) is busy; images are kept and retried"); warnedBusy = true }
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: any Error) {
        broken = true
        pending = []
        warn("run history not recorded from here on: \(store?.path ?? "store"): \(error); the reports are written as usual (`scanbench history import` can add the run later)")
    }
}
