import Evaluation
import Foundation
import Testing

@Suite("Robustness: perturbation plans")
struct PerturbationPlanTests {
    @Test func parsesLaddersMildToSevereWhateverTheOrderTyped() throws {
        let plan = try PerturbationPlan(parsing: ["blur=3,1,2", "jpeg=10,40", "scale=0.5,1.5,0.9", "client-compression", "rotate=-15,5"])
        #expect(plan.levels.map(\.id) == ["blur_1", "blur_2", "blur_3", "jpeg_40", "jpeg_10", "scale_0.9", "scale_1.5", "scale_0.5",
                                          "client-compression", "rotate_5", "rotate_-15"])
        #expect(plan.levels.map(\.description).first == "blur=1")
        // A name alone takes its default ladder.
        #expect(try PerturbationPlan(parsing: ["noise"]).levels.map(\.id) == ["noise_8", "noise_16", "noise_32"])
    }

    @Test func theDefaultSuiteCoversEveryPerturbation() throws {
        let suite = try PerturbationPlan(parsing: [])
        #expect(suite == .defaultSuite)
        #expect(suite.ladders.map(\.perturbation) == Perturbation.allCases)
        #expect(suite.levels.allSatisfy { l in l.severity.map { l.perturbation.accepts($0) } ?? !l.perturbation.takesSeverities })
    }

    @Test(arguments: [
        ("blur=-1", "not a valid blur severity"),
        ("blurr=1", "unknown perturbation 'blurr'"),
        ("blur=", "list of severities is empty"),
        ("blur=,", "list of severities is empty"),
        ("jpeg=0", "not a valid jpeg severity"),
        ("jpeg=50.5", "not a valid jpeg severity"),
        ("motion=1", "not a valid motion severity"),
        ("contrast=1", "not a valid contrast severity"),
        ("scale=0", "not a valid scale severity"),
        ("blur=1,x", "'x' is not a valid blur severity"),
        ("blur=2,2", "2 is given twice"),
        ("client-compression=1", "takes no values"),
        ("dark=nan", "not a valid dark severity"),
    ])
    func badValuesAreRefusedWithTheReason(option: String, reason: String) {
        #expect { try PerturbationPlan(parsing: [option]) } throws: { error in
            "\(error)".contains(reason) && "\(error)".contains("--perturb")
        }
    }

    @Test func aPerturbationNamedTwiceIsRefused() {
        #expect(throws: PerturbationPlan.Invalid.self) { try PerturbationPlan(parsing: ["blur=1", "blur=2"]) }
    }
}

@Suite("Robustness: summary")
struct RobustnessSummaryTests {
    static func record(_ name: String, truth: String?, _ answer: String?, _ confidence: Double = 0.9, kind: String? = nil,
                       decision: String? = nil, level: String? = nil) -> SampleRecord {
        let candidates = answer.map { [Candidate(text: $0, confidence: confidence, method: "m", stage: "s", strictValid: true)] } ?? []
        return SampleRecord(filename: name, relativePath: name, groundTruth: truth, kind: kind,
                            outcome: SampleOutcome(candidates: candidates, preset: "p", decision: decision, confidenceLevel: level),
                            latencyMs: 10, finishedAt: Date(timeIntervalSince1970: 0))
    }

    static func run(_ records: [SampleRecord]) -> EvaluationSummary { EvaluationSummary(info: SummaryTests.info, records: records) }

    /// Four serial images and one without a serial; `wrong` of the serial images read wrong.
    static func serialRun(wrong: Int, confidentOnNegative: Bool = false) -> EvaluationSummary {
        let truths = ["C02Y94ZEJG5H", "C02XP181JG5H", "C02FH4MAMD6N", "C02G414GMD6N"]
        var records = truths.enumerated().map { i, t in record("img\(i)", truth: t, i < wrong ? "C02Y94ZEJG5B" : t) }
        records.append(record("neg", truth: nil, confidentOnNegative ? "C02Y94ZEJG5H" : nil))
        return run(records)
    }

    @Test func areasScoreAndTheImagesThatBrokeFirst() {
        let s = RobustnessSummary(clean: Self.serialRun(wrong: 0), perturbed: [
            (PerturbationLevel(.blur, 1), Self.serialRun(wrong: 1)),
            (PerturbationLevel(.blur, 2), Self.serialRun(wrong: 3)),
            (PerturbationLevel(.jpeg, 20), Self.serialRun(wrong: 0, confidentOnNegative: true)),
        ], seed: 5)
        #expect(s.clean.accuracy == 1)
        #expect(s.ladders.map(\.perturbation) == [.blur, .jpeg])
        let blur = s.ladders[0]
        #expect(blur.levels.map(\.right) == [4, 2])
        // Trapezoids from clean (1.0) to 0.8 to 0.4, over two steps: (0.9 + 0.6) / 2.
        #expect(abs(blur.area - 0.75) < 1e-9)
        // img0 broke at σ 1; img1 and img2 at σ 2 — each listed once, at its mildest severity.
        #expect(blur.brokeFirst.map(\.relativePath) == ["img0", "img1", "img2"])
        #expect(blur.brokeFirst.map { $0.level.severity } == [1, 2, 2])
        #expect(blur.brokeFirst.first?.answer == "C02Y94ZEJG5B")
        // The negative answered at 0.9: wrong and confident.
        #expect(s.ladders[1].levels[0].confidentWrong == 1 && s.ladders[1].brokeFirst.map(\.relativePath) == ["neg"])
        #expect(s.confidentWrong == 1 + 1 + 3)
        #expect(abs((s.scorePct ?? 0) - 100 * (0.75 + 0.9) / 2) < 1e-9)
        let json = s.json
        #expect(json["score_pct"] == .double(82.5))
        guard case .array(let ladders)? = json["perturbations"], case .array(let levels)? = ladders.first?["levels"] else {
            Issue.record("no perturbations in \(json)"); return
        }
        #expect(levels.map { $0["level"] } == [.string("blur_1"), .string("blur_2")])
    }

    @Test func permitCurvesAreExactOnPermitsWithRefusalsCounted() {
        func permits(exact: Int, acceptNegative: Bool) -> EvaluationSummary {
            var records = (0..<4).map { i in
                Self.record("p\(i)", truth: "2020/3242\(i)", i < exact ? "2020/3242\(i)" : nil, kind: "permit",
                            decision: i < exact ? "accepted" : "no_number", level: i < exact ? "high" : nil)
            }
            records.append(Self.record("n", truth: nil, acceptNegative ? "12345" : nil, kind: "not_permit",
                                       decision: acceptNegative ? "accepted" : "not_permit", level: acceptNegative ? "low" : nil))
            return Self.run(records)
        }
        let s = RobustnessSummary(clean: permits(exact: 4, acceptNegative: false),
                                  perturbed: [(PerturbationLevel(.dark, 2), permits(exact: 2, acceptNegative: true))], seed: 1)
        #expect(s.isPermitRun)
        let dark = s.ladders[0].levels[0]
        #expect(dark.accuracy == 0.5)
        #expect(dark.permit?.falseRefusals == 2 && dark.permit?.falseAcceptances == 1)
        #expect(dark.confidentWrong == 1, "a number for a document to refuse")
        #expect(s.ladders[0].brokeFirst.map(\.relativePath) == ["n", "p2", "p3"])
    }

    @Test func compareJudgesTheScoreAndLeavesItOutOfPlainRuns() {
        func summary(score: Double, wrong: Int) -> JSONValue {
            guard case .object(var fields) = ComparisonTests.summary(hits: 160) else { return .null }
            fields.append(("robustness", .object([("score_pct", .double(score)), ("confident_wrong", .int(wrong))])))
            return .object(fields)
        }
        let brittle = Comparison.compare(baseline: summary(score: 80, wrong: 0), current: summary(score: 71, wrong: 0))
        #expect(brittle.metrics(.regression) == ["robustness_score"])
        let noisy = Comparison.compare(baseline: summary(score: 80, wrong: 0), current: summary(score: 79, wrong: 0))
        #expect(noisy.verdict == .unchanged)
        let wrong = Comparison.compare(baseline: summary(score: 80, wrong: 0), current: summary(score: 80, wrong: 1))
        #expect(wrong.metrics(.regression) == ["robustness_confident_wrong"])
        let plain = Comparison.compare(baseline: ComparisonTests.summary(hits: 160), current: ComparisonTests.summary(hits: 160))
        #expect(!plain.rows.contains { $0.metric.name.hasPrefix("robustness") })
    }
}
