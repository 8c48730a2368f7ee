import Evaluation
import Testing

@Suite("Compare")
struct ComparisonTests {
    static func summary(total: Int = 200, hits: Int, top1: Int? = nil, detected: Int? = nil, hc: Int = 50, hcHits: Int = 48,
                        errors: Int = 0, p50: Double = 100, p95: Double = 200, preset: String = "etched") -> JSONValue {
        .object([
            ("dataset", .string("ds")), ("total", .int(total)), ("detected", .int(detected ?? total)), ("hits", .int(hits)),
            ("strict_validation_passes", .int(hits)), ("high_confidence_count", .int(hc)), ("high_confidence_hits", .int(hcHits)),
            ("preset", .string(preset)), ("top1_hits", .int(top1 ?? hits)),
            ("latency_ms", .object([("p50", .double(p50)), ("p95", .double(p95))])),
            ("ece", .double(0.05)), ("errors", .int(errors)),
        ])
    }

    @Test func noiseInLatencyAndSmallAccuracyWobbleIsNotAChange() {
        let c = Comparison.compare(baseline: Self.summary(hits: 160), current: Self.summary(hits: 158, p50: 130, p95: 290))
        #expect(c.verdict == .unchanged, "\(c.rows.map { "\($0.metric.name)=\($0.status)" })")
        #expect(c.verdict.exitCode == 0)
        #expect(c.rows.first { $0.metric.name == "accuracy_pct_overall" }?.status == .withinNoise)
    }

    @Test func aRealDropIsARegressionNamingTheMetric() {
        let c = Comparison.compare(baseline: Self.summary(hits: 160), current: Self.summary(hits: 120))
        #expect(c.verdict == .regression)
        #expect(c.verdict.exitCode == 2)
        #expect(c.metrics(.regression).contains("accuracy_pct_overall"))
        #expect(c.markdown(baselineName: "a", currentName: "b").contains("regression in accuracy_pct_overall"))
        #expect(c.json(baseline: "a", current: "b")["exit_code"] == .int(2))
    }

    @Test func polarityDecidesDirection() {
        // Latency tripled: a regression; errors fell: an improvement.
        let slow = Comparison.compare(baseline: Self.summary(hits: 160), current: Self.summary(hits: 160, p50: 400))
        #expect(slow.metrics(.regression) == ["latency_ms.p50"])
        let fewer = Comparison.compare(baseline: Self.summary(hits: 160, errors: 3), current: Self.summary(hits: 160, errors: 0))
        #expect(fewer.verdict == .improvement && fewer.verdict.exitCode == 4)
        // More confident wrong answers: false acceptances are lower-is-better.
        let fa = Comparison.compare(baseline: Self.summary(hits: 160, hc: 50, hcHits: 49), current: Self.summary(hits: 160, hc: 70, hcHits: 49))
        #expect(fa.metrics(.regression).contains("false_acceptance_rate_pct"))
    }

    @Test func wilsonIntervalGuardsSmallSamples() {
        // 10 images: one more miss is 10 points, but well inside the baseline's interval.
        let c = Comparison.compare(baseline: Self.summary(total: 10, hits: 8, hc: 5, hcHits: 5), current: Self.summary(total: 10, hits: 7, hc: 5, hcHits: 5))
        #expect(c.verdict == .unchanged)
        // Without the Wilson test the same change is a regression.
        let strict = Thresholds(metrics: ["accuracy_pct_overall": MetricThreshold(absolute: 1, wilson: false)])
        let s = Comparison.compare(baseline: Self.summary(total: 10, hits: 8, hc: 5, hcHits: 5), current: Self.summary(total: 10, hits: 7, hc: 5, hcHits: 5), thresholds: strict)
        #expect(s.metrics(.regression).contains("accuracy_pct_overall"))
    }

    @Test func presetOverridesApply() {
        let t = Thresholds(metrics: ["latency_ms.p50": MetricThreshold(absolute: 10, relative: 0.1)],
                           presets: ["screen": ["latency_ms.p50": MetricThreshold(absolute: 1000)]])
        #expect(t.threshold(for: "latency_ms.p50", preset: "screen") == MetricThreshold(absolute: 1000, relative: 0.1))
        #expect(t.threshold(for: "latency_ms.p50", preset: "etched") == MetricThreshold(absolute: 10, relative: 0.1))
        let c = Comparison.compare(baseline: Self.summary(hits: 160, preset: "screen"), current: Self.summary(hits: 160, p50: 300, preset: "screen"), thresholds: t)
        #expect(c.verdict == .unchanged)
        #expect(Thresholds(metrics: ["acuracy": .init()]).unknownMetrics() == ["acuracy"])
    }

    @Test func missingMetricIsReportedNotFatal() {
        let c = Comparison.compare(baseline: .object([("total", .int(1))]), current: Self.summary(hits: 1))
        #expect(c.rows.allSatisfy { $0.status == .missing || $0.metric.name == "errors" || $0.metric.name == "ece" || $0.metric.name.hasPrefix("latency") || $0.metric.name.hasSuffix("pct") })
        #expect(c.verdict == .unchanged)
    }
}
