import Evaluation
import Testing

@Suite("Sweep plan")
struct SweepPlanTests {
    @Test func parsesTypedValuesAndLists() throws {
        let p = try SweepParameter(parsing: "crop.target_heights=32,[36,44],28+40")
        #expect(p.path == "crop.target_heights")
        #expect(p.values == [.int(32), .array([.int(36), .int(44)]), .array([.int(28), .int(40)])])
        let q = try SweepParameter(parsing: "page.variants=gray,sauvola")
        #expect(q.values == [.string("gray"), .string("sauvola")])
        #expect(try SweepParameter(parsing: "x=0.85,true,-1").values == [.double(0.85), .bool(true), .int(-1)])
        for bad in ["novalue", "=1,2", "a..b=1", "a="] {
            #expect(throws: SweepParameter.ParseError.self) { try SweepParameter(parsing: bad) }
        }
        #expect(SweepParameter.text(.array([.string("gray"), .string("sauvola")])) == "gray+sauvola")
    }

    @Test func gridIsTheCartesianProductLastVaryingFastest() throws {
        let plan = SweepPlan.grid([try SweepParameter(parsing: "a=1,2,3"), try SweepParameter(parsing: "b=x,y,z,w")])
        #expect(plan.combinations.count == 12)
        #expect(plan.combinations[0].map(\.value) == [.int(1), .string("x")])
        #expect(plan.combinations[1].map(\.value) == [.int(1), .string("y")])
        #expect(plan.combinations[11].map(\.value) == [.int(3), .string("w")])
    }

    @Test func randomIsSeededAndWithoutRepeats() throws {
        let params = [try SweepParameter(parsing: "a=1,2,3,4"), try SweepParameter(parsing: "b=1,2,3,4")]
        let r1 = SweepPlan.random(params, count: 5, seed: 42).combinations.map { $0.map(\.value) }
        let r2 = SweepPlan.random(params, count: 5, seed: 42).combinations.map { $0.map(\.value) }
        let r3 = SweepPlan.random(params, count: 5, seed: 7).combinations.map { $0.map(\.value) }
        #expect(r1 == r2)
        #expect(r1 != r3)
        #expect(Set(r1.map { JSONValue.array($0) }).count == 5)
        #expect(SweepPlan.random(params, count: 100, seed: 1).combinations.count == 16)
    }

    @Test func settingPathsWrapsScalarsIntoLists() {
        var preset = JSONValue.object([("crop", .object([("target_heights", .array([.int(32)])), ("psm", .string("single_line"))])), ("min_confidence", .double(0))])
        let setHeights = preset.set(path: "crop.target_heights", to: .int(36))
        #expect(setHeights)
        #expect(preset.value(atPath: "crop.target_heights") == .array([.int(36)]))
        let setPSM = preset.set(path: "crop.psm", to: .string("sparse"))
        let setNope = preset.set(path: "crop.nope", to: .int(1))
        #expect(setPSM && !setNope)
        #expect(preset.leafPaths == ["crop.target_heights", "crop.psm", "min_confidence"])
    }

    @Test func bestRowAndBackendFiles() {
        let info = SummaryTests.info
        let good = SweepResult(combination: [("a", .int(1))], summary: EvaluationSummary(info: info, records: [SummaryTests.record("x", truth: "X", [("X", 0.9)]), SummaryTests.record("y", truth: "Y", [("Z", 0.5)])]))
        let bad = SweepResult(combination: [("a", .int(2))], summary: EvaluationSummary(info: info, records: [SummaryTests.record("x", truth: "X", [("Q", 0.9)]), SummaryTests.record("y", truth: "Y")]))
        #expect(good.accuracy == 0.5 && bad.accuracy == 0)
        #expect(abs(good.avgConfidence - 0.7) < 1e-9)
        #expect(SweepResult.isBetter(good, than: bad))
        let csv = SweepResult.csv([good, bad], parameters: [SweepParameter(path: "a", values: [])])
        #expect(csv.hasPrefix("a,accuracy,detected,total,avg_confidence,"))
        #expect(csv.contains("\n1,0.5000,2,2,0.7000,"))
        #expect(good.bestJSON(preset: "etched", presetFile: "f").keys.prefix(2) == ["params", "accuracy"])
    }
}
