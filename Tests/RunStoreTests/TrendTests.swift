import Evaluation
import Foundation
import RunStore
import Testing

@Suite("run store: trends and flipped images")
struct TrendTests {
    /// Four runs of 100 images: 90 right, 90 (same preset), 60 after a preset change, 60 again.
    func fourRuns() throws -> (RunStore, [Int64]) {
        let store = try StoreFixtures.store()
        let first90 = Set(0..<90), first60 = Set(0..<60)
        var ids: [Int64] = []
        ids.append(try StoreFixtures.record(store, StoreFixtures.header(digest: "aaaa", day: 0, images: 100), StoreFixtures.answers(count: 100, right: first90)))
        // Same preset: image 5 flips to wrong and image 95 to right (flaky), the count stays 90.
        let flaky = first90.subtracting([5]).union([95])
        ids.append(try StoreFixtures.record(store, StoreFixtures.header(digest: "aaaa", day: 1, images: 100), StoreFixtures.answers(count: 100, right: flaky)))
        ids.append(try StoreFixtures.record(store, StoreFixtures.header(digest: "bbbb", day: 2, images: 100), StoreFixtures.answers(count: 100, right: first60)))
        ids.append(try StoreFixtures.record(store, StoreFixtures.header(digest: "bbbb", day: 3, images: 100), StoreFixtures.answers(count: 100, right: first60)))
        return (store, ids)
    }

    @Test func aFallMarksARegressionAtThePresetChangeAndTheDriftSinceThen() throws {
        let (store, ids) = try fourRuns()
        let top1 = try #require(MetricDefinition.standard.first { $0.name == "top1_accuracy_pct" })
        let trends = try store.trends(metrics: [top1])
        #expect(trends.count == 1)
        let t = try #require(trends.first)
        #expect(t.dataset == "real-dev" && t.preset == "etched")
        #expect(t.points.map(\.run.id) == ids.map(Optional.some))
        #expect(t.points.map(\.value) == [90, 90, 60, 60])
        #expect(t.points.map(\.status) == [nil, .unchanged, .regression, .unchanged])
        #expect(t.points.map(\.presetChanged) == [false, false, true, false])
        #expect(t.driftSince?.run.id == ids[2])
        #expect(t.regressions.count == 1)
    }

    @Test func aRiseAfterTheFallEndsTheDrift() throws {
        let (store, _) = try fourRuns()
        try StoreFixtures.record(store, StoreFixtures.header(digest: "cccc", day: 4, images: 100), StoreFixtures.answers(count: 100, right: Set(0..<95)))
        let top1 = try #require(MetricDefinition.standard.first { $0.name == "top1_accuracy_pct" })
        let t = try #require(try store.trends(metrics: [top1]).first)
        #expect(t.points.last?.status == .improvement)
        #expect(t.driftSince == nil)
    }

    @Test func flipsTellFlakyImagesFromPresetChanges() throws {
        let (store, ids) = try fourRuns()
        let flips = try store.flips()
        let flaky = flips.filter(\.isFlaky)
        #expect(Set(flaky.map(\.relativePath)) == ["img005.jpg", "img095.jpg"])
        #expect(flaky.allSatisfy { $0.fromRun == ids[0] && $0.toRun == ids[1] })
        let five = try #require(flaky.first { $0.relativePath == "img005.jpg" })
        #expect(five.fromRight == true && five.toRight == false)
        // At the preset change: 60..<90 went wrong, 5 came back, 95 went wrong again.
        let changed = flips.filter { !$0.isFlaky }
        #expect(Set(changed.map(\.relativePath)) == Set((60..<90).map(StoreFixtures.path)).union(["img005.jpg", "img095.jpg"]))
        #expect(changed.allSatisfy { $0.fromRun == ids[1] && $0.toRun == ids[2] })
        // Runs 3 and 4 agree: no flip between them.
        #expect(!flips.contains { $0.toRun == ids[3] })
    }

    @Test func oneImagesHistoryAndOtherDatasetsStayApart() throws {
        let (store, ids) = try fourRuns()
        try StoreFixtures.record(store, StoreFixtures.header(dataset: "/data/other", digest: "aaaa", day: 5, images: 10),
                                 StoreFixtures.answers(count: 10, right: []))
        let h = try store.imageHistory("img005.jpg", dataset: "real-dev")
        #expect(h.map(\.run.id) == ids.map(Optional.some))
        #expect(h.map(\.image.top1Hit) == [true, false, true, true])
        #expect(try store.imageHistory("img005.jpg").count == 5)
        #expect(try store.flips(dataset: "other").isEmpty)
        #expect(try store.trends(metrics: MetricDefinition.standard).map(\.dataset).contains("other"))
    }

    @Test func unfinishedRunsShardsAndLevelsStayOutOfTrends() throws {
        let (store, _) = try fourRuns()
        // A killed run (never finished), a shard and a robustness level of the same dataset.
        let killed = StoreFixtures.header(digest: "aaaa", day: 10, images: 100)
        let id = try store.beginRun(header: killed, kind: .evaluate)
        try store.recordImages(StoreFixtures.records(StoreFixtures.answers(count: 3, right: []), header: killed), run: id)
        var shard = StoreFixtures.header(digest: "aaaa", day: 11, images: 100)
        shard.shard = Shard(index: 1, count: 2)
        let sr = StoreFixtures.records(StoreFixtures.answers(count: 50, right: []), header: shard)
        try store.recordFinishedRun(header: shard, records: sr, summary: StoreFixtures.summary(shard, sr), kind: .evaluate, recordPath: nil)
        let level = StoreFixtures.header(digest: "aaaa", day: 12, images: 100, settings: ["perturbation": "blur=2", "perturbation_seed": "7"])
        let lr = StoreFixtures.records(StoreFixtures.answers(count: 100, right: []), header: level)
        let levelRun = try store.recordFinishedRun(header: level, records: lr, summary: StoreFixtures.summary(level, lr), kind: .robustness, recordPath: nil)
        #expect(try store.run(levelRun.id)?.level == "blur=2")
        #expect(try store.run(levelRun.id)?.seed == "7")
        let top1 = try #require(MetricDefinition.standard.first { $0.name == "top1_accuracy_pct" })
        #expect(try store.trends(metrics: [top1]).first?.points.count == 4)
        #expect(try store.flips().allSatisfy { $0.toRun <= 4 })
        #expect(try store.runs().count == 7)
    }

    @Test func theReportShowsMarksFlipsAndAnSVGTrendLine() throws {
        let (store, _) = try fourRuns()
        let top1 = try #require(MetricDefinition.standard.first { $0.name == "top1_accuracy_pct" })
        let report = try HistoryReport.load(store, metrics: [top1])
        let md = report.markdown
        #expect(md.contains("## real-dev — etched"))
        #expect(md.contains("60.0 ▼ regression"))
        #expect(md.contains("◆ preset changed"))
        #expect(md.contains("drifts since run 3"))
        #expect(md.contains("## Flaky images (answer changed with no preset change): 2"))
        #expect(md.contains("| img005.jpg | C02X00005Q6L | 1 | 1→2 |"))
        let html = report.html
        #expect(html.contains("<svg") && html.contains("<path d=\"M"))
        #expect(html.contains("regression"))
    }
}
