import Foundation

/// One candidate read from an image, best first in a record.
public struct Candidate: Hashable, Sendable, Codable {
    /// The serial (or permit number) as read, normalised.
    public var text: String
    /// Calibrated confidence in [0, 1].
    public var confidence: Double
    /// How it was read (e.g. `anchor+crop`, `page`, `vote:choices`).
    public var method: String
    /// The pipeline stage that produced it (e.g. `page`, `anchor_crop`, `rotate90`).
    public var stage: String
    /// Whether it passes strict format validation.
    public var strictValid: Bool
    /// Index of the region it was read from (the job API's `roi_index`).
    public var roiIndex: Int
    /// The confidence the reader's own formula gave, when a learned calibration
    /// (`LearnedCalibration.apply`) then gave `confidence`; nil when none did. What a
    /// calibration is fitted on: a record's `confidence` alone is the learned value.
    public var formulaConfidence: Double?

    public init(text: String, confidence: Double, method: String, stage: String, strictValid: Bool, roiIndex: Int = 0) {
        self.text = text; self.confidence = confidence; self.method = method
        self.stage = stage; self.strictValid = strictValid; self.roiIndex = roiIndex
    }
}

/// Why an image produced no reading at all.
public struct SampleError: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One of `unreadable_image`, `unsupported_format`, `too_large`, `empty_file`, `timeout`,
    /// `engine_error`.
    public var kind: String
    public var message: String
    public init(kind: String, message: String) { self.kind = kind; self.message = message }
    public var description: String { "\(kind): \(message)" }
}

/// A small JPEG of an image a reader read, named after the stage that read it.
public struct CropPicture: Hashable, Sendable, Codable {
    /// Which read it was: `line-C02Y94ZEJG5H`, `crop-gray@44-C02Y94ZEJG5H`, `number`.
    public var label: String
    /// JPEG bytes (base64 in the record).
    public var jpeg: Data

    public init(label: String, jpeg: Data) {
        self.label = label
        self.jpeg = jpeg
    }
}

/// What a pipeline returns for one image (before labels are attached).
public struct SampleOutcome: Hashable, Sendable, Codable {
    public var candidates: [Candidate]
    public var error: SampleError?
    /// Milliseconds per named stage, in the order they ran.
    public var stageTimings: [StageTiming]
    /// The stage that produced the top answer, or `none`.
    public var strategyUsed: String
    /// Whether a fallback stage (beyond the first) was needed.
    public var fallbackUsed: Bool
    /// Preset that read it.
    public var preset: String
    /// Permit pipeline: decision fields (`accepted`, `not_permit`, `unreadable`, `no_number`).
    public var decision: String?
    /// Permit pipeline: `high`, `medium`, `low`.
    public var confidenceLevel: String?
    /// Image size, when decoded.
    public var width: Int?
    public var height: Int?
    /// Small pictures of what the top answer was read from (the line or crop as Tesseract saw
    /// it), for the HTML report's drill-down; `nil` when not collected.
    public var crops: [CropPicture]?

    public init(candidates: [Candidate] = [], error: SampleError? = nil, stageTimings: [StageTiming] = [],
                strategyUsed: String = "none", fallbackUsed: Bool = false, preset: String,
                decision: String? = nil, confidenceLevel: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.candidates = candidates; self.error = error; self.stageTimings = stageTimings
        self.strategyUsed = strategyUsed; self.fallbackUsed = fallbackUsed; self.preset = preset
        self.decision = decision; self.confidenceLevel = confidenceLevel; self.width = width; self.height = height
    }

    /// An outcome for an image that failed.
    public static func failure(_ error: SampleError, preset: String, timings: [StageTiming] = []) -> SampleOutcome {
        SampleOutcome(error: error, stageTimings: timings, preset: preset)
    }
}

/// Time spent in one stage.
public struct StageTiming: Hashable, Sendable, Codable {
    public var stage: String
    public var ms: Double
    public init(stage: String, ms: Double) { self.stage = stage; self.ms = ms }
}

/// The per-image record: one line of the run's JSON Lines file. Every report is a rendering of
/// a list of these, so reports cannot disagree.
public struct SampleRecord: Hashable, Sendable, Codable {
    /// Base name of the image.
    public var filename: String
    /// Path relative to the dataset folder.
    public var relativePath: String
    /// Normalised ground truth, `nil` when unlabelled.
    public var groundTruth: String?
    /// Permit datasets: `permit`, `not_permit`, `unreadable`.
    public var kind: String?
    /// Device type from the labels, when given.
    public var deviceType: String?
    /// Other label columns (degradations, notes).
    public var labelExtras: [String: String]
    public var outcome: SampleOutcome
    /// Wall-clock milliseconds for the whole image (decode + pipeline).
    public var latencyMs: Double
    /// When the image finished (UTC).
    public var finishedAt: Date

    public init(filename: String, relativePath: String, groundTruth: String?, kind: String? = nil,
                deviceType: String? = nil, labelExtras: [String: String] = [:], outcome: SampleOutcome,
                latencyMs: Double, finishedAt: Date) {
        self.filename = filename; self.relativePath = relativePath; self.groundTruth = groundTruth
        self.kind = kind; self.deviceType = deviceType; self.labelExtras = labelExtras
        self.outcome = outcome; self.latencyMs = latencyMs; self.finishedAt = finishedAt
    }

    /// The best candidate, if any.
    public var top: Candidate? { outcome.candidates.first }
    /// At least one candidate.
    public var detected: Bool { !outcome.candidates.isEmpty }
    /// The backend's hit: *any* candidate equals the truth.
    public var hit: Bool {
        guard let gt = groundTruth else { return false }
        return outcome.candidates.contains { $0.text.uppercased() == gt }
    }
    /// The stricter hit: the top candidate equals the truth.
    public var top1Hit: Bool {
        guard let gt = groundTruth, let t = top else { return false }
        return t.text.uppercased() == gt
    }
    /// The image failed (no reading possible).
    public var failed: Bool { outcome.error != nil }
}
