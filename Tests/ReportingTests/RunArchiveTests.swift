import Evaluation
import Foundation
import Testing
import TestSupport
@testable import Reporting

/// What `scanbench export` / `scanbench report` read back from a finished run.
@Suite("RunArchive")
struct RunArchiveTests {
    static func writeRun(_ dir: URL, withJSON: Bool) throws -> ReportPaths {
        let summary = ReportFixtures.serialSummary
        let paths = ReportPaths(folder: dir, dataset: summary.info.dataset, date: summary.info.startedAt)
        let log = try RecordLog(url: paths.records)
        for r in ReportFixtures.serialRecords.reversed() { try log.append(r) }
        if withJSON { _ = try ReportWriter.write(summary, paths: paths, options: .init(formats: [])) }
        return paths
    }

    @Test func fromRecordsWithTheSummaryBesideThem() throws {
        let dir = try Fixtures.tempDir("archive")
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try Self.writeRun(dir, withJSON: true)
        let run = try RunArchive.load(records: paths.records, json: nil)
        #expect(run.paths.stem == paths.stem)
        #expect(run.summary.records == ReportFixtures.serialSummary.records)
        #expect(run.summary.info.dataset == "Datasets/fixture")
        #expect(run.summary.info.versions["tesseract"] == "5.3.0")
        #expect(run.summary.info.startedAt == ReportFixtures.t0)
        // Re-rendered JSON equals the original except for the environment facts.
        let again = ReportWriter.summaryJSON(run.summary, paths: paths, options: .init(formats: []))
        let original = try JSONValue.parse(String(contentsOf: paths.json, encoding: .utf8))
        for k in original.keys where !["machine", "dataset_manifest", "wall_time_s"].contains(k) { #expect(again[k] == original[k], "\(k)") }
        #expect(abs((again["wall_time_s"]?.number ?? 0) - (original["wall_time_s"]?.number ?? 0)) < 1)
        let byJSON = try RunArchive.load(records: nil, json: paths.json)
        #expect(byJSON.summary.total == 7)
    }

    @Test func fromRecordsAloneStillValidates() throws {
        let dir = try Fixtures.tempDir("archive-bare")
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try Self.writeRun(dir, withJSON: false)
        let run = try RunArchive.load(records: paths.records, json: nil)
        #expect(run.summary.info.dataset == paths.stem)
        let j = ReportWriter.summaryJSON(run.summary, paths: paths, options: .init(formats: []))
        let v = try JSONSchemaLibrary.validator("evaluate").validate(j)
        #expect(v.isEmpty, "\(v)")
    }

    @Test func missingFilesAreClearErrors() throws {
        let dir = try Fixtures.tempDir("archive-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: RunArchive.LoadError.self) { try RunArchive.load(records: nil, json: nil) }
        #expect(throws: RunArchive.LoadError.self) { try RunArchive.load(records: dir.appendingPathComponent("x.records.jsonl"), json: nil) }
        #expect(throws: RunArchive.LoadError.self) { try RunArchive.load(records: nil, json: dir.appendingPathComponent("x.json")) }
    }
}
