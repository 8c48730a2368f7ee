import Evaluation
import Foundation
import Hummingbird
import Reporting
import RunStore

extension ScanServer {
    /// `GET /evaluate?dir=&preset=&min_confidence=&client_compression=`: the `/evaluate` JSON of
    /// a folder under the datasets root (any preset `scanbench evaluate` takes, `permit`
    /// included), with the reports written into the reports folder.
    func evaluate(_ request: Request) async throws -> Response {
        guard let dir = Self.query(request, "dir"), !dir.isEmpty else {
            throw APIError(.badRequest, "INVALID_PATH", "dir is required: a folder relative to the datasets root")
        }
        let preset = (Self.query(request, "preset").flatMap { $0.isEmpty ? nil : $0 } ?? "auto").lowercased()
        var minConfidence: Double?
        if let raw = Self.query(request, "min_confidence"), !raw.isEmpty {
            guard let x = Double(raw), (0...1).contains(x) else { throw APIError.invalidParameter("min_confidence", "'\(raw)' is not a number within 0…1") }
            minConfidence = x
        }
        var clientCompression = false
        if let raw = Self.query(request, "client_compression"), !raw.isEmpty {
            switch raw.lowercased() {
            case "true", "1", "yes", "on": clientCompression = true
            case "false", "0", "no", "off": clientCompression = false
            default: throw APIError.invalidParameter("client_compression", "'\(raw)' is not true or false")
            }
        }
        let summary = try await evaluations.evaluate(dir: dir, preset: preset, minConfidence: minConfidence, clientCompression: clientCompression)
        return JSONResponse.make(summary)
    }

    /// `GET /export[?date_from&date_to&source&device_type&validation_status]`: the contract's
    /// workbook, `serials_<yyyyMMdd_HHmmss>.xlsx`. With a run history store, Serial Data lists
    /// every saved read and every image of every finished run that passes the filters (read
    /// in SQL), and the sheets after the contract's three describe the latest evaluation (an
    /// empty one before any); without a store, the latest evaluation's images only.
    func export(_ request: Request) async throws -> Response {
        let filters: ExportFilters
        do {
            filters = try ExportFilters(dateFrom: Self.query(request, "date_from"), dateTo: Self.query(request, "date_to"),
                                        source: Self.query(request, "source"), deviceType: Self.query(request, "device_type"),
                                        validationStatus: Self.query(request, "validation_status"))
        } catch {
            throw APIError(.badRequest, "INVALID_FILTER", error.message)
        }
        let now = Date()
        let name = XLSXReport.exportFileName(now)
        let data: Data
        if let store {
            let version = config.version
            let latest = try? evaluations.latestSummary()
            data = try await offload("sb-export") { () throws -> Data in
                let rows: [SerialRow], total: Int
                do {
                    rows = try store.exportRows(filters, acceptableConfidence: XLSXReport.defaultAcceptableConfidence)
                    total = try store.databaseRecordCount()
                } catch {
                    throw APIError(.internalServerError, "REPORT_READ_FAILED", "Cannot read the run history: \(error)")
                }
                return try Self.workbook(name) { url in
                    _ = try XLSXReport.write(rows: rows, databaseRecords: total, summary: latest ?? Self.emptySummary(version: version, at: now),
                                             to: url, options: .init(filters: filters, generatedAt: now))
                }
            }
        } else {
            let summary = try evaluations.latestSummary()
            data = try await offload("sb-export") { () throws -> Data in
                try Self.workbook(name) { url in
                    _ = try XLSXReport.write(summary, to: url, options: .init(filters: filters, generatedAt: now))
                }
            }
        }
        var headers = HTTPFields()
        headers[.contentType] = XLSXReport.mediaType
        headers[.contentDisposition] = "attachment; filename=\"\(name)\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The bytes of workbook `name` that `write` writes into a temporary folder.
    private static func workbook(_ name: String, _ write: (URL) throws -> Void) throws -> Data {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scanbench-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        do { try write(url) } catch {
            throw APIError(.internalServerError, "EXPORT_FAILED", "Cannot write the workbook: \(error)")
        }
        return try Data(contentsOf: url)
    }

    /// An evaluation of nothing, for the extra sheets of a store export made before any evaluation.
    static func emptySummary(version: String, at date: Date) -> EvaluationSummary {
        EvaluationSummary(info: RunInfo(dataset: "run history", preset: "none", minConfidence: 0, useProgressive: false, extractParams: [:],
                                        workers: 0, startedAt: date, finishedAt: date, versions: ["scanbench": version]),
                          records: [])
    }
}
