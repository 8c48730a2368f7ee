import Evaluation
import Foundation
import Imaging
import Pipelines
import Recognition
import Testing
import TestSupport

@Suite("Serial pipeline", .serialized)
struct SerialPipelineTests {
    @Test func readsRenderedSerials() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.builtIn(), presetName: "etched", minConfidence: nil)
        let truth = try Fixtures.labels(Fixtures.rendered)
        var right = 0
        let names = (1...10).map { "serial_\($0).jpeg" }
        for n in names {
            let o = reader.read(DatasetItem(relativePath: n, url: Fixtures.rendered.appendingPathComponent(n)), label: nil)
            #expect(o.error == nil)
            if o.candidates.first?.text == truth[n] { right += 1 }
        }
        #expect(right >= 8, "read \(right)/10 rendered serials")
    }

    @Test func brokenImageIsAnErrorOutcomeNotACrash() throws {
        let dir = try Fixtures.tempDir()
        let bad = dir.appendingPathComponent("bad.jpg")
        try Data("not a jpeg".utf8).write(to: bad)
        let reader = try SerialSampleReader(catalog: PresetCatalog.builtIn(), presetName: "etched", minConfidence: nil)
        let o = reader.read(DatasetItem(relativePath: "bad.jpg", url: bad), label: nil)
        #expect(o.error?.kind == "unreadable_image")
        #expect(o.candidates.isEmpty)
    }
}
