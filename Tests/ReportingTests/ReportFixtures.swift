import Evaluation
import Foundation

/// A fixed list of records covering every case the reports render: a hit, a top-1 miss with
/// the truth among the candidates, a plain miss, nothing read, an error, an unlabelled image,
/// two presets and device types.
enum ReportFixtures {
    static let t0 = Date(timeIntervalSince1970: 1_750_000_000) // 2025-06-15T15:06:40Z

    static func info(dataset: String = "Datasets/fixture", preset: String = "auto") -> RunInfo {
        RunInfo(dataset: dataset, preset: preset, minConfidence: 0.3, useProgressive: true,
                extractParams: ["preset": preset, "min_confidence": "0.3", "rotations": "0,90,180,270"],
                workers: 2, startedAt: t0, finishedAt: t0.addingTimeInterval(12.5),
                versions: ["scanbench": "0.1.0", "tesseract": "5.3.0", "leptonica": "1.82.0", "traineddata": "eng"])
    }

    static func c(_ text: String, _ conf: Double, stage: String = "page", valid: Bool = true) -> Candidate {
        Candidate(text: text, confidence: conf, method: "pattern", stage: stage, strictValid: valid)
    }

    static func record(_ path: String, truth: String?, _ candidates: [Candidate], preset: String = "etched",
                       device: String? = "MacBook", error: SampleError? = nil, ms: Double, at offset: Double,
                       kind: String? = nil, decision: String? = nil, level: String? = nil) -> SampleRecord {
        let timings = error == nil ? [StageTiming(stage: "decode", ms: ms * 0.1), StageTiming(stage: candidates.first?.stage ?? "page", ms: ms * 0.9)] : []
        return SampleRecord(
            filename: (path as NSString).lastPathComponent, relativePath: path, groundTruth: truth, kind: kind,
            deviceType: device, labelExtras: [:],
            outcome: SampleOutcome(candidates: candidates, error: error, stageTimings: timings,
                                   strategyUsed: candidates.first?.stage ?? "none", fallbackUsed: candidates.first?.stage == "rotate90",
                                   preset: preset, decision: decision, confidenceLevel: level),
            latencyMs: ms, finishedAt: t0.addingTimeInterval(offset))
    }

    /// Seven serial records.
    static let serialRecords: [SampleRecord] = [
        record("etched/a.png", truth: "C02XK1JHJG5H", [c("C02XK1JHJG5H", 0.93)], ms: 120, at: 1),
        record("etched/b.png", truth: "C02YL2ABCD12", [c("C02YL2A8CD12", 0.71), c("C02YL2ABCD12", 0.40)], ms: 250, at: 2),
        record("etched/c.jpg", truth: "FVFXC0SDHV29", [c("FVFXCOSDHV2", 0.55, stage: "rotate90", valid: false)], ms: 480, at: 3),
        record("etched/d.png", truth: "C02ZZ9ZZZZZZ", [], ms: 900, at: 4),
        record("screen/e.heic", truth: "DNPXK0AAHG7F", [], preset: "screen", device: "iPhone",
               error: SampleError(kind: "unsupported_format", message: "HEIC cannot be decoded here"), ms: 2, at: 5),
        record("screen/f.png", truth: "DNPXK0AAHG7G", [c("DNPXK0AAHG7G", 0.88, stage: "anchor_crop")], preset: "screen", device: "iPhone", ms: 95, at: 6),
        record("screen/g.png", truth: nil, [c("F2LXK1ABCD34", 0.65)], preset: "screen", device: nil, ms: 130, at: 7),
    ]

    /// Four permit documents: a match, a false acceptance, a correct refusal, a false refusal.
    static let permitRecords: [SampleRecord] = [
        record("p/1.jpg", truth: "12345/2021", [c("12345/2021", 0.9)], preset: "permit", device: nil, ms: 300, at: 1, kind: "permit", decision: "accepted", level: "high"),
        record("p/2.jpg", truth: nil, [c("99999/2020", 0.4)], preset: "permit", device: nil, ms: 310, at: 2, kind: "not_permit", decision: "accepted", level: "low"),
        record("p/3.jpg", truth: nil, [], preset: "permit", device: nil, ms: 200, at: 3, kind: "unreadable", decision: "unreadable"),
        record("p/4.jpg", truth: "55555/2019", [], preset: "permit", device: nil, ms: 220, at: 4, kind: "permit", decision: "no_number"),
    ]

    static var serialSummary: EvaluationSummary { EvaluationSummary(info: info(), records: serialRecords) }
}
