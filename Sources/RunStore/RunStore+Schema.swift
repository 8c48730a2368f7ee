import GRDB

extension RunStore {
    /// The schema, one registered migration per version. Never edit a shipped migration: add
    /// the next one (`v2-…`), so every existing file is brought forward the same way.
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1-runs-images-scans-jobs") { db in
            // One row per run (an evaluate, a merged run, a robustness level, an imported record).
            try db.create(table: "run") { t in
                t.autoIncrementedPrimaryKey("id")
                // Identity of the run (dataset, preset, start, shard, settings): a resumed run
                // and a re-import of its record land on the same row.
                t.column("uid", .text).notNull().unique()
                t.column("kind", .text).notNull()          // evaluate | merge | robustness | import
                t.column("status", .text).notNull()        // running | finished
                t.column("dataset", .text).notNull()       // as given on the command line
                t.column("datasetName", .text).notNull()   // its base name: the trend's key
                t.column("preset", .text).notNull()
                t.column("presetDigest", .text).notNull()  // the presets' digest (a --preset-file change moves it)
                t.column("level", .text)                   // robustness level (`blur_2`), NULL for a plain run
                t.column("shardIndex", .integer).notNull()
                t.column("shardCount", .integer).notNull()
                t.column("seed", .text)                    // synthetic set's or perturbations' seed
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime)
                t.column("expectedImages", .integer).notNull()
                t.column("recordedImages", .integer).notNull().defaults(to: 0)
                t.column("total", .integer)
                t.column("hits", .integer)
                t.column("top1Hits", .integer)
                t.column("detected", .integer)
                t.column("errors", .integer)
                t.column("scanbenchVersion", .text)
                t.column("versions", .text).notNull()      // JSON object
                t.column("settings", .text).notNull()      // JSON object (header settings)
                t.column("extractParams", .text).notNull() // JSON object
                t.column("machine", .text)                 // JSON object, NULL when unknown
                t.column("manifestSHA256", .text)
                t.column("manifestFiles", .integer)
                t.column("summary", .text)                 // the /evaluate summary JSON as written
                t.column("recordPath", .text)              // the finished *.records.jsonl
            }
            try db.create(index: "run_trend", on: "run", columns: ["datasetName", "preset", "startedAt"])
            // One row per image of a run: the top answer in columns, the whole record (crops
            // dropped) as JSON.
            try db.create(table: "image") { t in
                t.column("runId", .integer).notNull().references("run", onDelete: .cascade)
                t.column("relativePath", .text).notNull()
                t.column("groundTruth", .text)
                t.column("deviceType", .text)
                t.column("answer", .text)
                t.column("confidence", .double)
                t.column("strictValid", .boolean).notNull()
                t.column("method", .text)
                t.column("hit", .boolean).notNull()
                t.column("top1Hit", .boolean).notNull()
                t.column("errorKind", .text)
                t.column("latencyMs", .double).notNull()
                t.column("finishedAt", .datetime).notNull()
                t.column("record", .text).notNull()
                t.primaryKey(["runId", "relativePath"])
            }
            try db.create(index: "image_path", on: "image", columns: ["relativePath"])
            try db.create(index: "image_time", on: "image", columns: ["finishedAt"])
            // The server's reads saved to the database (`/process-serial`, `/scan`).
            try db.create(table: "scan") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("scannedAt", .datetime).notNull().indexed()
                t.column("serial", .text).notNull()
                t.column("deviceType", .text).notNull()
                t.column("confidence", .double).notNull()
                t.column("source", .text).notNull()
                t.column("notes", .text).notNull()
                t.column("validationPassed", .boolean).notNull()
                t.column("confidenceAcceptable", .boolean).notNull()
                t.column("endpoint", .text).notNull()
                t.column("preset", .text)
                t.column("jobId", .text)
            }
            // The server's `/scan` jobs, so a restart keeps finished ones.
            try db.create(table: "job") { t in
                t.primaryKey("id", .text)
                t.column("status", .text).notNull()
                t.column("progress", .integer).notNull()
                t.column("message", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("results", .text)
                t.column("error", .text)
            }
        }
        return m
    }
}
