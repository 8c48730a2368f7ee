import Foundation

extension EvaluationSummary {
    /// One bin of a reliability diagram: how confident the reader was and how often it was right.
    public struct ReliabilityBin: Hashable, Sendable {
        /// Bin edges in [0, 1].
        public var lower: Double
        public var upper: Double
        /// Labelled images whose top confidence falls in the bin.
        public var count: Int
        /// Mean top confidence in the bin (0 when empty).
        public var meanConfidence: Double
        /// Share of top-1 hits in the bin (0 when empty).
        public var accuracy: Double
    }

    /// Reliability diagram over labelled images, 10 equal-width bins (no candidate = confidence 0,
    /// wrong), the same pairs `ece` uses.
    public var reliabilityBins: [ReliabilityBin] {
        var n = [Int](repeating: 0, count: 10), conf = [Double](repeating: 0, count: 10), acc = conf
        for p in calibrationPairs {
            let b = Metrics.bin(p.confidence)
            n[b] += 1; conf[b] += p.confidence; acc[b] += p.correct ? 1 : 0
        }
        var bins: [ReliabilityBin] = []
        for b in 0..<10 {
            let count = n[b]
            let meanConfidence: Double = count == 0 ? 0 : conf[b] / Double(count)
            let accuracy: Double = count == 0 ? 0 : acc[b] / Double(count)
            bins.append(ReliabilityBin(lower: Double(b) / 10, upper: Double(b + 1) / 10, count: count,
                                       meanConfidence: meanConfidence, accuracy: accuracy))
        }
        return bins
    }

    /// One operating point of the accuracy-vs-coverage curve.
    public struct CoveragePoint: Hashable, Sendable {
        /// Answers with top confidence ≥ threshold are accepted.
        public var threshold: Double
        /// Labelled images answered at this threshold.
        public var accepted: Int
        /// Of those, top-1 hits.
        public var correct: Int
        /// accepted / labelled × 100 (2 decimals, 0 when nothing is labelled).
        public var coveragePct: Double
        /// correct / accepted × 100 (2 decimals, 0 when nothing is accepted).
        public var accuracyPct: Double
    }

    /// Thresholds of the accuracy-vs-coverage curve.
    public static let coverageThresholds: [Double] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]

    /// What accuracy you get when accepting only answers at or above each threshold (labelled
    /// images with at least one candidate).
    public var accuracyVsCoverage: [CoveragePoint] {
        let answered = records.filter { $0.groundTruth != nil }.compactMap { r in r.top.map { ($0.confidence, r.top1Hit) } }
        let labelled = self.labelled
        return Self.coverageThresholds.map { t in
            let kept = answered.filter { $0.0 >= t }
            let correct = kept.filter(\.1).count
            return CoveragePoint(threshold: t, accepted: kept.count, correct: correct,
                                 coveragePct: Metrics.pct(kept.count, labelled), accuracyPct: Metrics.pct(correct, kept.count))
        }
    }

    /// A Wilson 95 % interval in percent (2 decimals) with its counts.
    public struct Interval: Hashable, Sendable {
        public var lowPct: Double
        public var highPct: Double
        public var successes: Int
        public var trials: Int

        /// The Wilson score interval of `successes` in `trials`; (0, 0) when there are no trials.
        public init(successes: Int, trials: Int) {
            let w = Metrics.wilson(successes, trials)
            self.lowPct = Metrics.round2(w.low * 100); self.highPct = Metrics.round2(w.high * 100)
            self.successes = successes; self.trials = trials
        }

        /// `{low, high, successes, trials}`.
        public var json: JSONValue {
            .object([("low", .double(lowPct)), ("high", .double(highPct)), ("successes", .int(successes)), ("trials", .int(trials))])
        }
    }

    /// Wilson 95 % interval of `top1_accuracy_pct` (top-1 hits of all images).
    public var top1Interval: Interval { Interval(successes: top1Hits, trials: total) }

    /// Wilson 95 % interval of top-1 accuracy on labelled images only.
    public var top1LabelledInterval: Interval {
        Interval(successes: records.filter { $0.groundTruth != nil && $0.top1Hit }.count, trials: labelled)
    }
}
