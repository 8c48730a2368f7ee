import Evaluation
import Foundation

/// The `/scan` jobs, in memory and bounded: at most `capacity` are kept; when full, the oldest
/// finished job is forgotten to make room, and when every kept job is still unfinished a new
/// one is refused (503).
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
    }

    public let capacity: Int
    private let lock = NSLock()
    private var jobs: [String: Job] = [:]
    private var order: [String] = []

    public init(capacity: Int) {
        precondition(capacity >= 1, "room for at least one job")
        self.capacity = capacity
    }

    /// A new queued job, or `nil` when every kept job is unfinished.
    func create() -> Job? {
        lock.lock(); defer { lock.unlock() }
        if jobs.count >= capacity {
            guard let old = order.first(where: { jobs[$0].map { $0.status == .completed || $0.status == .failed } ?? true }) else { return nil }
            jobs[old] = nil
            order.removeAll { $0 == old }
        }
        let now = Date()
        let job = Job(id: UUID().uuidString.lowercased(), status: .queued, progress: 0, message: "Scan received and added to processing queue",
                      createdAt: now, updatedAt: now)
        jobs[job.id] = job
        order.append(job.id)
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
        return true
    }

    /// Forgets job `id`; returns it as it was.
    func remove(_ id: String) -> Job? {
        lock.lock(); defer { lock.unlock() }
        guard let job = jobs.removeValue(forKey: id) else { return nil }
        order.removeAll { $0 == id }
        return job
    }

    /// Jobs kept, and how many are queued or processing.
    var counts: (kept: Int, unfinished: Int) {
        lock.lock(); defer { lock.unlock() }
        return (jobs.count, jobs.values.filter { $0.status == .queued || $0.status == .processing }.count)
    }
}
