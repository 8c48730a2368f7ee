import Evaluation
import Foundation
import Testing

/// Issue 21: the serial confidence learned from labelled runs — its features read from what a
/// record keeps, the fit, the cap that keeps doubtful answers under 0.8, and the check figures.
@Suite("Learned calibration")
struct LearnedCalibrationTests {
    static func candidate(_ method: String, confidence: Double = 0.9, stage: String = "lines", valid: Bool = true,
                          text: String = "C02Y94ZEJG5H") -> Candidate {
        Candidate(text: text, confidence: confidence, method: method, stage: stage, strictValid: valid)
    }

    static func value(_ f: CalibrationFeatures, _ name: String) -> Double {
        f.values[CalibrationFeatures.names.firstIndex(of: name)!]
    }

    @Test func featuresAreReadFromTheMethodAndStage() {
        let f = CalibrationFeatures(Self.candidate("vote:4~0.62+rule1+trimmed+anchor+joint2+sightings2", stage: "lines:light/rot90"))
        #expect(Self.value(f, "reads") == 0.5)
        #expect(Self.value(f, "weakest_support") == 0.62)
        for name in ["rule_fix", "trimmed", "anchored", "joint", "sightings", "stage_lines", "stage_rotated", "length_12", "strict_valid"] {
            #expect(Self.value(f, name) == 1, "\(name)")
        }
        for name in ["whole", "page_token", "stage_page"] { #expect(Self.value(f, name) == 0, "\(name)") }
        #expect(abs(Self.value(f, "formula_logit") - log(0.9 / 0.1)) < 1e-9)

        let token = CalibrationFeatures(Self.candidate("page-token", confidence: 0.4, stage: "page", valid: false, text: "C02Y94ZEJG"))
        #expect(Self.value(token, "page_token") == 1)
        #expect(Self.value(token, "reads") == 0)
        #expect(Self.value(token, "weakest_support") == 0)
        #expect(Self.value(token, "length_12") == 0)
        #expect(Self.value(token, "strict_valid") == 0)
    }

    /// Answers are right more often the better their weakest character is supported (a logistic
    /// law, 95 % at 0.95 and 8 % at 0.5), all at the same formula confidence: the fit must
    /// learn to tell them apart.
    @Test func theFitLearnsWhatSeparatesRightFromWrong() throws {
        var rng = SeededGenerator(seed: 21)
        var examples: [LearnedCalibration.Example] = []
        for _ in 0..<400 {
            let support = Double.random(in: 0.4...1, using: &rng)
            let right = Double.random(in: 0..<1, using: &rng) < 1 / (1 + exp(-12 * (support - 0.7)))
            examples.append(.init(candidate: Self.candidate(String(format: "vote:3~%.2f+anchor", support), confidence: 0.85), right: right))
        }
        let model = try #require(LearnedCalibration.fit(examples, fittedOn: "test"))
        #expect(model.samples == 400)
        let sure = model.probability(Self.candidate("vote:3~0.95+anchor", confidence: 0.85))
        let doubtful = model.probability(Self.candidate("vote:3~0.50+anchor", confidence: 0.85))
        #expect(sure > 0.85)
        #expect(doubtful < 0.25)
        // Better calibrated than the recorded 0.85 for everything.
        func brier(_ p: (Candidate) -> Double) -> Double {
            examples.map { let d = p($0.candidate) - ($0.right ? 1 : 0); return d * d }.reduce(0, +)
        }
        #expect(brier(model.probability) < brier { _ in 0.85 })
    }

    /// A recorded answer's `confidence` is the learned value; the model is fitted on and applied
    /// to the formula's, which the record keeps: applying it to a recorded answer again, or
    /// fitting on recorded answers, must not feed it its own output.
    @Test func aRecordedAnswerIsCalibratedFromItsFormulaConfidence() throws {
        let model = LearnedCalibration(weights: CalibrationFeatures.names.map { $0 == "formula_logit" ? 1 : 0 }, intercept: -1, samples: 1, fittedOn: "t")
        let read = Self.candidate("vote:3~1.00+anchor", confidence: 0.95)
        let recorded = model.apply(read)
        #expect(recorded.formulaConfidence == 0.95)
        #expect(recorded.confidence < 0.95)
        #expect(model.apply(recorded) == recorded)
        #expect(CalibrationFeatures(recorded) == CalibrationFeatures(read))
        // Under 0.8 by the formula stays so, judged by the formula's value, not the recorded one.
        let doubtful = model.apply(Self.candidate("vote:3~0.60+anchor", confidence: 0.79))
        #expect(model.apply(doubtful).confidence == doubtful.confidence)
        // Kept in a run's records; absent when no model gave the confidence.
        let json = String(decoding: try JSONEncoder().encode(recorded), as: UTF8.self)
        #expect(json.contains("\"formulaConfidence\":0.95"))
        #expect(try JSONDecoder().decode(Candidate.self, from: Data(json.utf8)) == recorded)
        #expect(!String(decoding: try JSONEncoder().encode(read), as: UTF8.self).contains("formulaConfidence"))
    }

    @Test func aFitNeedsRightAndWrongAnswers() {
        let all = (0..<5).map { _ in LearnedCalibration.Example(candidate: Self.candidate("vote:3~1.00"), right: true) }
        #expect(LearnedCalibration.fit(all, fittedOn: "test") == nil)
    }

    /// The formula's caps stay hard rules: the model may lower a confident answer, never lift a
    /// doubtful one to 0.8.
    @Test func aDoubtfulAnswerStaysUnderPointEight() {
        let eager = LearnedCalibration(weights: [Double](repeating: 0, count: CalibrationFeatures.names.count), intercept: 10, samples: 1, fittedOn: "t")
        #expect(eager.apply(Self.candidate("vote:2~0.55", confidence: 0.79)).confidence == 0.79)
        #expect(eager.apply(Self.candidate("vote:5~1.00", confidence: 0.85)).confidence == 0.99)
        let wary = LearnedCalibration(weights: [Double](repeating: 0, count: CalibrationFeatures.names.count), intercept: -10, samples: 1, fittedOn: "t")
        #expect(wary.apply(Self.candidate("vote:5~1.00", confidence: 0.99)).confidence < 0.001)
        // A model from another feature list changes nothing.
        let stale = LearnedCalibration(features: ["a"], weights: [5], intercept: 0, samples: 1, fittedOn: "t")
        #expect(stale.apply(Self.candidate("vote:5~1.00", confidence: 0.5)).confidence == 0.5)
    }

    @Test func checkCountsConfidentWrongAnswersOnImagesWithoutASerial() {
        let t = "C02Y94ZEJG5H"
        func record(_ name: String, truth: String?, _ answer: String?, _ conf: Double, device: String? = "MacBook") -> SampleRecord {
            SampleRecord(filename: name, relativePath: name, groundTruth: truth, deviceType: device,
                         outcome: SampleOutcome(candidates: answer.map { [Self.candidate("vote:3~1.00+anchor", confidence: conf, text: $0)] } ?? [], preset: "etched"),
                         latencyMs: 1, finishedAt: Date(timeIntervalSince1970: 0))
        }
        let records = [
            record("right", truth: t, t, 0.95),
            record("wrong", truth: t, "C02Y94ZEJG5B", 0.9),
            record("unsure", truth: t, t, 0.5),
            record("none", truth: t, nil, 0),
            record("negative", truth: nil, t, 0.85),
            record("quietNegative", truth: nil, nil, 0),
            record("unlabelled", truth: nil, t, 0.99, device: nil),
        ]
        let c = CalibrationCheck(records)
        #expect(c.labelled == 4)
        #expect(c.negatives == 2)
        #expect(c.confident == 3)
        #expect(c.confidentWrong == 2)
        #expect(CalibrationCheck.examples(records).count == 4)
        #expect(CalibrationCheck.examples(records).filter(\.right).count == 2)
    }

    /// `calibrate` warns about a run read with a learned calibration whose records do not keep
    /// the formula's confidence (written before they did): its fit would take the model's output
    /// for its input.
    @Test func aRunWithoutTheFormulasConfidenceIsToldApart() {
        let model = LearnedCalibration(weights: CalibrationFeatures.names.map { $0 == "formula_logit" ? 1 : 0 }, intercept: 0, samples: 1, fittedOn: "t")
        func header(learned: Bool) -> RecordHeader {
            let params = learned ? ["calibration.learned.intercept": "0", "calibration.valid_base": "0.45"] : ["calibration.valid_base": "0.45"]
            return RecordHeader(info: RunInfo(dataset: "ds", preset: "etched", minConfidence: 0, useProgressive: true, extractParams: params,
                                              workers: 1, startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 0), versions: [:]),
                                shard: .all, settings: [:], datasetImages: 1, shardImages: 1)
        }
        func records(_ c: Candidate) -> [SampleRecord] {
            [SampleRecord(filename: "a", relativePath: "a", groundTruth: c.text, deviceType: "MacBook",
                          outcome: SampleOutcome(candidates: [c], preset: "etched"), latencyMs: 1, finishedAt: Date(timeIntervalSince1970: 0))]
        }
        let read = Self.candidate("vote:3~1.00+anchor", confidence: 0.9)
        #expect(CalibrationCheck.lacksFormulaConfidence(records(read), header: header(learned: true)))
        #expect(!CalibrationCheck.lacksFormulaConfidence(records(model.apply(read)), header: header(learned: true)))
        #expect(!CalibrationCheck.lacksFormulaConfidence(records(read), header: header(learned: false)))
        #expect(!CalibrationCheck.lacksFormulaConfidence(records(read), header: nil))
    }
}
