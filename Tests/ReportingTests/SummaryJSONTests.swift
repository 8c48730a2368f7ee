import Evaluation
import Foundation
import Testing
import TestSupport
@testable import Reporting

@Suite("/evaluate JSON summary")
struct SummaryJSONTests {
    static let contractKeys = [
        "dataset", "total", "detected", "hits", "detection_rate_pct", "accuracy_pct_overall", "accuracy_pct_on_detected",
        "strict_validation_passes", "strict_validation_rate_pct", "high_confidence_count", "high_confidence_hits",
        "high_confidence_accuracy_pct", "csv_path", "summary_path", "use_progressive", "extract_params",
    ]

    static let paths = ReportPaths(folder: URL(fileURLWithPath: "/tmp/reports"), stem: "eval_fixture_20250615_150640")

    static func json(_ records: [SampleRecord], preset: String = "auto") -> JSONValue {
        let s = EvaluationSummary(info: ReportFixtures.info(preset: preset), records: records)
        let machine = MachineInfo(cores: 2, activeCores: 2, cpuModel: "Test CPU", os: "Linux", memoryBytes: 1 << 30)
        return ReportWriter.summaryJSON(s, paths: paths, options: .init(machine: machine))
    }

    /// Schema-valid, no non-finite number anywhere, every `_pct` rounded to 2 decimals.
    static func checkInvariants(_ j: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(Array(j.keys.prefix(16)) == contractKeys, sourceLocation: sourceLocation)
        let violations = try JSONSchemaLibrary.validator("evaluate").validate(j)
        #expect(violations.isEmpty, "\(violations)", sourceLocation: sourceLocation)
        // The serialised text must validate too (what tools downstream read).
        let textViolations = try JSONSchemaLibrary.validateEvaluate(j.serialized())
        #expect(textViolations.isEmpty, "\(textViolations)", sourceLocation: sourceLocation)
        func walk(_ v: JSONValue, _ key: String, _ path: String) {
            switch v {
            case let .double(d):
                #expect(d.isFinite, "\(path) is not finite", sourceLocation: sourceLocation)
                if key.hasSuffix("_pct") || ["low", "high"].contains(key) {
                    #expect(d == Metrics.round2(d), "\(path) = \(d) is not rounded to 2 decimals", sourceLocation: sourceLocation)
                }
            case let .array(a): for (i, x) in a.enumerated() { walk(x, key, "\(path)[\(i)]") }
            case let .object(p): for (k, x) in p { walk(x, k, "\(path).\(k)") }
            default: break
            }
        }
        walk(j, "", "$")
        let text = j.serialized().lowercased()
        #expect(!text.contains("nan") && !text.contains("inf"), sourceLocation: sourceLocation)
    }

    @Test func contractFiguresOfTheFixture() throws {
        let j = Self.json(ReportFixtures.serialRecords)
        try Self.checkInvariants(j)
        #expect(j["total"] == .int(7))
        #expect(j["detected"] == .int(5))
        #expect(j["hits"] == .int(3))
        #expect(j["detection_rate_pct"] == .double(71.43))
        #expect(j["accuracy_pct_overall"] == .double(42.86))
        #expect(j["accuracy_pct_on_detected"] == .double(60.0))
        #expect(j["strict_validation_passes"] == .int(4))
        #expect(j["strict_validation_rate_pct"] == .double(57.14))
        #expect(j["high_confidence_count"] == .int(2))
        #expect(j["high_confidence_accuracy_pct"] == .double(100.0))
        #expect(j["csv_path"] == .string("/tmp/reports/eval_fixture_20250615_150640.csv"))
        #expect(j["top1_hits"] == .int(2))
        #expect(j["top1_accuracy_pct"] == .double(28.57))
        #expect(j["errors"] == .int(1))
    }

    @Test func additiveMetricsOfTheFixture() throws {
        let j = Self.json(ReportFixtures.serialRecords)
        // Wilson 95 % of 2/7.
        #expect(j["top1_accuracy_ci95_pct"]?["low"] == .double(8.22))
        #expect(j["top1_accuracy_ci95_pct"]?["high"] == .double(64.11))
        #expect(j["top1_accuracy_on_labelled_pct"] == .double(33.33))
        // CER: 0 + 1 + 2 + 12 + 12 + 0 edits over 6 × 12 characters.
        #expect(j["cer"]?["edits"] == .int(27))
        #expect(j["cer"]?["reference_chars"] == .int(72))
        #expect(j["cer"]?["value"] == .double(0.375))
        // ECE = (0.55 + 0.71 + 0.12 + 0.07) / 6.
        #expect(j["ece"] == .double(0.2417))
        #expect(j["reliability"]?["ece"] == .double(0.2417))
        guard case let .array(bins)? = j["reliability"]?["bins"] else { Issue.record("no bins"); return }
        #expect(bins[0]["count"] == .int(2))
        #expect(bins[9]["accuracy"] == .double(1.0))
        guard case let .array(cov)? = j["accuracy_vs_coverage"] else { Issue.record("no coverage"); return }
        #expect(cov.first?["accepted"] == .int(4))
        #expect(cov.first?["coverage_pct"] == .double(66.67))
        #expect(cov.first?["accuracy_pct"] == .double(50.0))
        let at08 = cov.first { $0["threshold"] == .double(0.8) }
        #expect(at08?["accuracy_pct"] == .double(100.0))
        #expect(at08?["coverage_pct"] == .double(33.33))
        #expect(j["per_preset"]?.keys == ["etched", "screen"])
        #expect(j["per_preset"]?["etched"]?["total"] == .int(4))
        #expect(j["per_device"]?.keys == ["MacBook", "iPhone", "unknown"])
        guard case let .array(conf)? = j["char_confusions"] else { Issue.record("no confusions"); return }
        #expect(conf.compactMap { $0["pair"]?.string } == ["0 :: O", "9 :: ∅", "B :: 8"])
        #expect(j["machine"]?["cpu_model"] == .string("Test CPU"))
        #expect(j["wall_time_s"] == .double(12.5))
        #expect(j["permit"] == nil)
        #expect(j["reports"]?["html"] == .string("/tmp/reports/eval_fixture_20250615_150640.html"))
    }

    @Test func permitObject() throws {
        let j = Self.json(ReportFixtures.permitRecords, preset: "permit")
        try Self.checkInvariants(j)
        let p = try #require(j["permit"])
        #expect(j.keys.last == "permit")
        #expect(p["documents"] == .int(4))
        #expect(p["by_kind"]?.keys == ["not_permit", "permit", "unreadable"])
        #expect(p["exact_matches"] == .int(1))
        #expect(p["exact_match_pct"] == .double(50.0))
        #expect(p["false_acceptances"] == .int(1))
        #expect(p["false_acceptance_rate_pct"] == .double(50.0))
        #expect(p["false_refusals"] == .int(1))
        #expect(p["wrong_numbers"] == .int(0))
        #expect(p["by_confidence_level"]?["high"]?["accuracy_pct"] == .double(100.0))
        #expect(p["by_confidence_level"]?["low"]?["correct"] == .int(0))
        #expect(p["reasons"]?["accepted"] == .int(2))
        #expect(p["reasons"]?["no_number"] == .int(1))
    }

    /// Generated labels (legibility, cap height, scene): the legible parts are schema-valid.
    @Test func legiblePartsOfAGeneratedSet() throws {
        let extras: [[String: String]] = [
            ["glyph_px": "8.6", "scene": "etched"], ["glyph_px": "12.0", "scene": "etched+sticker"], ["glyph_px": "21.5", "scene": "etched-closeup"],
        ]
        let records = ReportFixtures.serialRecords.prefix(3).enumerated().map { i, r -> SampleRecord in
            var r = r
            r.labelExtras = extras[i].merging(["legible": "true", "illegible_reason": ""]) { a, _ in a }
            return r
        }
        let j = Self.json(Array(records))
        try Self.checkInvariants(j)
        #expect(j["legible"]?["by_glyph_px"]?.keys == ["<10", "10-14", ">=14"])
        #expect(j["legible"]?["by_glyph_px"]?["<10"]?["top1_hits"] == .int(1))
        #expect(j["legible"]?["by_scene"]?.keys == ["etched", "etched+sticker", "etched-closeup"])
    }

    @Test func emptyDataset() throws {
        let j = Self.json([])
        try Self.checkInvariants(j)
        for k in Self.contractKeys where k.hasSuffix("_pct") { #expect(j[k] == .double(0.0), "\(k)") }
        #expect(j["cer"]?["value"] == .double(0.0))
        #expect(j["latency_ms"]?["p99"] == .double(0.0))
        #expect(j["dataset_manifest"]?["files"] == .int(0))
    }

    @Test func noLabels() throws {
        let unlabelled = ReportFixtures.serialRecords.map { r -> SampleRecord in var r = r; r.groundTruth = nil; return r }
        let j = Self.json(unlabelled)
        try Self.checkInvariants(j)
        #expect(j["hits"] == .int(0))
        #expect(j["accuracy_pct_on_detected"] == .double(0.0))
        #expect(j["ece"] == .double(0.0))
        #expect(j["top1_accuracy_on_labelled_ci95_pct"]?["high"] == .double(0.0))
        #expect(j["char_confusions"] == .array([]))
    }

    @Test func allFailures() throws {
        let failed = ReportFixtures.serialRecords.map { r -> SampleRecord in
            var r = r
            r.outcome = .failure(SampleError(kind: "unreadable_image", message: "corrupt"), preset: r.outcome.preset)
            r.latencyMs = .nan // a broken clock must not leak NaN into the report
            return r
        }
        let j = Self.json(failed)
        try Self.checkInvariants(j)
        #expect(j["errors"] == .int(7))
        #expect(j["detected"] == .int(0))
        #expect(j["error_kinds"]?["unreadable_image"] == .int(7))
    }

    @Test func schemaRejectsABrokenSummary() throws {
        guard case var .object(pairs) = Self.json(ReportFixtures.serialRecords) else { Issue.record("not an object"); return }
        pairs.removeAll { $0.0 == "hits" }
        pairs.append(("detection_rate_pct_typo", .double(1)))
        if let i = pairs.firstIndex(where: { $0.0 == "accuracy_pct_overall" }) { pairs[i].1 = .double(120) }
        let v = try JSONSchemaLibrary.validator("evaluate").validate(.object(pairs))
        #expect(Set(v.map(\.path)) == ["$", "$.detection_rate_pct_typo", "$.accuracy_pct_overall"])
    }
}
