import Evaluation
import Foundation
import Testing
import TestSupport
@testable import Reporting

@Suite("ReportWriter")
struct ReportWriterTests {
    @Test func writesEveryRenderingWithOneStem() throws {
        let dir = try Fixtures.tempDir("reports")
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = ReportFixtures.serialSummary
        let paths = ReportPaths(folder: dir, dataset: summary.info.dataset, date: summary.info.startedAt)
        #expect(paths.stem == "eval_fixture_20250615_150640")
        let w = try ReportWriter.writeEvaluate(summary, paths: paths)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["csv", "html", "json", "junit.xml", "md", "xlsx"].map { "\(paths.stem).\($0)" })
        // The JSON on disk is what was returned, and it validates.
        let text = try String(contentsOf: w.json, encoding: .utf8)
        #expect(try JSONValue.parse(text) == w.summary)
        let v = try JSONSchemaLibrary.validateEvaluate(text)
        #expect(v.isEmpty, "\(v)")
        #expect(w.summary["summary_path"] == .string(paths.json.path))
        #expect(try String(contentsOf: w.csv, encoding: .utf8) == PerImageCSV.render(summary.records))
        #expect(try String(contentsOf: paths.junit, encoding: .utf8) == JUnitReport.render(summary))
        #expect(try String(contentsOf: paths.markdown, encoding: .utf8) == MarkdownReport.render(summary))
        // No temporary files left behind.
        #expect(!names.contains { $0.hasPrefix(".") })
    }

    @Test func emptyRunWritesValidReports() throws {
        let dir = try Fixtures.tempDir("reports-empty")
        defer { try? FileManager.default.removeItem(at: dir) }
        let summary = EvaluationSummary(info: ReportFixtures.info(), records: [])
        let w = try ReportWriter.writeEvaluate(summary, paths: ReportPaths(folder: dir, stem: "eval_empty"))
        let v = try JSONSchemaLibrary.validateEvaluate(try String(contentsOf: w.json, encoding: .utf8))
        #expect(v.isEmpty, "\(v)")
        #expect(JUnitReport.render(summary).contains("tests=\"0\" failures=\"0\""))
    }

    @Test func aFailedRenderingDoesNotCostTheSummary() throws {
        let dir = try Fixtures.tempDir("reports-fail")
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = ReportPaths(folder: dir, stem: "eval_blocked")
        // A folder where the workbook should go: the final rename fails.
        try FileManager.default.createDirectory(at: paths.xlsx, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: paths.xlsx.appendingPathComponent("keep").path, contents: Data())
        let w = try ReportWriter.writeEvaluate(ReportFixtures.serialSummary, paths: paths)
        #expect(w.xlsx == nil)
        #expect(w.failures.count == 1 && w.failures[0].hasPrefix("xlsx:"), "\(w.failures)")
        #expect(w.summary["reports"]?["xlsx"] == nil)
        #expect(w.summary["reports"]?["html"] != nil)
        #expect(FileManager.default.fileExists(atPath: paths.json.path))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: dir.path)).contains { $0.hasPrefix(".") })
    }
}
