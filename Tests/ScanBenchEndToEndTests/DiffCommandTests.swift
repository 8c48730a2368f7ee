import Evaluation
import Foundation
import Testing
import TestSupport

/// Issue 23: `scanbench diff` and `compare`'s per-image section on two real runs of the same
/// lines, the new-confident-wrong gate both ways, run folders in place of files, and the errors
/// for folders that hold no run (or several).
@Suite("scanbench diff", .serialized)
struct DiffCommandTests {
    /// Six serial lines; the second one's label is emptied: its label says there is no serial to
    /// read (as for a negative image), so any answer at ≥ 0.8 on it is a confident wrong one.
    static func lines() throws -> URL {
        let ds = try LineSet.make(count: 6, name: "diff-ds")
        let labels = ds.appendingPathComponent("labels.csv")
        var rows = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n").map(String.init)
        rows[2] = LineSet.fileName(1) + ","
        try (rows.joined(separator: "\n") + "\n").write(to: labels, atomically: true, encoding: .utf8)
        return ds
    }

    /// The records of the one finished run in `folder`.
    static func records(_ folder: URL) throws -> [SampleRecord] {
        let file = try #require(try RenderedSubset.file(in: folder, suffix: ".records.jsonl"))
        return RunRecord.parse(try Data(contentsOf: file), source: file.path).records
    }

    /// The image names listed under `change` in a diff's JSON.
    static func listed(_ json: JSONValue?, _ change: String) -> [String] {
        guard case let .array(items)? = json?["images"]?[change] else { return [] }
        return items.compactMap { $0["image"]?.string }
    }

    @Test func flipsOfTwoRealRunsInEveryRenderingAndTheGate() throws {
        let ds = try Self.lines()
        let out = try Fixtures.tempDir("diff-out")
        let bin = Fixtures.scanbenchBinary
        let base = out.appendingPathComponent("base"), current = out.appendingPathComponent("current")
        // The baseline keeps no candidate (the calibration's ceiling is 0.99): it answers nothing,
        // so every line the current run reads right is fixed, and every confident answer the
        // current run gets wrong is new.
        let b = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--min-confidence", "0.999",
                                       "--workers", "2", "--out", base.path, "--quiet"])
        #expect(b.status == 0, "\(b.err)")
        let c = try Fixtures.run(bin, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2", "--out", current.path, "--quiet"])
        #expect(c.status == 0, "\(c.err)")
        let before = try Self.records(base), after = try Self.records(current)
        #expect(before.allSatisfy { !$0.detected }, "the baseline answers nothing")
        let readRight = after.filter(\.top1Hit).map(\.relativePath).sorted()
        let confidentWrong = after.filter { ($0.top?.confidence ?? 0) >= 0.8 && !$0.top1Hit }.map(\.relativePath).sorted()
        #expect(readRight.count >= 3, "the etched preset reads clean lines: \(after.map { $0.top?.text ?? "-" })")
        #expect(confidentWrong.contains(LineSet.fileName(1)), "the unlabelled line is read at ≥ 0.8: \(after.map { ($0.relativePath, $0.top?.confidence ?? 0) })")

        // Folders in, every rendering out.
        let json = out.appendingPathComponent("diff.json"), md = out.appendingPathComponent("diff.md"), html = out.appendingPathComponent("diff.html")
        let d = try Fixtures.run(bin, ["diff", base.path, current.path, "--json-out", json.path, "--markdown-out", md.path, "--html-out", html.path])
        #expect(d.status == 0, "no gate asked: \(d.err)")
        let j = try RenderedSubset.json(json)
        #expect(Self.listed(j, "fixed") == readRight)
        #expect(Self.listed(j, "new_confident_wrong") == confidentWrong)
        #expect(Self.listed(j, "became_confident").count == after.filter { ($0.top?.confidence ?? 0) >= 0.8 }.count)
        #expect(Self.listed(j, "broken").contains(LineSet.fileName(1)))
        #expect(j["matched"] == .int(6))
        #expect(j["current"]?.string?.hasSuffix(".records.jsonl") == true)
        let markdown = try String(contentsOf: md, encoding: .utf8)
        #expect(d.out == markdown)
        #expect(markdown.contains("#### Fixed (wrong → right) (\(readRight.count))"))
        #expect(markdown.contains("| \(LineSet.fileName(1)) | — | no answer ✓ |"), "\(markdown)")
        // The runs' set-ups differ in the confidence floor alone (dataset, preset, parameters,
        // the model's digest and versions are the same).
        guard case .array(let setup)? = j["setup_changes"] else { Issue.record("no setup_changes: \(j)"); return }
        #expect(setup.map { $0["name"]?.string } == ["min_confidence"], "\(setup)")
        #expect(setup.first?["baseline"] == .string("0.999") && setup.first?["current"] == .string("0.0"))
        #expect(markdown.contains("### Set-up: what differs between the runs\n\n| | baseline | current |\n|---|---|---|\n| min_confidence | 0.999 | 0.0 |"), "\(markdown)")
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("<tr><td>min_confidence</td><td>0.999</td><td>0.0</td></tr>"))
        #expect(page.contains("<section class=\"run-diff\">"))
        #expect(page.contains("<h3 id=\"new_confident_wrong\">New confident wrong answers (\(confidentWrong.count))</h3>"))
        for name in readRight { #expect(page.contains("<td>\(name)</td>")) }

        // The gate: 2 when the current run adds a confident wrong answer, 0 the other way round
        // (a run that answers nothing gives no confident answer at all).
        let gate = try Fixtures.run(bin, ["diff", base.path, current.path, "--fail-on-new-confident-wrong"])
        #expect(gate.status == 2, "\(gate.err)")
        #expect(gate.err.contains("\(confidentWrong.count) new confident wrong"))
        let back = try Fixtures.run(bin, ["diff", current.path, base.path, "--fail-on-new-confident-wrong", "--json-out", json.path])
        #expect(back.status == 0, "\(back.err)")
        #expect(Self.listed(try RenderedSubset.json(json), "broken") == readRight)

        // A folder with an older run of the same set beside the newest: the newest is taken.
        let older = try #require(try RenderedSubset.file(in: base, suffix: ".records.jsonl"))
        let stem = try #require(try RenderedSubset.file(in: current, suffix: ".records.jsonl")).lastPathComponent
        let olderName = String(stem.dropLast("yyyyMMdd_HHmmss.records.jsonl".count)) + "19990101_000000.records.jsonl"
        try FileManager.default.copyItem(at: older, to: current.appendingPathComponent(olderName))
        let newest = try Fixtures.run(bin, ["diff", older.path, current.path, "--json-out", json.path])
        #expect(newest.status == 0, "\(newest.err)")
        #expect(Self.listed(try RenderedSubset.json(json), "fixed") == readRight)
        try FileManager.default.removeItem(at: current.appendingPathComponent(olderName))

        // compare: the flips follow the metric table; with every metric's threshold out of reach
        // the metrics are unchanged, and only the gate turns the exit code to 2.
        let lax = out.appendingPathComponent("lax.yaml")
        try ("metrics:\n" + MetricDefinition.standard.map { "  \($0.name): { absolute: 1000000 }\n" }.joined()).write(to: lax, atomically: true, encoding: .utf8)
        let cjson = out.appendingPathComponent("compare.json"), chtml = out.appendingPathComponent("compare.html")
        let calm = try Fixtures.run(bin, ["compare", "--baseline", base.path, "--current", current.path, "--thresholds", lax.path,
                                          "--json-out", cjson.path, "--html-out", chtml.path])
        #expect(calm.status == 0, "\(calm.out)\n\(calm.err)")
        #expect(calm.out.contains("| metric |") && calm.out.contains("#### Fixed (wrong → right)"))
        let cj = try RenderedSubset.json(cjson)
        #expect(cj["verdict"]?.string == "unchanged")
        #expect(Self.listed(cj["per_image"], "new_confident_wrong") == confidentWrong)
        let comparePage = try String(contentsOf: chtml, encoding: .utf8)
        #expect(comparePage.contains("<table class=\"metrics\">") && comparePage.contains("<section class=\"run-diff\">"))
        let gated = try Fixtures.run(bin, ["compare", "--baseline", base.path, "--current", current.path, "--thresholds", lax.path,
                                           "--json-out", cjson.path, "--fail-on-new-confident-wrong"])
        #expect(gated.status == 2, "\(gated.out)\n\(gated.err)")
        #expect(try RenderedSubset.json(cjson)["exit_code"] == .int(2))
        let reversed = try Fixtures.run(bin, ["compare", "--baseline", current.path, "--current", base.path, "--thresholds", lax.path,
                                              "--json-out", cjson.path, "--fail-on-new-confident-wrong"])
        #expect(reversed.status == 0, "\(reversed.out)\n\(reversed.err)")

        // report and export take the folder too.
        let report = try Fixtures.run(bin, ["report", "--record", current.path, "--formats", "markdown", "--out", out.appendingPathComponent("rerendered").path])
        #expect(report.status == 0, "\(report.err)")
        #expect(report.out.contains(".md"))
        let export = try Fixtures.run(bin, ["export", "--record", current.path, "--out", out.path])
        #expect(export.status == 0, "\(export.err)")
        #expect(export.out.contains("(6 of 6 images)"), "\(export.out)")
    }

    @Test func foldersWithoutOneRunAreRefusedNamingThePath() throws {
        let out = try Fixtures.tempDir("diff-errors")
        let empty = out.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let bin = Fixtures.scanbenchBinary
        let expected = "\(empty.path) is a folder with no *.records.jsonl: give a run's record or the folder evaluate wrote"
        let diff = try Fixtures.run(bin, ["diff", empty.path, empty.path])
        #expect(diff.status == 1)
        #expect(diff.err.contains(expected), "\(diff.err)")
        let merge = try Fixtures.run(bin, ["merge", empty.path, "--out", out.path])
        #expect(merge.status != 0)
        #expect(merge.err.contains(expected), "\(merge.err)")
        #expect(!merge.err.contains("NSCocoaErrorDomain"))
        let report = try Fixtures.run(bin, ["report", "--record", empty.path])
        #expect(report.status != 0)
        #expect(report.err.contains(expected), "\(report.err)")
        let compare = try Fixtures.run(bin, ["compare", "--baseline", empty.path, "--current", empty.path, "--out", out.path])
        #expect(compare.status == 1)
        #expect(compare.err.contains(expected), "\(compare.err)")

        // Records of two datasets in one folder: diff and compare will not pick one.
        let mixed = out.appendingPathComponent("mixed")
        try FileManager.default.createDirectory(at: mixed, withIntermediateDirectories: true)
        for name in ["eval_etched_20260101_000000.records.jsonl", "eval_screen_20260102_000000.records.jsonl"] {
            try Data().write(to: mixed.appendingPathComponent(name))
        }
        let several = try Fixtures.run(bin, ["diff", mixed.path, mixed.path])
        #expect(several.status == 1)
        #expect(several.err.contains("holds records of several datasets (etched, screen)"), "\(several.err)")
        #expect(several.err.contains("give the run's *.records.jsonl file"))

        // A path that is not there.
        let missing = try Fixtures.run(bin, ["diff", out.appendingPathComponent("nowhere").path, empty.path])
        #expect(missing.status == 1)
        #expect(missing.err.contains("nowhere does not exist"), "\(missing.err)")
    }
}
