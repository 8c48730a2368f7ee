import Foundation
import GRDB

extension RunStore {
    /// Every change of top answer between consecutive finished whole runs of each dataset and
    /// preset (optionally one of each), oldest first. One query with a window over each image's
    /// runs, so it stays fast with many runs of thousands of images.
    public func flips(dataset: String? = nil, preset: String? = nil) throws -> [ImageFlip] {
        var conditions = ["r.status = 'finished'", "r.shardCount = 1", "r.level IS NULL"]
        var args: [any DatabaseValueConvertible] = []
        if let dataset { conditions.append("r.datasetName = ?"); args.append(dataset) }
        if let preset { conditions.append("r.preset = ?"); args.append(preset) }
        let sql = """
            SELECT * FROM (
              SELECT i.relativePath, i.groundTruth, i.runId, i.answer, r.startedAt, r.presetDigest,
                     LAG(i.runId) OVER w AS prevRun, LAG(i.answer) OVER w AS prevAnswer,
                     LAG(r.startedAt) OVER w AS prevStarted, LAG(r.presetDigest) OVER w AS prevDigest
              FROM image i JOIN run r ON r.id = i.runId
              WHERE \(conditions.joined(separator: " AND "))
              WINDOW w AS (PARTITION BY r.datasetName, r.preset, i.relativePath ORDER BY r.startedAt, r.id)
            )
            WHERE prevRun IS NOT NULL AND answer IS NOT prevAnswer
            ORDER BY startedAt, relativePath
            """
        return try pool.read { db in
            try Row.fetchAll(db, sql: sql, arguments: StatementArguments(args)).map { row in
                ImageFlip(relativePath: row["relativePath"], truth: row["groundTruth"],
                          fromRun: row["prevRun"], fromAnswer: row["prevAnswer"], fromStarted: row["prevStarted"],
                          toRun: row["runId"], toAnswer: row["answer"], toStarted: row["startedAt"],
                          presetChanged: (row["presetDigest"] as String?) != (row["prevDigest"] as String?))
            }
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
