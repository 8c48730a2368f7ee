import Foundation
import Testing
import TestSupport

/// Every JSON `scanbench evaluate` writes validates against the committed schemas, on the real
/// shared datasets and on a folder of broken files.
@Suite("JSON outputs conform to Schemas/", .serialized)
struct SchemaConformanceTests {
    func evaluate(_ dataset: URL, preset: String = "etched", extra: [String] = []) throws -> URL {
        let out = try Fixtures.tempDir("schema-out")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", dataset.path, "--preset", preset, "--out", out.path, "--quiet"] + extra)
        #expect(r.status == 0, "stderr: \(r.err)")
        return out
    }

    func checkAll(in out: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let summaries = files.filter { $0.hasSuffix(".json") }
        #expect(!summaries.isEmpty)
        for f in summaries {
            let text = try String(contentsOf: out.appendingPathComponent(f), encoding: .utf8)
            let violations = try JSONSchemaLibrary.validateEvaluate(text)
            #expect(violations.isEmpty, "\(f): \(violations.prefix(5))")
            #expect(!text.contains("NaN") && !text.contains("Infinity"))
        }
        for f in files where f.hasSuffix(".records.jsonl") {
            let violations = try JSONSchemaLibrary.validateRecords(String(contentsOf: out.appendingPathComponent(f), encoding: .utf8))
            #expect(violations.isEmpty, "\(f): \(violations.prefix(5))")
        }
    }

    @Test(.needsRendered) func renderedDatasetSummaryValidates() throws {
        try checkAll(in: evaluate(Fixtures.rendered))
    }

    @Test func linesDrawnHereValidate() throws {
        try checkAll(in: evaluate(try LineSet.make(count: 6, name: "schema-lines")))
    }

    @Test func allFailuresAndNoLabelsValidate() throws {
        let ds = try Fixtures.tempDir("schema-broken")
        try Data().write(to: ds.appendingPathComponent("empty.jpg"))
        try Data("text".utf8).write(to: ds.appendingPathComponent("text.png"))
        try checkAll(in: evaluate(ds))
    }

    @Test func emptyFolderValidates() throws {
        try checkAll(in: evaluate(try Fixtures.tempDir("schema-empty")))
    }
}
