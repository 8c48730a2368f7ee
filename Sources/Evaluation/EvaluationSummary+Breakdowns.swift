import Foundation

extension EvaluationSummary {
    /// The headline counts of one slice of a run (a preset, a device type).
    public struct Breakdown: Sendable {
        public var total = 0
        public var labelled = 0
        public var detected = 0
        public var hits = 0
        public var top1Hits = 0
        public var errors = 0
        /// Per-image latency of the slice (mergeable).
        public var latency = LatencyStats()

        /// An empty slice.
        public init() {}

        /// Adds one record to the slice.
        public mutating func add(_ r: SampleRecord) {
            total += 1
            if r.groundTruth != nil { labelled += 1 }
            if r.detected { detected += 1 }
            if r.hit { hits += 1 }
            if r.top1Hit { top1Hits += 1 }
            if r.failed { errors += 1 }
            latency.record(ms: r.latencyMs)
        }

        /// The slice as JSON (contract-style percentages).
        public var json: JSONValue {
            .object([
                ("total", .int(total)), ("labelled", .int(labelled)), ("detected", .int(detected)),
                ("hits", .int(hits)), ("top1_hits", .int(top1Hits)), ("errors", .int(errors)),
                ("detection_rate_pct", .double(Metrics.pct(detected, total))),
                ("accuracy_pct_overall", .double(Metrics.pct(hits, total))),
                ("top1_accuracy_pct", .double(Metrics.pct(top1Hits, total))),
                ("latency_ms", latency.summaryJSON),
            ])
        }
    }

    /// Records grouped by `key`, sorted by key.
    public func breakdown(by key: (SampleRecord) -> String) -> [(key: String, value: Breakdown)] {
        var d: [String: Breakdown] = [:]
        for r in records { d[key(r), default: Breakdown()].add(r) }
        return d.sorted { $0.key < $1.key }
    }

    /// One slice per preset that read the images.
    public var perPreset: [(key: String, value: Breakdown)] { breakdown { $0.outcome.preset } }

    /// One slice per device type from the labels (`unknown` when not labelled).
    public var perDevice: [(key: String, value: Breakdown)] { breakdown { $0.deviceType ?? "unknown" } }
}
