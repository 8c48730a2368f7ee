import Evaluation
import Foundation
import GRDB

extension RunStore {
    /// The metrics a trend shows by default.
    public static let defaultTrendMetrics = ["top1_accuracy_pct", "accuracy_pct_overall", "detection_rate_pct", "false_acceptance_rate_pct",
                                             "errors", "latency_ms.p95"]

    /// Finished whole runs (no shard, no perturbed level) per dataset and preset, oldest first.
    public func trendGroups(dataset: String? = nil, preset: String? = nil) throws -> [(dataset: String, preset: String, runs: [StoredRun])] {
        let runs = try pool.read { db in
            var q = StoredRun.filter(Column("status") == StoredRun.Status.finished.rawValue)
                .filter(Column("shardCount") == 1).filter(Column("level") == nil)
            if let dataset { q = q.filter(Column("datasetName") == dataset) }
            if let preset { q = q.filter(Column("preset") == preset) }
            return try q.order(Column("datasetName"), Column("preset"), Column("startedAt"), Column("id")).fetchAll(db)
        }
        var groups: [(dataset: String, preset: String, runs: [StoredRun])] = []
        for r in runs {
            if let last = groups.last, last.dataset == r.datasetName, last.preset == r.preset {
                groups[groups.count - 1].runs.append(r)
            } else {
                groups.append((r.datasetName, r.preset, [r]))
            }
        }
        return groups
    }

    /// The trend of each of `metrics` per dataset and preset, each point marked against the
    /// previous run with `thresholds` (the preset's overrides applied), as `compare` judges.
    public func trends(dataset: String? = nil, preset: String? = nil, metrics: [MetricDefinition],
                       thresholds: Thresholds = .defaults) throws -> [MetricTrend] {
        var out: [MetricTrend] = []
        for group in try trendGroups(dataset: dataset, preset: preset) {
            let summaries = group.runs.map { $0.summaryJSON ?? .object([]) }
            for m in metrics {
                var points: [MetricTrend.Point] = []
                for (i, run) in group.runs.enumerated() {
                    let value = m.read(summaries[i])?.value
                    guard i > 0 else { points.append(.init(run: run, value: value, status: nil, presetChanged: false)); continue }
                    let row = Comparison.compare(baseline: summaries[i - 1], current: summaries[i], thresholds: thresholds, metrics: [m]).rows.first
                    points.append(.init(run: run, value: value, status: row?.status ?? .missing,
                                        presetChanged: run.presetDigest != group.runs[i - 1].presetDigest))
                }
                if m.optional && points.allSatisfy({ $0.value == nil }) { continue }
                out.append(MetricTrend(dataset: group.dataset, preset: group.preset, metric: m, points: points))
            }
        }
        return out
    }
}
