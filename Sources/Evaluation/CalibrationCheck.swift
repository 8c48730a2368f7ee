import Foundation

/// How well the confidences of serial runs' answers are calibrated: the figures `scanbench
/// calibrate` prints for the confidences as recorded and as a learned calibration would give.
///
/// A labelled image is right when its top answer is the truth; an image with no serial (no
/// truth) is right only when it gets no answer at or above `EvaluationSummary.highConfidence`,
/// and any answer it gets is a wrong one to learn from.
public struct CalibrationCheck: Sendable, Hashable {
    /// Images with a truth.
    public var labelled = 0
    /// Images without one (no serial to read).
    public var negatives = 0
    /// Answers at or above 0.8.
    public var confident = 0
    /// Of those, wrong (a wrong serial, or any answer on an image without one).
    public var confidentWrong = 0
    /// Expected calibration error over labelled images (10 bins; no answer = 0, wrong).
    public var ece = 0.0
    /// Mean squared error of the top confidence against right (1) / wrong (0), labelled images.
    public var brier = 0.0
    /// Labelled images answered right at or above 0.8.
    public var confidentRight: Int { confident - confidentWrong }

    /// The answers of serial `records` to learn from: each image's top candidate, right or wrong.
    public static func examples(_ records: [SampleRecord]) -> [LearnedCalibration.Example] {
        records.filter(isSerial).compactMap { r in
            r.top.map { LearnedCalibration.Example(candidate: $0, right: r.groundTruth != nil && r.top1Hit) }
        }
    }

    /// Whether a run's answers were given by a learned calibration whose input its records do
    /// not keep: its header names one (`calibration.learned…` among the preset parameters) and
    /// none of its answers has a `formulaConfidence` (records written before they kept it). A
    /// fit on them takes the learned values for the formula's.
    public static func lacksFormulaConfidence(_ records: [SampleRecord], header: RecordHeader?) -> Bool {
        guard let header, header.info.extractParams.keys.contains(where: { $0.hasPrefix("calibration.learned") }) else { return false }
        let answers = examples(records)
        return !answers.isEmpty && answers.allSatisfy { $0.candidate.formulaConfidence == nil }
    }

    /// A serial image with a label row (a truth, or a row saying it has no serial). Permit
    /// records, failed reads and images without a label row carry nothing to calibrate.
    static func isSerial(_ r: SampleRecord) -> Bool {
        r.outcome.decision == nil && !r.failed && (r.groundTruth != nil || r.deviceType != nil || !r.labelExtras.isEmpty)
    }

    /// The figures of `records`, their top confidence passed through `model` when given.
    public init(_ records: [SampleRecord], model: LearnedCalibration? = nil) {
        var pairs: [(confidence: Double, correct: Bool)] = []
        for r in records where Self.isSerial(r) {
            let top = r.top.map { c in model.map { $0.apply(c) } ?? c }
            let conf = top?.confidence ?? 0
            let right = r.groundTruth != nil && top.map { $0.text.uppercased() == r.groundTruth } == true
            if r.groundTruth != nil {
                labelled += 1
                pairs.append((conf, right))
            } else {
                negatives += 1
            }
            if conf >= EvaluationSummary.highConfidence {
                confident += 1
                if !right { confidentWrong += 1 }
            }
        }
        ece = Metrics.ece(pairs)
        brier = pairs.isEmpty ? 0 : pairs.map { ($0.confidence - ($0.correct ? 1 : 0)) * ($0.confidence - ($0.correct ? 1 : 0)) }.reduce(0, +) / Double(pairs.count)
    }
}
