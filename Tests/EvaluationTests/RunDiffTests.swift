@testable import Evaluation
import Foundation
import Testing

/// Issue 23: two runs compared image by image — each class on serial and permit records, and
/// the renderings listing (and capping) them.
@Suite("Run diff")
struct RunDiffTests {
    static func record(_ name: String, truth: String?, _ answer: String?, _ confidence: Double = 0.9, ms: Double = 100,
                       kind: String? = nil, decision: String? = nil, level: String? = nil) -> SampleRecord {
        let candidates = answer.map { [Candidate(text: $0, confidence: confidence, method: "m", stage: "s", strictValid: true)] } ?? []
        return SampleRecord(filename: name, relativePath: "set/" + name, groundTruth: truth, kind: kind,
                            outcome: SampleOutcome(candidates: candidates, preset: "p", decision: decision, confidenceLevel: level),
                            latencyMs: ms, finishedAt: Date(timeIntervalSince1970: 0))
    }

    static let truth = "C02Y94ZEJG5H", wrong = "C02Y94ZEJG5B", other = "C02Y94ZEJ65H"

    /// The classes of the one image `name` in `diff` (empty: unchanged).
    static func classes(_ diff: RunDiff, _ name: String) -> [RunDiff.Change] {
        diff.entries.first { $0.relativePath == "set/" + name }?.changes ?? []
    }

    @Test func serialImagesFallInTheirClasses() {
        let t = Self.truth
        let baseline = [
            Self.record("fixed", truth: t, Self.wrong, 0.5),
            Self.record("broken", truth: t, t, 0.9),
            Self.record("same", truth: t, t, 0.95),
            Self.record("bothWrong", truth: t, Self.wrong, 0.4),
            Self.record("confidentlyWrong", truth: t, Self.wrong, 0.5),
            Self.record("stillConfidentlyWrong", truth: t, Self.wrong, 0.9),
            Self.record("negative", truth: nil, nil),
            Self.record("slow", truth: t, t, ms: 400),
            Self.record("jitter", truth: t, t, ms: 3),
            Self.record("fast", truth: t, t, ms: 2_000),
            Self.record("gone", truth: t, t),
        ]
        let current = [
            Self.record("fixed", truth: t, t, 0.85),
            Self.record("broken", truth: t, nil),
            Self.record("same", truth: t, t, 0.96),
            Self.record("bothWrong", truth: t, Self.other, 0.45),
            Self.record("confidentlyWrong", truth: t, Self.wrong, 0.81),
            Self.record("stillConfidentlyWrong", truth: t, Self.other, 0.95),
            Self.record("negative", truth: nil, Self.wrong, 0.8),
            Self.record("slow", truth: t, t, ms: 1_000),
            Self.record("jitter", truth: t, t, ms: 9),
            Self.record("fast", truth: t, t, ms: 900),
            Self.record("new", truth: t, t),
        ]
        let diff = RunDiff(baseline: baseline, current: current)
        #expect(!diff.isPermitRun)
        #expect(diff.matched == 10)
        #expect(Self.classes(diff, "fixed") == [.fixed, .becameConfident])
        #expect(Self.classes(diff, "broken") == [.broken, .lostConfidence])
        #expect(Self.classes(diff, "same").isEmpty)
        #expect(Self.classes(diff, "bothWrong") == [.changedAnswer])
        // Same wrong answer, now above 0.8: a new confident wrong answer.
        #expect(Self.classes(diff, "confidentlyWrong") == [.newConfidentWrong, .becameConfident])
        // Confidently wrong in both runs: the answer changed, but nothing new to gate on.
        #expect(Self.classes(diff, "stillConfidentlyWrong") == [.changedAnswer])
        // No serial, and an answer at exactly 0.8: confident wrong, and the image is broken.
        #expect(Self.classes(diff, "negative") == [.newConfidentWrong, .broken, .becameConfident])
        // 400 → 1,000 ms is 2.5× and +600 ms; 3 → 9 ms is 3× but only +6 ms; 2,000 → 900 ms faster.
        #expect(Self.classes(diff, "slow") == [.slower])
        #expect(Self.classes(diff, "jitter").isEmpty)
        #expect(Self.classes(diff, "fast") == [.faster])
        #expect(Self.classes(diff, "gone") == [.onlyInBaseline])
        #expect(Self.classes(diff, "new") == [.onlyInCurrent])
        #expect(diff.count(.newConfidentWrong) == 2)
        #expect(diff.hasNewConfidentWrong)
        // The same runs the other way round: fixed and broken swap, and no answer is newly confidently wrong.
        let back = RunDiff(baseline: current, current: baseline)
        #expect(Self.classes(back, "fixed") == [.broken, .lostConfidence])
        #expect(Self.classes(back, "gone") == [.onlyInCurrent])
        #expect(back.count(.newConfidentWrong) == 0)
    }

    @Test func identicalRunsHaveNoChange() {
        let runs = [Self.record("a", truth: Self.truth, Self.wrong, 0.95), Self.record("b", truth: nil, nil)]
        let diff = RunDiff(baseline: runs, current: runs)
        #expect(diff.entries.isEmpty)
        #expect(diff.matched == 2)
        #expect(!diff.hasNewConfidentWrong)
        #expect(diff.markdown().contains("New confident wrong answers: **0**"))
    }

    @Test func permitRulesJudgeTheNumberReturned() {
        let n = "2023-00457", m = "2023-00451"
        func permit(_ name: String, truth: String?, kind: String, _ answer: String?, decision: String, level: String? = nil) -> SampleRecord {
            Self.record(name, truth: truth, answer, 0.9, kind: kind, decision: decision, level: level)
        }
        let baseline = [
            permit("refusedThenRead", truth: n, kind: "permit", nil, decision: "no_number"),
            permit("wrongLowThenHigh", truth: n, kind: "permit", m, decision: "accepted", level: "low"),
            permit("invoice", truth: nil, kind: "not_permit", m, decision: "not_permit"),
            permit("blurred", truth: nil, kind: "unreadable", nil, decision: "unreadable"),
            permit("exact", truth: n, kind: "permit", n, decision: "accepted", level: "high"),
        ]
        let current = [
            permit("refusedThenRead", truth: n, kind: "permit", n, decision: "accepted", level: "medium"),
            permit("wrongLowThenHigh", truth: n, kind: "permit", m, decision: "accepted", level: "high"),
            // The candidate was there before but refused; now the number is returned.
            permit("invoice", truth: nil, kind: "not_permit", m, decision: "accepted", level: "low"),
            permit("blurred", truth: nil, kind: "unreadable", nil, decision: "unreadable"),
            permit("exact", truth: n, kind: "permit", n, decision: "accepted", level: "high"),
        ]
        let diff = RunDiff(baseline: baseline, current: current)
        #expect(diff.isPermitRun)
        #expect(Self.classes(diff, "refusedThenRead") == [.fixed, .becameConfident])
        // A wrong number at `high` is new even though the number itself did not change.
        #expect(Self.classes(diff, "wrongLowThenHigh") == [.newConfidentWrong])
        // A number returned for a document to refuse, at any level, is a new confident wrong answer.
        #expect(Self.classes(diff, "invoice") == [.newConfidentWrong, .broken, .becameConfident])
        #expect(Self.classes(diff, "blurred").isEmpty)
        #expect(Self.classes(diff, "exact").isEmpty)
        #expect(diff.count(.newConfidentWrong) == 2)
        #expect(diff.json()["permit_rules"] == .bool(true))
    }

    @Test func markdownCapsEachClassAndJSONKeepsEveryImage() throws {
        let t = Self.truth
        let baseline = (0..<60).map { Self.record(String(format: "img%02d", $0), truth: t, Self.wrong, 0.3) }
        let current = (0..<60).map { Self.record(String(format: "img%02d", $0), truth: t, t, 0.3) }
        let diff = RunDiff(baseline: baseline, current: current)
        #expect(diff.count(.fixed) == 60)
        let md = diff.markdown(limit: 50)
        #expect(md.contains("#### Fixed (wrong → right) (60)"))
        #expect(md.contains("set/img49") && !md.contains("set/img50"))
        #expect(md.contains("… and 10 more"))
        let json = diff.json(baseline: "a", current: "b")
        #expect(json["counts"]?["fixed"] == .int(60))
        guard case let .array(fixed)? = json["images"]?["fixed"] else { Issue.record("no fixed list"); return }
        #expect(fixed.count == 60)
        #expect(fixed.last?["image"]?.string == "set/img59")
        #expect(fixed.first?["baseline"]?["answer"]?.string == Self.wrong)
        #expect(fixed.first?["current"]?["right"] == .bool(true))
    }

    /// The exact McNemar test against values worked by hand: 7 broken and 2 fixed of 9 flipped
    /// is 2·(1 + 9 + 36)/2⁹ = 0.1797; 10 fixed and none broken 2/2¹⁰; an even split 1; large
    /// counts stay finite.
    @Test(arguments: [(2, 7, 92.0 / 512), (7, 2, 92.0 / 512), (10, 0, 2.0 / 1024), (5, 5, 1.0), (0, 0, 1.0)])
    func mcNemarMatchesTheBinomialTail(_ fixed: Int, _ broken: Int, _ expected: Double) {
        #expect(abs(RunDiff.mcNemarP(fixed: fixed, broken: broken) - expected) < 1e-12)
    }

    @Test func mcNemarStaysFiniteOnLargeCounts() {
        let p = RunDiff.mcNemarP(fixed: 1200, broken: 1000)
        #expect(p > 0 && p < 1e-4)
        #expect(abs(RunDiff.mcNemarP(fixed: 1000, broken: 1000) - 1) < 1e-9)
        #expect(RunDiff.pText(RunDiff.mcNemarP(fixed: 8, broken: 7)) == "1")
    }

    /// The reports say whether the split is beyond chance: 9 fixed and none broken is; 2 fixed
    /// and 7 broken is not (p 0.18), though its figure dropped by five images.
    @Test func reportsSayWhetherTheSplitIsBeyondChance() throws {
        let t = Self.truth
        let nine = (0..<9).map { "img\($0)" }
        let significant = RunDiff(baseline: nine.map { Self.record($0, truth: t, Self.wrong, 0.5) },
                                  current: nine.map { Self.record($0, truth: t, t, 0.5) })
        #expect(significant.markdown().contains("Fixed 9, broken 0: exact McNemar p = 0.0039, beyond chance at 5 %."))
        let mixed = RunDiff(baseline: nine.enumerated().map { Self.record($0.element, truth: t, $0.offset < 2 ? Self.wrong : t, 0.5) },
                            current: nine.enumerated().map { Self.record($0.element, truth: t, $0.offset < 2 ? t : Self.wrong, 0.5) })
        #expect(mixed.markdown().contains("Fixed 2, broken 7: exact McNemar p = 0.180, within what chance gives"))
        #expect(mixed.tally.hasSuffix("McNemar p 0.180"))
        let json = try JSONValue.parse(mixed.json().serialized(pretty: false))
        #expect(json["mcnemar_p"]?.number.map { abs($0 - 0.179688) < 1e-6 } == true)
        let none = RunDiff(baseline: [Self.record("a", truth: t, t)], current: [Self.record("a", truth: t, t)])
        #expect(none.markdown().contains("No image went from right to wrong or back."))
    }

    /// The set-up part of a diff: what differs in the two records' headers (a parameter, the
    /// model's digest, a version), or that nothing does; absent when a record has no header.
    @Test func theRunsSetUpsAreCompared() throws {
        let info = RunInfo(dataset: "set", preset: "etched", minConfidence: 0, useProgressive: true,
                           extractParams: ["preset": "etched", "crop.token_margin": "0.6"], workers: 1,
                           startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 9), versions: ["scanbench": "1"])
        let before = RecordHeader(info: info, shard: .all, settings: ["model.serial_best": "aa", "presets_digest": "1"], datasetImages: 1, shardImages: 1)
        var after = before
        after.info.extractParams["crop.token_margin"] = "0.75"
        after.info.extractParams["crop.settle_reads"] = "4"
        after.settings["model.serial_best"] = "bb"
        after.info.startedAt = Date(timeIntervalSince1970: 100)   // not set-up: when it ran
        let t = Self.truth
        let records = [Self.record("a", truth: t, t)]
        let diff = RunDiff(baseline: records, current: records, headers: (before, after))
        let setup = try #require(diff.setup)
        #expect(setup.items.map(\.name) == ["extract_params.crop.settle_reads", "extract_params.crop.token_margin", "settings.model.serial_best"])
        #expect(setup.items.first?.baseline == nil && setup.items.first?.current == "4")
        let markdown = diff.markdown()
        #expect(markdown.contains("| settings.model.serial_best | aa | bb |"), "\(markdown)")
        #expect(markdown.contains("| extract_params.crop.settle_reads | — | 4 |"))
        let json = diff.json()
        guard case .array(let changes)? = json["setup_changes"] else { Issue.record("no setup_changes array"); return }
        #expect(changes.count == 3 && changes.last?["current"] == .string("bb"))

        let same = RunDiff(baseline: records, current: records, headers: (before, before))
        #expect(same.setup?.isEmpty == true)
        #expect(same.markdown().contains("The same dataset, preset, parameters"))
        let unknown = RunDiff(baseline: records, current: records)
        #expect(unknown.setup == nil && !unknown.markdown().contains("Set-up"))
        #expect(unknown.json()["setup_changes"] == .null)
    }
}
