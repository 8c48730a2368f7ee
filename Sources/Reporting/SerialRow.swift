import Evaluation
import Foundation

/// One row of the export's `Serial Data` sheet: one image read by a run.
public struct SerialRow: Hashable, Sendable {
    public var id: Int
    /// When the image was read (UTC).
    public var timestamp: Date
    /// The top candidate, empty when nothing was read.
    public var serial: String
    public var deviceType: String
    /// The top candidate's confidence, 0 when nothing was read.
    public var confidence: Double
    /// How it was read. The contract's sources are `ios|mac|server`; an evaluation reads on
    /// the server side, so every row is `server` and the pipeline's method goes in `notes`.
    public var source: String
    public var notes: String
    /// The top candidate passes strict serial validation.
    public var validationPassed: Bool
    /// The top confidence reaches the acceptance threshold.
    public var confidenceAcceptable: Bool

    /// A row; `rows(_:acceptableConfidence:)` makes those of a run.
    public init(id: Int, timestamp: Date, serial: String, deviceType: String, confidence: Double, source: String, notes: String,
                validationPassed: Bool, confidenceAcceptable: Bool) {
        self.id = id; self.timestamp = timestamp; self.serial = serial; self.deviceType = deviceType; self.confidence = confidence
        self.source = source; self.notes = notes; self.validationPassed = validationPassed; self.confidenceAcceptable = confidenceAcceptable
    }

    /// The source of every row of an evaluation export.
    public static let evaluationSource = "server"

    /// One row per record, in relative-path order, numbered from 1.
    public static func rows(_ records: [SampleRecord], acceptableConfidence: Double) -> [SerialRow] {
        records.sorted { $0.relativePath < $1.relativePath }.enumerated().map { i, r in
            let top = r.top
            var notes: [String] = ["file: \(r.relativePath)"]
            if let e = r.outcome.error {
                notes.append("ERROR:\(e.kind): \(e.message)")
            } else if let top {
                notes.append("method: \(top.method)"); notes.append("stage: \(top.stage)")
            } else {
                notes.append("no serial read")
            }
            if let gt = r.groundTruth { notes.append("truth: \(gt) (\(r.top1Hit ? "match" : r.hit ? "in candidates" : "miss"))") }
            return SerialRow(id: i + 1, timestamp: r.finishedAt, serial: top?.text ?? "",
                             deviceType: r.deviceType ?? "", confidence: top?.confidence ?? 0,
                             source: evaluationSource, notes: notes.joined(separator: "; "),
                             validationPassed: top?.strictValid ?? false,
                             confidenceAcceptable: (top?.confidence ?? 0) >= acceptableConfidence)
        }
    }
}
