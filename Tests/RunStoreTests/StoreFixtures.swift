import Evaluation
import Foundation
import Reporting
import RunStore
import TestSupport

/// Runs made by hand for the store's tests: each image's answer is given, the truth is fixed.
enum StoreFixtures {
    /// A new store in a temporary folder.
    static func store() throws -> RunStore {
        try RunStore(path: Fixtures.tempDir("runstore").appendingPathComponent("history.sqlite").path)
    }

    static func truth(_ i: Int) -> String { String(format: "C02X%05dQ6L", i) }
    static func path(_ i: Int) -> String { String(format: "img%03d.jpg", i) }

    /// A run's header: dataset `dataset`, the presets' digest `digest`, started `day` days in.
    static func header(dataset: String = "/data/real-dev", preset: String = "etched", digest: String, day: Int, images: Int,
                       settings: [String: String] = [:]) -> RecordHeader {
        let start = Date(timeIntervalSince1970: 1_760_000_000 + Double(day) * 86_400)
        let info = RunInfo(dataset: dataset, preset: preset, minConfidence: 0, useProgressive: true, extractParams: ["preset": preset],
                           workers: 1, startedAt: start, finishedAt: start, versions: ["scanbench": "test"])
        var s = settings
        s["presets_digest"] = digest
        return RecordHeader(info: info, shard: .all, settings: s, datasetImages: images, shardImages: images)
    }

    /// Records where image `i` answers `answers[i]` (`nil`: nothing read) at confidence 0.9.
    static func records(_ answers: [String?], header: RecordHeader) -> [SampleRecord] {
        answers.enumerated().map { i, a in
            let candidates = a.map { [Candidate(text: $0, confidence: 0.9, method: "line", stage: "line", strictValid: true)] } ?? []
            return SampleRecord(filename: path(i), relativePath: path(i), groundTruth: truth(i), deviceType: "MacBook",
                                outcome: SampleOutcome(candidates: candidates, preset: header.info.preset), latencyMs: 300,
                                finishedAt: header.info.startedAt.addingTimeInterval(Double(i)))
        }
    }

    /// `right` images answer their truth, the rest a wrong serial.
    static func answers(count: Int, right: Set<Int>) -> [String?] {
        (0..<count).map { right.contains($0) ? truth($0) : "WRONG\($0)" }
    }

    /// The summary JSON evaluate would write for `records`.
    static func summary(_ header: RecordHeader, _ records: [SampleRecord]) -> JSONValue {
        ReportWriter.summaryJSON(EvaluationSummary(info: header.info, records: records),
                                 paths: ReportPaths(folder: URL(fileURLWithPath: "/tmp"), dataset: "x", date: header.info.startedAt),
                                 options: .init(formats: [.csv], datasetRoot: URL(fileURLWithPath: "/nonexistent")))
    }

    /// Records a finished run as evaluate does (begin, images one by one, finish); returns its id.
    @discardableResult
    static func record(_ store: RunStore, _ header: RecordHeader, _ answers: [String?]) throws -> Int64 {
        let records = records(answers, header: header)
        let id = try store.beginRun(header: header, kind: .evaluate)
        for r in records { try store.recordImages([r], run: id) }
        try store.finishRun(id, summary: summary(header, records), finishedAt: header.info.startedAt.addingTimeInterval(60), recordPath: nil)
        return id
    }
}
