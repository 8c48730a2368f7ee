import Evaluation
import Foundation
import Testing

/// Issue 20: legible / illegible figures from the labels' `legible` column.
@Suite("Legibility figures")
struct LegibilityTests {
    static let info = RunInfo(dataset: "ds", preset: "etched", minConfidence: 0, useProgressive: true,
                              extractParams: ["preset": "etched"], workers: 1,
                              startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
                              versions: ["scanbench": "t"])

    /// A hand-made labels table in the generator's shape (columns trimmed to what matters).
    static let serialLabels = Labels.parse("""
    filename,serial,preset,legible,illegible_reason
    a.jpg,C02Y94ZEJG5H,etched,true,
    b.jpg,C02Y94ZEJG5J,etched,true,
    c.jpg,C02Y94ZEJG5K,etched,true,
    d.jpg,C02Y94ZEJG5L,etched,false,faint
    e.jpg,C02Y94ZEJG5M,etched,false,small+blurred
    f.jpg,C02Y94ZEJG5N,etched,false,faint
    g.jpg,,etched,,

    """)

    /// A record of `name` as the runner makes it from its label, with candidates `(text, confidence)`.
    static func record(_ name: String, _ labels: Labels, _ cands: [(String, Double)], level: String? = nil, decision: String? = nil) -> SampleRecord {
        let label = labels.lookup(relativePath: name)
        let outcome = SampleOutcome(candidates: cands.map { Candidate(text: $0.0, confidence: $0.1, method: "m", stage: "s", strictValid: true) },
                                    preset: "etched", decision: decision, confidenceLevel: level)
        return SampleRecord(filename: name, relativePath: name, groundTruth: label?.truth, kind: label?.kind,
                            labelExtras: label?.extra ?? [:], outcome: outcome, latencyMs: 5, finishedAt: Date(timeIntervalSince1970: 0))
    }

    static var serialRecords: [SampleRecord] {
        let l = serialLabels
        return [
            record("a.jpg", l, [("C02Y94ZEJG5H", 0.95)]),                        // legible, top-1, confident
            record("b.jpg", l, [("C02Y94ZEJG5X", 0.9), ("C02Y94ZEJG5J", 0.3)]), // legible, hit not top-1, confident and wrong
            record("c.jpg", l, []),                                              // legible, nothing read
            record("d.jpg", l, [("C02Y94ZEJG5L", 0.85)]),                       // illegible, confident and right
            record("e.jpg", l, [("XXXXXXXXXXXX", 0.8)]),                        // illegible, confident (≥ 0.8) and wrong
            record("f.jpg", l, [("C02Y94ZEJG5N", 0.5)]),                        // illegible, not confident
            record("g.jpg", l, [("C02Y94ZEJG5Q", 0.99)]),                       // no labelled text: neither slice
        ]
    }

    @Test func serialFiguresFromAHandMadeTable() throws {
        let s = EvaluationSummary(info: Self.info, records: Self.serialRecords)
        let l = try #require(s.legibility)
        #expect(!l.permitRun)
        #expect(l.legible.total == 3 && l.legible.hits == 2 && l.legible.top1Hits == 1)
        #expect(l.legible.highConfidenceCount == 2 && l.legible.highConfidenceWrong == 1)
        #expect(l.illegible.total == 3 && l.illegible.confidentAnswers == 2 && l.illegible.confidentWrong == 1)
        #expect(l.illegible.byReason == ["faint": 2, "small+blurred": 1])

        let pairs = s.legibilityAndOriginJSON
        #expect(pairs.map(\.0) == ["legible", "illegible"])
        let legible = JSONValue.object(pairs)["legible"], illegible = JSONValue.object(pairs)["illegible"]
        #expect(legible?.keys == ["total", "hits", "top1_hits", "accuracy_pct", "high_confidence_count", "high_confidence_wrong"])
        #expect(legible?["accuracy_pct"] == .double(33.33))
        #expect(legible?["high_confidence_wrong"] == .int(1))
        #expect(illegible?.keys == ["total", "confident_answers", "confident_wrong", "by_reason"])
        #expect(illegible?["by_reason"] == .object([("faint", .int(2)), ("small+blurred", .int(1))]))
    }

    @Test func absentColumnGivesNoFields() {
        let labels = Labels.parse("filename,serial\na.jpg,C02Y94ZEJG5H\n")
        let s = EvaluationSummary(info: Self.info, records: [Self.record("a.jpg", labels, [("C02Y94ZEJG5H", 0.9)])])
        #expect(s.legibility == nil)
        #expect(s.legibilityAndOriginJSON.isEmpty)
    }

    @Test func syntheticOriginFollowsTheLegibilityFields() {
        var info = Self.info
        info.synthetic = SyntheticOrigin(kind: "etched", seed: 7, count: 7, capture: "mixed", generatorVersion: "4")
        let pairs = EvaluationSummary(info: info, records: Self.serialRecords).legibilityAndOriginJSON
        #expect(pairs.map(\.0) == ["legible", "illegible", "synthetic"])
        #expect(pairs.last?.1.keys == ["kind", "seed", "count", "capture", "generator_version"])
        #expect(pairs.last?.1["seed"] == .int(7))
        let huge = SyntheticOrigin(kind: "etched", seed: .max, count: 1, capture: "flat", generatorVersion: "4")
        #expect(huge.json["seed"] == .string("18446744073709551615"))

        // A record of another set (here: another generator version) is not resumed or merged.
        let header = RecordHeader(info: info, shard: .all, settings: [:], datasetImages: 7, shardImages: 7)
        var other = header
        other.info.synthetic?.generatorVersion = "5"
        #expect(header.resumeConflict(with: other)?.hasPrefix("synthetic set differs") == true)
    }

    @Test func shardsAddUpToTheWholeRun() throws {
        let records = Self.serialRecords
        let whole = try #require(EvaluationSummary(info: Self.info, records: records).legibility)
        #expect(Self.sumOfThreeShards(records) == whole)
    }

    /// The legibility figures of `records` split into three shards, added up.
    static func sumOfThreeShards(_ records: [SampleRecord]) -> EvaluationSummary.Legibility {
        var sum = EvaluationSummary.Legibility()
        for k in 1...3 {
            let shard = Shard(index: k, count: 3)
            let part = records.filter { shard.contains(relativePath: $0.relativePath) }
            if let l = EvaluationSummary(info: Self.info, records: part).legibility { sum.add(l) }
        }
        return sum
    }

    @Test func permitFiguresUseTheDecisionAndTheLevel() throws {
        let labels = Labels.parse("""
        filename,permit_number,kind,legible,illegible_reason
        p1.jpg,12345678,permit,true,
        p2.jpg,23456789,permit,true,
        p3.jpg,34567890,permit,false,blurred
        u1.jpg,,unreadable,false,faint
        n1.jpg,,not_permit,,

        """)
        let records = [
            Self.record("p1.jpg", labels, [("12345678", 0.95)], level: "high", decision: "accepted"),   // exact
            Self.record("p2.jpg", labels, [], decision: "no_number"),                                   // refused
            Self.record("p3.jpg", labels, [("34567890", 0.75)], level: "medium", decision: "accepted"), // illegible, returned
            Self.record("u1.jpg", labels, [("99999999", 0.95)], level: "high", decision: "accepted"),   // illegible, high
            Self.record("n1.jpg", labels, [], decision: "not_permit"),
        ]
        let s = EvaluationSummary(info: Self.info, records: records)
        let l = try #require(s.legibility)
        #expect(l.permitRun)
        #expect(l.legible.total == 2 && l.legible.permits == 2 && l.legible.exactMatches == 1)
        #expect(l.illegible.total == 2 && l.illegible.numbersReturned == 2 && l.illegible.highConfidenceNumbers == 1)
        #expect(l.illegible.confidentAnswers == 1 && l.illegible.confidentWrong == 1)
        #expect(l.legibleJSON["exact_match_pct"] == .double(50.0))
        #expect(l.illegibleJSON.keys.suffix(2) == ["numbers_returned", "high_confidence_numbers"])
        #expect(l.illegible.byReason == ["blurred": 1, "faint": 1])
    }

    /// The legible images by cap height and by scene, as the generator labels them: the small
    /// far etched shots apart from the close-ups, so a run's misses can be told apart from its
    /// hard-to-read images (session 53: 8–10 px etched serials are read by eye 87 % of the time).
    @Test func legibleImagesByCapHeightAndScene() throws {
        let labels = Labels.parse("""
        filename,serial,preset,scene,glyph_px,legible,illegible_reason
        a.jpg,C02Y94ZEJG5H,etched,etched,8.6,true,
        b.jpg,C02Y94ZEJG5J,etched,etched,9.99,true,
        c.jpg,C02Y94ZEJG5K,etched,etched,11.0,true,
        d.jpg,C02Y94ZEJG5L,etched,etched-closeup,21.3,true,
        e.jpg,C02Y94ZEJG5M,etched,etched+sticker,9.1,true,
        f.jpg,C02Y94ZEJG5N,etched,etched,6.5,false,small
        g.jpg,C02Y94ZEJG5P,etched,,,true,

        """)
        let records = [
            Self.record("a.jpg", labels, [("C02Y94ZEJG5H", 0.9)]),
            Self.record("b.jpg", labels, [("C02Y94ZEJG5X", 0.5)]),
            Self.record("c.jpg", labels, [("C02Y94ZEJG5K", 0.9)]),
            Self.record("d.jpg", labels, [("C02Y94ZEJG5L", 0.99)]),
            Self.record("e.jpg", labels, []),
            Self.record("f.jpg", labels, [("C02Y94ZEJG5N", 0.9)]),   // illegible: in no part
            Self.record("g.jpg", labels, [("C02Y94ZEJG5P", 0.9)]),   // no cap height, no scene
        ]
        let s = EvaluationSummary(info: Self.info, records: records)
        let l = try #require(s.legibility)
        typealias Part = EvaluationSummary.Legibility.Part
        #expect(l.legible.total == 6)
        #expect(l.legible.byGlyph == ["<10": Part(total: 3, top1Hits: 1), "10-14": Part(total: 1, top1Hits: 1),
                                      ">=14": Part(total: 1, top1Hits: 1)])
        #expect(l.legible.byScene == ["etched": Part(total: 3, top1Hits: 2), "etched-closeup": Part(total: 1, top1Hits: 1),
                                      "etched+sticker": Part(total: 1, top1Hits: 0)])
        #expect(l.legibleParts.map(\.label) == ["cap height <10 px", "cap height 10-14 px", "cap height >=14 px",
                                                "scene etched", "scene etched+sticker", "scene etched-closeup"])

        let json = l.legibleJSON
        #expect(json.keys.suffix(2) == ["by_glyph_px", "by_scene"])
        #expect(json["by_glyph_px"]?.keys == ["<10", "10-14", ">=14"])
        #expect(json["by_glyph_px"]?["<10"] == .object([("total", .int(3)), ("top1_hits", .int(1)), ("accuracy_pct", .double(33.33))]))
        #expect(json["by_scene"]?["etched"]?["top1_hits"] == .int(2))

        #expect(Self.sumOfThreeShards(records) == l, "shards add up to the whole run's parts")
    }
}

