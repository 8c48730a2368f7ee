import Evaluation
import Foundation
import GRDB

extension RunStore {
    /// Starts recording a run (or finds it again: a resumed run, or a record imported twice,
    /// has the same identity). Returns its id. A finished run found again stays finished.
    public func beginRun(header: RecordHeader, kind: StoredRun.Kind) throws -> Int64 {
        let draft = StoredRun(header: header, kind: kind)
        return try pool.write { db in
            if let existing = try StoredRun.filter(Column("uid") == draft.uid).fetchOne(db), let id = existing.id {
                return id
            }
            var run = draft
            try run.insert(db)
            guard let id = run.id else { throw DatabaseError(message: "run inserted without an id") }
            return id
        }
    }

    /// Records finished images of run `id` in one transaction (an image recorded again
    /// replaces its row, as a resumed run's record does).
    public func recordImages(_ samples: [SampleRecord], run id: Int64) throws {
        guard !samples.isEmpty else { return }
        try pool.write { db in
            for s in samples { try StoredImage(s, runId: id).upsert(db) }
            try db.execute(sql: "UPDATE run SET recordedImages = (SELECT COUNT(*) FROM image WHERE runId = ?) WHERE id = ?",
                           arguments: [id, id])
        }
    }

    /// Marks run `id` finished with the summary JSON as written (figures, machine, dataset
    /// manifest are read from it) and where its record ended up.
    public func finishRun(_ id: Int64, summary: JSONValue, finishedAt: Date, recordPath: String?) throws {
        try pool.write { db in
            guard var run = try StoredRun.fetchOne(db, key: id) else { return }
            run.finish(summary: summary, finishedAt: finishedAt, recordPath: recordPath)
            try run.update(db)
        }
    }

    /// Records a whole finished run at once (an import, a merge): run, images and summary in
    /// batches of `batch` images per transaction. A run already finished in the store keeps its
    /// images and only takes the new summary. Returns the run and whether it was not finished before.
    @discardableResult
    public func recordFinishedRun(header: RecordHeader, records: [SampleRecord], summary: JSONValue, kind: StoredRun.Kind,
                                  recordPath: String?, batch: Int = 500) throws -> (id: Int64, added: Bool) {
        let uid = StoredRun(header: header, kind: kind).uid
        let old = try pool.read { db in try StoredRun.filter(Column("uid") == uid).fetchOne(db) }
        let id = try old?.id ?? beginRun(header: header, kind: kind)
        let wasFinished = old?.status == .finished
        if !wasFinished {
            var start = 0
            while start < records.count {
                let end = min(records.count, start + batch)
                try recordImages(Array(records[start..<end]), run: id)
                start = end
            }
        }
        let finishedAt = summary["finished_at"]?.string.flatMap { ISO8601DateFormatter().date(from: $0) } ?? header.info.finishedAt
        try finishRun(id, summary: summary, finishedAt: finishedAt, recordPath: recordPath)
        return (id, !wasFinished)
    }

    /// Runs, newest first, optionally of one dataset (base name) and preset.
    public func runs(dataset: String? = nil, preset: String? = nil, limit: Int? = nil) throws -> [StoredRun] {
        try pool.read { db in
            var q = StoredRun.all()
            if let dataset { q = q.filter(Column("datasetName") == dataset) }
            if let preset { q = q.filter(Column("preset") == preset) }
            q = q.order(Column("startedAt").desc, Column("id").desc)
            if let limit { q = q.limit(limit) }
            return try q.fetchAll(db)
        }
    }

    /// The run `id`.
    public func run(_ id: Int64) throws -> StoredRun? {
        try pool.read { db in try StoredRun.fetchOne(db, key: id) }
    }

    /// The images of run `id`, by relative path.
    public func images(run id: Int64) throws -> [StoredImage] {
        try pool.read { db in try StoredImage.filter(Column("runId") == id).order(Column("relativePath")).fetchAll(db) }
    }

    /// How many images the store holds over every run.
    public func imageCount() throws -> Int {
        try pool.read { db in try StoredImage.fetchCount(db) }
    }
}
