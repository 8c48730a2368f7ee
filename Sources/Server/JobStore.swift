import Dispatch
import Evaluation
import Foundation
import RunStore

/// The `/scan` jobs, in memory and bounded: at most `capacity` are kept; when full, the oldest
/// finished job is forgotten to make room, and when every kept job is still unfinished a new
/// one is refused (503).
///
/// With a run history store, every change is saved to it in order, on a queue of its own (a
/// failed write costs only the job's survival of a restart), and `restore()` loads the kept jobs back at start.
public final class JobStore: @unchecked Sendable {
    /// A job's lifecycle, as the contract names it.
    public enum Status: String, Sendable { case queued, processing, completed, failed }

    /// One job.
    public struct Job: Sendable {
        public var id: String
        public var status: Status
        public var progress: Int
        public var message: String
        public var createdAt: Date
        public var updatedAt: Date
        public var results: JSONValue?
        public var error: String?

        /// The contract's job body.
        var json: JSONValue {
            .object([
                ("job_id", .string(id)), ("status", .string(status.rawValue)), ("progress", .int(progress)),
                ("message", .string(message)), ("created_at", .string(JSONResponse.timestamp(createdAt))),
                ("updated_at", .string(JSONResponse.timestamp(updatedAt))), ("results", results ?? .null),
                ("error", error.map(JSONValue.string) ?? .null),
            ])
        }

        /// As the store keeps it.
        var stored: StoredJob {
            StoredJob(id: id, status: StoredJob.Status(rawValue: status.rawValue) ?? .failed, progress: progress, message: message,
                      createdAt: createdAt, updatedAt: updatedAt, results: results, error: error)
        }

        /// From the store.
        init(_ s: StoredJob) {
            self.init(id: s.id, status: Status(rawValue: s.status.rawValue) ?? .failed, progress: s.progress, message: s.message,
                      createdAt: s.createdAt, updatedAt: s.updatedAt, results: s.resultsJSON, error: s.error)
        }

        init(id: String, status: Status, progress: Int, message: String, createdAt: Date, updatedAt: Date, results: JSONValue? = nil, error: String? = nil) {
            self.id = id; self.status = status; self.progress = progress; self.message = message
            self.createdAt = createdAt; self.updatedAt = updatedAt; self.results = results; self.error = error
        }
    }

    public let capacity: Int
    private let lock = NSLock()
    private var jobs: [String: Job] = [:]
    private var order: [String] = []
    private let store: RunStore?

    /// Jobs in memory, saved to `store` when given.
    public init(capacity: Int, store: RunStore? = nil) {
        precondition(capacity >= 1, "room for at least one job")
        self.capacity = capacity
        self.store = store
    }

    /// At start: fails the jobs a previous process left queued or processing (their work died
    /// with it) with `RunStore.interruptedJobMessage`, then keeps the newest `capacity` saved
    /// jobs, forgetting older ones from the store. Returns why it could not, or `nil`.
    func restore() -> String? {
        guard let store else { return nil }
        do {
            try store.failUnfinishedJobs(message: RunStore.interruptedJobMessage)
            let saved = try store.jobs()
            let kept = saved.suffix(capacity)
            for old in saved.dropLast(kept.count) { try store.deleteJob(old.id) }
            lock.lock(); defer { lock.unlock() }
            for s in kept where jobs[s.id] == nil {
                jobs[s.id] = Job(s)
                order.append(s.id)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Store writes, in the order of the changes, off the lock and off the event loop (a write
    /// may wait up to `RunStore.busyTimeout` for another process's).
    private let writes = DispatchQueue(label: "scanbench.job-saves")

    /// Saves `job` as it is now (called under the lock, so saves are queued in the order of the
    /// changes); a store that cannot be written costs only the job's survival of a restart.
    private func save(_ job: Job) {
        guard let store else { return }
        let stored = job.stored
        writes.async { _ = try? store.saveJob(stored) }
    }

    /// Forgets job `id` in the store, after the saves queued before.
    private func forget(_ id: String) {
        guard let store else { return }
        writes.async { _ = try? store.deleteJob(id) }
    }

    /// Waits until every queued store write is done.
    func flush() { writes.sync {} }

    /// A new queued job, or `nil` when every kept job is unfinished.
    func create() -> Job? {
        lock.lock(); defer { lock.unlock() }
        if jobs.count >= capacity {
            guard let old = order.first(where: { jobs[$0].map { $0.status == .completed || $0.status == .failed } ?? true }) else { return nil }
            jobs[old] = nil
            order.removeAll { $0 == old }
            forget(old)
        }
        let now = Date()
        let job = Job(id: UUID().uuidString.lowercased(), status: .queued, progress: 0, message: "Scan received and added to processing queue",
                      createdAt: now, updatedAt: now)
        jobs[job.id] = job
        order.append(job.id)
        save(job)
        return job
    }

    /// The job `id`, if kept.
    func get(_ id: String) -> Job? { lock.lock(); defer { lock.unlock() }; return jobs[id] }

    /// Changes job `id` if it is still kept (a deleted job stays deleted); returns whether it was.
    @discardableResult
    func update(_ id: String, _ change: (inout Job) -> Void) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard var job = jobs[id] else { return false }
        change(&job)
        job.updatedAt = Date()
        jobs[id] = job
        save(job)
        return true
    }

    /// Forgets job `id`; returns it as it was.
    func remove(_ id: String) -> Job? {
        lock.lock(); defer { lock.unlock() }
        guard let job = jobs.removeValue(forKey: id) else { return nil }
        order.removeAll { $0 == id }
        forget(id)
        return job
    }

    /// Jobs kept, and how many are queued or processing.
    var counts: (kept: Int, unfinished: Int) {
        lock.lock(); defer { lock.unlock() }
        return (jobs.count, jobs.values.filter { $0.status == .queued || $0.status == .processing }.count)
    }
}
