import Evaluation
import Foundation
import Testing

@Suite("Evaluation summary")
struct SummaryTests {
    static let info = RunInfo(dataset: "ds", preset: "etched", minConfidence: 0, useProgressive: true,
                              extractParams: ["preset": "etched"], workers: 1,
                              startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
                              versions: ["scanbench": "t"])

    static func record(_ name: String, truth: String?, _ cands: [(String, Double)] = [], error: Bool = false, ms: Double = 10) -> SampleRecord {
        let outcome = error
            ? SampleOutcome.failure(SampleError(kind: "unreadable_image", message: "bad"), preset: "etched")
            : SampleOutcome(candidates: cands.map { Candidate(text: $0.0, confidence: $0.1, method: "m", stage: "s", strictValid: $0.0.count == 12) }, preset: "etched")
        return SampleRecord(filename: name, relativePath: name, groundTruth: truth, outcome: outcome, latencyMs: ms, finishedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func contractFiguresAndAnyCandidateHits() {
        let s = EvaluationSummary(info: Self.info, records: [
            Self.record("a", truth: "C02Y94ZEJG5H", [("C02Y94ZEJG5H", 0.9)]),               // top-1 hit, high conf
            Self.record("b", truth: "C02Y94ZEJG5H", [("C02Y94ZEJG5B", 0.85), ("C02Y94ZEJG5H", 0.5)]), // hit, not top-1
            Self.record("c", truth: "M06CK45V4G", []),                                        // not detected
            Self.record("d", truth: nil, error: true),                                        // failed, unlabelled
        ])
        let j = s.json(csvPath: "x.csv", summaryPath: "x.json")
        #expect(j["total"] == .int(4))
        #expect(j["detected"] == .int(2))
        #expect(j["hits"] == .int(2))
        #expect(j["top1_hits"] == .int(1))
        #expect(j["detection_rate_pct"] == .double(50.0))
        #expect(j["accuracy_pct_overall"] == .double(50.0))
        #expect(j["accuracy_pct_on_detected"] == .double(100.0))
        #expect(j["high_confidence_count"] == .int(2))
        #expect(j["high_confidence_hits"] == .int(2))
        #expect(j["errors"] == .int(1))
        #expect(j["top1_accuracy_pct"] == .double(25.0))
    }

    @Test func contractKeyOrder() {
        let j = EvaluationSummary(info: Self.info, records: []).json(csvPath: "c", summaryPath: "s")
        let contract = ["dataset", "total", "detected", "hits", "detection_rate_pct", "accuracy_pct_overall",
                        "accuracy_pct_on_detected", "strict_validation_passes", "strict_validation_rate_pct",
                        "high_confidence_count", "high_confidence_hits", "high_confidence_accuracy_pct",
                        "csv_path", "summary_path", "use_progressive", "extract_params"]
        #expect(Array(j.keys.prefix(contract.count)) == contract)
        for k in ["preset", "top1_hits", "top1_accuracy_pct", "latency_ms", "confidence_histogram", "ece", "errors", "versions"] {
            #expect(j.keys.contains(k), "additive field \(k)")
        }
    }

    @Test func emptyDatasetHasNoNaN() {
        let text = EvaluationSummary(info: Self.info, records: []).json(csvPath: "c", summaryPath: "s").serialized()
        #expect(!text.contains("nan") && !text.contains("inf"))
        #expect(text.contains("\"detection_rate_pct\": 0.0"))
    }

    @Test func roundingToTwoDecimals() {
        #expect(Metrics.pct(1, 3) == 33.33)
        #expect(Metrics.pct(2, 3) == 66.67)
        #expect(Metrics.pct(1, 0) == 0.0)
    }

    @Test func calibrationAndHistogram() {
        let s = EvaluationSummary(info: Self.info, records: [
            Self.record("a", truth: "X", [("X", 0.95)]),
            Self.record("b", truth: "X", [("Y", 0.95)]),
        ])
        let h = s.confidenceHistogram
        #expect(h.hits[9] == 1 && h.misses[9] == 1)
        #expect(abs(s.ece - 0.45) < 1e-9)
    }

    @Test func latencyPercentiles() {
        let s = EvaluationSummary(info: Self.info, records: (1...100).map { Self.record("r\($0)", truth: nil, [], ms: Double($0)) })
        #expect(abs(s.latency.percentileMs(50) - 50) < 0.1)
        #expect(abs(s.latency.percentileMs(99) - 99) < 0.1)
        #expect(abs(s.latency.meanMs - 50.5) < 0.01)
    }
}
