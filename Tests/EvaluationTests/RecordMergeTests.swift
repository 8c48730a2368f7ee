import Evaluation
import Foundation
import Testing

@Suite("Record merge")
struct RecordMergeTests {
    static func part(_ k: Int, of n: Int, _ names: [String], expected: Int? = nil, workers: Int = 1) -> RunRecord {
        var info = SummaryTests.info
        info.workers = workers
        let header = RecordHeader(info: info, shard: Shard(index: k, count: n), settings: ["max_pixels": "1"],
                                  datasetImages: 10, shardImages: expected ?? names.count)
        return RunRecord(source: "shard\(k)", header: header, records: names.map { SummaryTests.record($0, truth: "X", [("X", 0.9)], ms: Double($0.count)) })
    }

    @Test func concatenatesAndSorts() throws {
        let m = try RecordMerge.merge([Self.part(2, of: 2, ["b", "d"]), Self.part(1, of: 2, ["c", "a"], workers: 3)])
        #expect(m.records.map(\.relativePath) == ["a", "b", "c", "d"])
        #expect(m.header.shard == .all)
        #expect(m.info.workers == 3)
        let whole = EvaluationSummary(info: SummaryTests.info, records: m.records)
        #expect(whole.latency.count == 4)
    }

    @Test func refusesMissingDuplicateOverlappingOrUnfinishedShards() {
        #expect(throws: RecordMerge.MergeError.self) { try RecordMerge.merge([Self.part(1, of: 2, ["a"])]) }
        #expect(throws: RecordMerge.MergeError.self) { try RecordMerge.merge([Self.part(1, of: 2, ["a"]), Self.part(1, of: 2, ["b"])]) }
        #expect(throws: RecordMerge.MergeError.self) { try RecordMerge.merge([Self.part(1, of: 2, ["a"]), Self.part(2, of: 2, ["a"])]) }
        #expect(throws: RecordMerge.MergeError.self) { try RecordMerge.merge([Self.part(1, of: 2, ["a"], expected: 2), Self.part(2, of: 2, ["b"])]) }
        let partial = try? RecordMerge.merge([Self.part(1, of: 2, ["a"], expected: 2)], allowPartial: true)
        #expect(partial?.warnings.count == 2)
    }

    @Test func refusesShardsOfDifferentRuns() {
        var other = Self.part(2, of: 2, ["b"])
        other.header?.info.preset = "screen"
        #expect(throws: RecordMerge.MergeError.self) { try RecordMerge.merge([Self.part(1, of: 2, ["a"]), other]) }
    }

    @Test func recordFileRoundTripSkipsTornLinesAndDuplicates() throws {
        let enc = JSONEncoder()
        enc.dateEncodingStrategy = .iso8601
        let p = Self.part(1, of: 1, ["a", "b"])
        var data = try enc.encode(RecordHeader.Line(try #require(p.header)))
        data.append(0x0A)
        for r in p.records + [p.records[0]] { data.append(try enc.encode(r)); data.append(0x0A) }
        data.append(contentsOf: Array(#"{"filename":"c","rel"#.utf8))
        let back = RunRecord.parse(data, source: "x")
        #expect(back.header == p.header)
        #expect(back.records.map(\.relativePath) == ["a", "b"])
        #expect(back.tornLines == 1)
        #expect(back.records == p.records)
    }

    @Test func resumeConflictNamesTheDifference() {
        let a = Self.part(1, of: 2, []).header!
        var b = a
        #expect(a.resumeConflict(with: b) == nil)
        b.settings["max_pixels"] = "2"
        #expect(a.resumeConflict(with: b)?.contains("max_pixels") == true)
        b = a
        b.shard = Shard(index: 2, count: 2)
        #expect(a.resumeConflict(with: b)?.contains("shard") == true)
    }
}
