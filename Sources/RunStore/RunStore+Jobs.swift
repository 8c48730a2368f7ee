import Foundation
import GRDB

extension RunStore {
    /// The message a job unfinished at a restart is failed with.
    public static let interruptedJobMessage = "The server restarted before the job finished; submit the scan again"

    /// Saves job `job` (inserted, or replacing the row with its id).
    public func saveJob(_ job: StoredJob) throws {
        try pool.write { db in try job.upsert(db) }
    }

    /// The job `id`, if saved.
    public func job(_ id: String) throws -> StoredJob? {
        try pool.read { db in try StoredJob.fetchOne(db, key: id) }
    }

    /// Every saved job, oldest first.
    public func jobs() throws -> [StoredJob] {
        try pool.read { db in try StoredJob.order(Column("createdAt"), Column("id")).fetchAll(db) }
    }

    /// Forgets job `id`; returns whether it was saved.
    @discardableResult
    public func deleteJob(_ id: String) throws -> Bool {
        try pool.write { db in try StoredJob.deleteOne(db, key: id) }
    }

    /// At a server's start: every job left queued or processing by the previous process is
    /// marked failed with `message` (its work died with that process). Finished jobs are kept
    /// as they were. Returns the jobs it failed.
    @discardableResult
    public func failUnfinishedJobs(message: String = RunStore.interruptedJobMessage, at date: Date = Date()) throws -> [StoredJob] {
        try pool.write { db in
            let open = try StoredJob.filter([StoredJob.Status.queued.rawValue, StoredJob.Status.processing.rawValue].contains(Column("status"))).fetchAll(db)
            return try open.map { job in
                var j = job
                j.status = .failed; j.message = message; j.error = message; j.updatedAt = date
                try j.update(db)
                return j
            }
        }
    }

    /// Forgets finished jobs last updated before `date` (retention); returns how many.
    @discardableResult
    public func deleteFinishedJobs(updatedBefore date: Date) throws -> Int {
        try pool.write { db in
            try StoredJob.filter([StoredJob.Status.completed.rawValue, StoredJob.Status.failed.rawValue].contains(Column("status")))
                .filter(Column("updatedAt") < date).deleteAll(db)
        }
    }
}
