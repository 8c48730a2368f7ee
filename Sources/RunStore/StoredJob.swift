import Evaluation
import Foundation
import GRDB

/// A `/scan` job as the store keeps it, so a restarted server still answers for finished jobs.
public struct StoredJob: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "job"

    /// The contract's job statuses.
    public enum Status: String, Codable, Sendable, Hashable {
        case queued, processing, completed, failed
        /// Completed or failed: nothing more will happen to it.
        public var isFinal: Bool { self == .completed || self == .failed }
    }

    public var id: String
    public var status: Status
    public var progress: Int
    public var message: String
    public var createdAt: Date
    public var updatedAt: Date
    /// The job's `results` object as JSON text.
    public var results: String?
    public var error: String?

    /// A job to save; `results` is kept as JSON text.
    public init(id: String, status: Status, progress: Int, message: String, createdAt: Date, updatedAt: Date,
                results: JSONValue? = nil, error: String? = nil) {
        self.id = id; self.status = status; self.progress = progress; self.message = message
        self.createdAt = createdAt; self.updatedAt = updatedAt
        self.results = results.map { $0.serialized(pretty: false) }; self.error = error
    }

    /// `results` parsed.
    public var resultsJSON: JSONValue? { results.flatMap { try? JSONValue.parse($0) } }
}
