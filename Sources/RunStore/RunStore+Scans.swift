import Foundation
import GRDB
import Reporting

extension RunStore {
    /// Saves one server read (the server then answers `saved_to_database: true`); returns its id.
    @discardableResult
    public func recordScan(_ read: ScanRead) throws -> Int64 {
        try pool.write { db in
            var r = read
            try r.insert(db)
            guard let id = r.id else { throw DatabaseError(message: "scan inserted without an id") }
            return id
        }
    }

    /// The server's saved reads, oldest first.
    public func scans() throws -> [ScanRead] {
        try pool.read { db in try ScanRead.order(Column("scannedAt"), Column("id")).fetchAll(db) }
    }

    /// Rows of the `/export` sheet across the store: every saved server read and every serial
    /// image of every finished run (source `server`, as an evaluation export lists them), that
    /// pass `filters`, oldest first, numbered from 1. The date, source, device type and
    /// validation filters run in SQL, so an export of a large store reads only what it lists.
    public func exportRows(_ filters: ExportFilters, acceptableConfidence: Double) throws -> [SerialRow] {
        var scanWhere: [String] = [], imageWhere = ["r.status = 'finished'", "r.preset <> 'permit'"]
        var scanArgs: [any DatabaseValueConvertible] = [], imageArgs: [any DatabaseValueConvertible] = []
        func both(_ scan: String, _ image: String, _ value: any DatabaseValueConvertible) {
            scanWhere.append(scan); scanArgs.append(value)
            imageWhere.append(image); imageArgs.append(value)
        }
        // Dates are stored as `yyyy-MM-dd HH:mm:ss.SSS` UTC text, so a day compares as a prefix.
        if let from = filters.dateFrom { both("scannedAt >= ?", "i.finishedAt >= ?", from) }
        if let to = filters.dateTo { both("substr(scannedAt, 1, 10) <= ?", "substr(i.finishedAt, 1, 10) <= ?", to) }
        if let d = filters.deviceType { both("lower(deviceType) = lower(?)", "lower(COALESCE(i.deviceType, '')) = lower(?)", d) }
        if let v = filters.validationStatus { both("validationPassed = ?", "i.strictValid = ?", v == "valid") }
        var includeImages = true
        if let s = filters.source {
            scanWhere.append("source = ?"); scanArgs.append(s)
            includeImages = s == SerialRow.evaluationSource
        }
        struct Unnumbered { var date: Date; var order: (Int, Int64, String); var row: SerialRow }
        var rows: [Unnumbered] = []
        try pool.read { db in
            let scanSQL = "SELECT * FROM scan" + (scanWhere.isEmpty ? "" : " WHERE " + scanWhere.joined(separator: " AND "))
            for s in try ScanRead.fetchAll(db, sql: scanSQL, arguments: StatementArguments(scanArgs)) {
                rows.append(.init(date: s.scannedAt, order: (0, s.id ?? 0, ""),
                                  row: SerialRow(id: 0, timestamp: s.scannedAt, serial: s.serial, deviceType: s.deviceType, confidence: s.confidence,
                                                 source: s.source, notes: s.notes, validationPassed: s.validationPassed,
                                                 confidenceAcceptable: s.confidenceAcceptable)))
            }
            guard includeImages else { return }
            let imageSQL = """
                SELECT i.*, r.datasetName, r.preset FROM image i JOIN run r ON r.id = i.runId
                WHERE \(imageWhere.joined(separator: " AND "))
                """
            for row in try Row.fetchAll(db, sql: imageSQL, arguments: StatementArguments(imageArgs)) {
                let image = try StoredImage(row: row)
                let run: Int64 = row["runId"], dataset: String = row["datasetName"]
                var notes = ["run: \(run) (\(dataset))", "file: \(image.relativePath)"]
                if let e = image.errorKind { notes.append("ERROR:\(e)") } else if let m = image.method { notes.append("method: \(m)") } else { notes.append("no serial read") }
                if let t = image.groundTruth { notes.append("truth: \(t) (\(image.top1Hit ? "match" : image.hit ? "in candidates" : "miss"))") }
                let confidence = image.confidence ?? 0
                rows.append(.init(date: image.finishedAt, order: (1, run, image.relativePath),
                                  row: SerialRow(id: 0, timestamp: image.finishedAt, serial: image.answer ?? "", deviceType: image.deviceType ?? "",
                                                 confidence: confidence, source: SerialRow.evaluationSource, notes: notes.joined(separator: "; "),
                                                 validationPassed: image.strictValid, confidenceAcceptable: confidence >= acceptableConfidence)))
            }
        }
        rows.sort { a, b in a.date != b.date ? a.date < b.date : a.order < b.order }
        return rows.enumerated().map { i, u in
            var r = u.row
            r.id = i + 1
            return r
        }
    }

    /// Rows the store holds for an export's `Database Records` (saved reads plus run images).
    public func databaseRecordCount() throws -> Int {
        try pool.read { db in try ScanRead.fetchCount(db) + StoredImage.fetchCount(db) }
    }
}
