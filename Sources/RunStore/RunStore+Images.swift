import Foundation
import GRDB

extension RunStore {
    /// Every change of top answer between consecutive finished whole runs of each dataset and
    /// preset (optionally one of each), oldest first. Each pair of runs is one query joining
    /// their images on the primary key, so it stays fast with many runs of thousands of images.
    public func flips(dataset: String? = nil, preset: String? = nil) throws -> [ImageFlip] {
        let groups = try trendGroups(dataset: dataset, preset: preset)
        let sql = """
            SELECT b.relativePath, b.groundTruth, a.answer AS before, b.answer AS after
            FROM image b JOIN image a ON a.runId = ? AND a.relativePath = b.relativePath
            WHERE b.runId = ? AND a.answer IS NOT b.answer
            ORDER BY b.relativePath
            """
        return try pool.read { db in
            let statement = try db.cachedStatement(sql: sql)
            var out: [ImageFlip] = []
            for g in groups {
                for (from, to) in zip(g.runs, g.runs.dropFirst()) {
                    guard let a = from.id, let b = to.id else { continue }
                    for row in try Row.fetchAll(statement, arguments: [a, b]) {
                        out.append(ImageFlip(relativePath: row["relativePath"], truth: row["groundTruth"],
                                             fromRun: a, fromAnswer: row["before"], fromStarted: from.startedAt,
                                             toRun: b, toAnswer: row["after"], toStarted: to.startedAt,
                                             presetChanged: from.presetDigest != to.presetDigest))
                    }
                }
            }
            return out.sorted { ($0.toStarted, $0.relativePath) < ($1.toStarted, $1.relativePath) }
        }
    }

    /// One image's results over the runs of `dataset` (base name), oldest first.
    public func imageHistory(_ relativePath: String, dataset: String? = nil, preset: String? = nil) throws -> [(run: StoredRun, image: StoredImage)] {
        try pool.read { db in
            var q = StoredRun.filter(sql: "id IN (SELECT runId FROM image WHERE relativePath = ?)", arguments: [relativePath])
            if let dataset { q = q.filter(Column("datasetName") == dataset) }
            if let preset { q = q.filter(Column("preset") == preset) }
            let runs = try q.order(Column("startedAt"), Column("id")).fetchAll(db)
            return try runs.compactMap { run in
                guard let id = run.id, let image = try StoredImage.fetchOne(db, key: ["runId": id, "relativePath": relativePath]) else { return nil }
                return (run, image)
            }
        }
    }
}
