import Evaluation
import Foundation
import Testing

/// The runner reading images from a `SampleSource` instead of files.
@Suite("Sample sources")
struct SampleSourceTests {
    /// Makes `name`'s bytes from its name; fails on `fail`.
    final class NameBytes: SampleSource {
        let fail: String?
        init(fail: String? = nil) { self.fail = fail }
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        func load(_ item: DatasetItem) throws -> SourcedSample {
            if item.relativePath == fail { throw Broken() }
            let label = Labels.parse(table: [["filename", "serial", "legible"], [item.relativePath, "S" + item.relativePath, "true"]]).rows.first
            return SourcedSample(data: Data(item.relativePath.utf8), label: label)
        }
    }

    /// Answers the bytes it was given as text; a file read is a failure (nothing is on disk).
    final class BytesReader: SampleReader {
        func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
            .failure(SampleError(kind: "unreadable_image", message: "no file"), preset: "etched")
        }
        func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome {
            SampleOutcome(candidates: [Candidate(text: "S" + String(decoding: data, as: UTF8.self), confidence: 0.9, method: "m", stage: "s", strictValid: true)],
                          preset: "etched")
        }
    }

    static let items = (0..<5).map { DatasetItem(relativePath: "img\($0).jpg", url: URL(fileURLWithPath: "/nowhere/img\($0).jpg")) }

    @Test func readsTheSourcesBytesWithTheSourcesLabels() throws {
        let runner = EvaluationRunner(workers: 2, makeReader: { BytesReader() }, makeSource: { NameBytes() })
        let records = try runner.run(Self.items, labels: .empty)
        #expect(records.count == 5)
        #expect(records.allSatisfy { $0.top1Hit && $0.labelExtras["legible"] == "true" && $0.filename == $0.relativePath })
    }

    @Test func aSourceFailureStopsTheRunWithItsMessage() {
        let runner = EvaluationRunner(workers: 1, makeReader: { BytesReader() }, makeSource: { NameBytes(fail: "img2.jpg") })
        let error = #expect(throws: EvaluationRunner.SetupError.self) { try runner.run(Self.items, labels: .empty) }
        #expect(error?.description == "cannot make image img2.jpg: broken")
    }
}
