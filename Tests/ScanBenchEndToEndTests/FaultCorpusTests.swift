import Evaluation
import Foundation
import Testing
import TestSupport

/// Issue 9: every image the walk finds is in the record exactly once — read, or failed with
/// the right kind — and bad files cost one row each, never the run.
@Suite("fault corpus", .serialized)
struct FaultCorpusTests {
    /// The committed corpus is what the helper makes (set SCANBENCH_RECORD_FAULTS=1 to rewrite it).
    @Test func committedCorpusMatchesItsGenerator() throws {
        if ProcessInfo.processInfo.environment["SCANBENCH_RECORD_FAULTS"] == "1" {
            try FaultCorpus.write(to: FaultCorpus.committed)
        }
        let fm = FileManager.default
        for e in FaultCorpus.entries {
            let url = FaultCorpus.committed.appendingPathComponent(e.path)
            if let data = e.contents {
                #expect(fm.contents(atPath: url.path) == data, "\(e.path) differs from the generator; rerun with SCANBENCH_RECORD_FAULTS=1")
            } else {
                #expect((try? fm.destinationOfSymbolicLink(atPath: url.path)) == e.linkTo, "\(e.path) should be a symlink to \(e.linkTo ?? "")")
            }
        }
    }

    @Test func runsToCompletionWithOneRowPerImage() throws {
        let ds = try Fixtures.tempDir("faults-ds")
        try FaultCorpus.write(to: ds)
        let lines = try LineSet.make(count: 3, name: "faults-lines")
        let truth = try Fixtures.labels(lines)
        let good = (0..<3).map(LineSet.fileName)
        for n in good {
            try FileManager.default.createSymbolicLink(at: ds.appendingPathComponent(n), withDestinationURL: lines.appendingPathComponent(n))
        }
        // Labels: the good images, two bad ones, and one file that does not exist; the rest are unlabelled.
        var csv = "filename,serial\r\n"
        for n in good { csv += "\(n),\(truth[n] ?? "")\r\n" }
        csv += "truncated.jpg,C02Y94ZEJG5H\r\n\"empty.jpg\",C02Y94ZEJG5H\r\nghost.jpg,C02Y94ZEJG5H\r\n"
        try csv.write(to: ds.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        try Data("hidden".utf8).write(to: ds.appendingPathComponent(".DS_Store"))
        try Data("readme".utf8).write(to: ds.appendingPathComponent("README.txt"))

        let out = try Fixtures.tempDir("faults-out")
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "2", "--out", out.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        let summary = try RenderedSubset.json(URL(fileURLWithPath: r.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        let images = FaultCorpus.images.count + good.count
        #expect(summary["total"] == .int(images))
        let bad = FaultCorpus.images.filter { $0.kind != nil }
        #expect(summary["errors"] == .int(bad.count))
        var kinds: [String: Int] = [:]
        for b in bad { kinds[b.kind ?? "", default: 0] += 1 }
        #expect(summary["error_kinds"] == .object(kinds.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) }))
        #expect(summary["skipped_hidden"] == .int(1))
        #expect(summary["skipped_non_images"] == .int(1))
        #expect(summary["unreadable_folders"]?.serialized().contains("loop/again (symlink loop)") == true)
        let issues = summary["label_issues"]?.serialized() ?? ""
        #expect(issues.contains("'ghost.jpg' is labelled but no such image was found"), "\(issues)")
        #expect(issues.contains("5 images have no row in labels.csv"), "\(issues)")
        #expect(issues.contains("line 6: labels.csv has quoted fields on 1 line"), "\(issues)")
        #expect(issues.contains("CRLF"))
        #expect(issues.contains("quoted fields"))

        // One record and one CSV row per image, with the right kind.
        let record = try RunRecord.parse(Data(contentsOf: try #require(try RenderedSubset.file(in: out, suffix: ".records.jsonl"))), source: "")
        #expect(record.records.count == images)
        #expect(Set(record.records.map(\.relativePath)).count == images)
        for (path, kind) in FaultCorpus.images {
            let rec = try #require(record.records.first { $0.relativePath == path }, "\(path) missing from the record")
            #expect(rec.outcome.error?.kind == kind, "\(path): \(String(describing: rec.outcome.error))")
        }
        let csvText = try String(contentsOf: try #require(try RenderedSubset.file(in: out, suffix: ".csv")), encoding: .utf8)
        let rows = CSV.parse(csvText)
        #expect(rows.count == images + 1)
        let truncated = try #require(rows.first { $0.first == "truncated.jpg" })
        #expect(Array(truncated.prefix(6)) == ["truncated.jpg", "C02Y94ZEJG5H", "", "", "0", "False"])
        #expect(truncated[6].hasPrefix("ERROR:"))

        // The good images score exactly as they do on their own.
        let alone = try Fixtures.tempDir("faults-good")
        for n in good { try FileManager.default.createSymbolicLink(at: alone.appendingPathComponent(n), withDestinationURL: lines.appendingPathComponent(n)) }
        try ("filename,serial\n" + good.map { "\($0),\(truth[$0] ?? "")\n" }.joined()).write(to: alone.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        let g = try Fixtures.run(Fixtures.scanbenchBinary, ["evaluate", "--dataset", alone.path, "--preset", "etched", "--workers", "2", "--out", out.appendingPathComponent("alone").path, "--quiet"])
        #expect(g.status == 0)
        let goodSummary = try RenderedSubset.json(URL(fileURLWithPath: g.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        for k in ["hits", "top1_hits", "strict_validation_passes", "high_confidence_hits"] {
            #expect(summary[k] == goodSummary[k], "\(k)")
        }
        // Detected counts the good images plus the readable blank one (which has no candidate).
        #expect(summary["detected"] == goodSummary["detected"])
    }

    /// A folder the user cannot read is reported and skipped (run as `nobody` when we are root,
    /// since root reads every folder).
    @Test func unreadableFolderIsReportedNotFatal() throws {
        let ds = try Fixtures.tempDir("unreadable-ds")
        let lines = try LineSet.make(count: 1, name: "unreadable-lines")
        try FileManager.default.createSymbolicLink(at: ds.appendingPathComponent(LineSet.fileName(0)), withDestinationURL: lines.appendingPathComponent(LineSet.fileName(0)))
        let locked = ds.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data().write(to: locked.appendingPathComponent("secret.jpg"))
        let out = try Fixtures.tempDir("unreadable-out")
        chmod(out.path, 0o777)
        chmod(ds.path, 0o755)
        chmod(locked.path, 0o000)
        defer { chmod(locked.path, 0o755) }
        var exe = Fixtures.scanbenchBinary
        var args = ["evaluate", "--dataset", ds.path, "--preset", "etched", "--workers", "1", "--out", out.path, "--quiet"]
        if getuid() == 0 {
            exe = URL(fileURLWithPath: "/usr/bin/setpriv")
            guard FileManager.default.isExecutableFile(atPath: exe.path) else { return }
            args = ["--reuid=65534", "--regid=65534", "--clear-groups", Fixtures.scanbenchBinary.path] + args
        }
        let r = try Fixtures.run(exe, args, env: ["HOME": out.path])
        #expect(r.status == 0, "\(r.err)")
        let summary = try RenderedSubset.json(URL(fileURLWithPath: r.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(summary["total"] == .int(1))
        #expect(summary["unreadable_folders"] == .array([.string("locked")]))
    }
}
