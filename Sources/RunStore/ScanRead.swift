import Foundation
import GRDB

/// One read the server saved to the database (`/process-serial`, or a finished `/scan` job
/// answering `saved_to_database: true`): the columns of the export's `Serial Data` sheet.
public struct ScanRead: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "scan"

    public var id: Int64?
    /// When it was read (UTC).
    public var scannedAt: Date
    /// The top candidate, empty when nothing was read.
    public var serial: String
    public var deviceType: String
    public var confidence: Double
    /// `ios`, `mac` or `server` (the contract's sources).
    public var source: String
    public var notes: String
    public var validationPassed: Bool
    public var confidenceAcceptable: Bool
    /// `process-serial` or `scan`.
    public var endpoint: String
    public var preset: String?
    /// The `/scan` job that made it.
    public var jobId: String?

    /// A read to record.
    public init(scannedAt: Date = Date(), serial: String, deviceType: String, confidence: Double, source: String, notes: String = "",
                validationPassed: Bool, confidenceAcceptable: Bool, endpoint: String, preset: String? = nil, jobId: String? = nil) {
        self.scannedAt = scannedAt; self.serial = serial; self.deviceType = deviceType; self.confidence = confidence
        self.source = source; self.notes = notes; self.validationPassed = validationPassed
        self.confidenceAcceptable = confidenceAcceptable; self.endpoint = endpoint; self.preset = preset; self.jobId = jobId
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
