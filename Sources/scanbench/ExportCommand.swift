import ArgumentParser
import Evaluation
import Foundation
import Harness
import Reporting

/// `scanbench export`: the batch version of the backend's `/export` — an XLSX of a run.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the /export workbook (serials_<yyyyMMdd_HHmmss>.xlsx) of a finished run.",
        discussion: """
        Reads a run's per-image record (RUN.records.jsonl; with --json, the one next to RUN.json) \
        and writes the contract's sheets Serial Data, Summary and Export Metadata, then \
        Evaluation, Latency and Confidence with native charts. One Serial Data row per image; \
        Source is `server` for every row (the run read them server-side; the method and stage \
        are in Notes). Filters are the backend's: dates are inclusive UTC days.
        """)

    @Option(name: .customLong("record"), help: "The run's per-image record, RUN.records.jsonl, or the folder evaluate wrote (its newest run).")
    var record: String?

    @Option(name: .long, help: "The run's JSON summary (its records file must sit next to it).")
    var json: String?

    @Option(name: .customLong("date-from"), help: "Only images read on or after this UTC day (YYYY-MM-DD).")
    var dateFrom: String?

    @Option(name: .customLong("date-to"), help: "Only images read on or before this UTC day (YYYY-MM-DD).")
    var dateTo: String?

    @Option(name: .long, help: "Only this source: ios | mac | server.")
    var source: String?

    @Option(name: .customLong("device-type"), help: "Only this device type (as in labels.csv, case-insensitive).")
    var deviceType: String?

    @Option(name: .customLong("validation-status"), help: "Only valid | invalid rows (strict serial validation).")
    var validationStatus: String?

    @Option(name: .customLong("min-confidence"), help: "Confidence at which `Confidence Acceptable` is true (0–1).")
    var minConfidence: Double = XLSXReport.defaultAcceptableConfidence

    @Option(name: .long, help: "Output folder (default: the run's folder).")
    var out: String?

    func validate() throws {
        guard record != nil || json != nil else { throw ValidationError("give --record RUN.records.jsonl or --json RUN.json") }
        guard (0...1).contains(minConfidence) else { throw ValidationError("--min-confidence must be within 0…1") }
        do { _ = try filters() } catch { throw ValidationError(error.description) }
    }

    private func filters() throws(ExportFilters.Invalid) -> ExportFilters {
        try ExportFilters(dateFrom: dateFrom, dateTo: dateTo, source: source, deviceType: deviceType, validationStatus: validationStatus)
    }

    func run() throws {
        let inputs = try RunLocator.archiveInputs(record: record, json: json)
        let run = try RunArchive.load(records: inputs.records, json: inputs.json)
        let now = Date()
        let folder = out.map { URL(fileURLWithPath: $0) } ?? run.paths.folder
        let url = folder.appendingPathComponent(XLSXReport.exportFileName(now))
        let rows = try XLSXReport.write(run.summary, to: url, options: .init(filters: try filters(), generatedAt: now, acceptableConfidence: minConfidence))
        print("\(url.path) (\(rows) of \(run.summary.total) images)")
    }
}
