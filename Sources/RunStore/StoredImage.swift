import Evaluation
import Foundation
import GRDB

/// One image of a run as the store keeps it: the top answer in columns for queries, the whole
/// per-image record (without its crop pictures) as JSON.
public struct StoredImage: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "image"

    public var runId: Int64
    public var relativePath: String
    public var groundTruth: String?
    public var deviceType: String?
    /// The top candidate, `nil` when nothing was read.
    public var answer: String?
    public var confidence: Double?
    public var strictValid: Bool
    public var method: String?
    public var hit: Bool
    public var top1Hit: Bool
    public var errorKind: String?
    public var latencyMs: Double
    public var finishedAt: Date
    /// The `SampleRecord` as JSON (crops dropped).
    public var record: String

    /// The row of `sample` in run `runId`.
    public init(_ sample: SampleRecord, runId: Int64) {
        self.runId = runId
        relativePath = sample.relativePath
        groundTruth = sample.groundTruth
        deviceType = sample.deviceType
        answer = sample.top?.text
        confidence = sample.top?.confidence
        strictValid = sample.top?.strictValid ?? false
        method = sample.top?.method
        hit = sample.hit
        top1Hit = sample.top1Hit
        errorKind = sample.outcome.error?.kind
        latencyMs = sample.latencyMs
        finishedAt = sample.finishedAt
        var light = sample
        light.outcome.crops = nil
        record = (try? String(decoding: Self.encoder.encode(light), as: UTF8.self)) ?? "{}"
    }

    /// The per-image record back, `nil` when its JSON cannot be read.
    public var sample: SampleRecord? {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return try? d.decode(SampleRecord.self, from: Data(record.utf8))
    }

    private static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        e.dateEncodingStrategy = .iso8601
        return e
    }
}
