import Foundation

/// The `/evaluate` summary computed from per-image records. Pure: the same records always give
/// the same summary, so sharded runs merged by concatenating records give identical figures.
public struct EvaluationSummary: Sendable {
    public let info: RunInfo
    public let records: [SampleRecord]

    public init(info: RunInfo, records: [SampleRecord]) {
        self.info = info
        self.records = records.sorted { $0.relativePath < $1.relativePath }
    }

    /// Confidence at and above which an answer counts as high-confidence.
    public static let highConfidence = 0.8

    public var total: Int { records.count }
    public var detected: Int { records.filter(\.detected).count }
    public var hits: Int { records.filter(\.hit).count }
    public var top1Hits: Int { records.filter(\.top1Hit).count }
    public var errors: Int { records.filter(\.failed).count }
    public var labelled: Int { records.filter { $0.groundTruth != nil }.count }
    public var strictPasses: Int { records.filter { $0.top?.strictValid == true }.count }
    public var highConfidenceRecords: [SampleRecord] { records.filter { ($0.top?.confidence ?? 0) >= Self.highConfidence } }

    /// Per-image latency distribution.
    public var latency: LatencyStats {
        var s = LatencyStats()
        for r in records { s.record(ms: r.latencyMs) }
        return s
    }

    /// Per-stage latency distributions, by stage name.
    public var stageLatency: [String: LatencyStats] {
        var d: [String: LatencyStats] = [:]
        for r in records { for t in r.outcome.stageTimings { d[t.stage, default: LatencyStats()].record(ms: t.ms) } }
        return d
    }

    /// Labelled images as (top confidence, top-1 correct) pairs; no candidate → confidence 0.
    public var calibrationPairs: [(confidence: Double, correct: Bool)] {
        records.filter { $0.groundTruth != nil }.map { ($0.top?.confidence ?? 0, $0.top1Hit) }
    }

    /// 10 bins over [0, 1]: bin lower edges, top-1 hits and misses per bin (labelled, detected images).
    public var confidenceHistogram: (bins: [Double], hits: [Int], misses: [Int]) {
        var hits = [Int](repeating: 0, count: 10), misses = hits
        for r in records where r.groundTruth != nil {
            guard let t = r.top else { continue }
            if r.top1Hit { hits[Metrics.bin(t.confidence)] += 1 } else { misses[Metrics.bin(t.confidence)] += 1 }
        }
        return ((0..<10).map { Double($0) / 10 }, hits, misses)
    }

    /// Expected calibration error over labelled images (10 equal-width bins).
    public var ece: Double { Metrics.ece(calibrationPairs) }

    /// The `/evaluate` JSON: the contract's keys in order, then additive fields.
    public func json(csvPath: String, summaryPath: String, extra: [(String, JSONValue)] = []) -> JSONValue {
        let hc = highConfidenceRecords
        let hcHits = hc.filter(\.hit).count
        let hist = confidenceHistogram
        var pairs: [(String, JSONValue)] = [
            ("dataset", .string(info.dataset)),
            ("total", .int(total)),
            ("detected", .int(detected)),
            ("hits", .int(hits)),
            ("detection_rate_pct", .double(Metrics.pct(detected, total))),
            ("accuracy_pct_overall", .double(Metrics.pct(hits, total))),
            ("accuracy_pct_on_detected", .double(Metrics.pct(hits, detected))),
            ("strict_validation_passes", .int(strictPasses)),
            ("strict_validation_rate_pct", .double(Metrics.pct(strictPasses, total))),
            ("high_confidence_count", .int(hc.count)),
            ("high_confidence_hits", .int(hcHits)),
            ("high_confidence_accuracy_pct", .double(Metrics.pct(hcHits, hc.count))),
            ("csv_path", .string(csvPath)),
            ("summary_path", .string(summaryPath)),
            ("use_progressive", .bool(info.useProgressive)),
            ("extract_params", .object(info.extractParams.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            // Additive fields whose names the contract fixes.
            ("preset", .string(info.preset)),
            ("top1_hits", .int(top1Hits)),
            ("top1_accuracy_pct", .double(Metrics.pct(top1Hits, total))),
            ("latency_ms", latency.summaryJSON),
            ("confidence_histogram", .object([
                ("bins", .array(hist.bins.map { .double($0) })),
                ("hits", .array(hist.hits.map { .int($0) })),
                ("misses", .array(hist.misses.map { .int($0) })),
            ])),
            ("ece", .double(Metrics.round(ece, 4))),
            ("errors", .int(errors)),
            ("versions", .object(info.versions.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            // Further additive fields.
            ("labelled", .int(labelled)),
            ("unlabelled", .int(total - labelled)),
            ("error_kinds", .object(Dictionary(grouping: records.compactMap(\.outcome.error), by: \.kind)
                .sorted { $0.key < $1.key }.map { ($0.key, .int($0.value.count)) })),
            ("stage_latency_ms", .object(stageLatency.sorted { $0.key < $1.key }.map { ($0.key, $0.value.summaryJSON) })),
            ("workers", .int(info.workers)),
            ("started_at", .string(Self.iso(info.startedAt))),
            ("finished_at", .string(Self.iso(info.finishedAt))),
            ("skipped_hidden", .int(info.skippedHidden)),
            ("skipped_non_images", .int(info.skippedNonImages)),
            ("unreadable_folders", .array(info.unreadableFolders.map { .string($0) })),
            ("label_issues", .array(info.labelIssues.map { .string($0.description) })),
        ]
        pairs.append(contentsOf: extra)
        return .object(pairs)
    }

    /// ISO 8601 in UTC with seconds.
    public static func iso(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: d)
    }
}
