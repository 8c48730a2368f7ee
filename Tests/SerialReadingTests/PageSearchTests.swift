@testable import SerialReading
import Foundation
import Imaging
import Recognition
import Testing
import TestSupport

/// The page search's order: the first variant in every rotation (the probe), then the other
/// scales and variants, most legible rotation first.
struct PageSearchTests {
    static func search(scales: [Double] = [1, 2], needsLabel: Bool = true) throws -> PageSearch {
        var preset = try PresetCatalog.untimed().preset("sticker")
        preset.page.scales = scales
        preset.page.variants = [.gray, .sauvola]
        preset.page.searchNeedsLabel = needsLabel
        let engine = try OCREngine()
        let crops = CropReading(settings: preset.crop, weight: 1, engine: engine, deadline: .never, debugSink: nil)
        let reading = PageReading(page: preset.page, crop: preset.crop, weights: preset.reads, anchors: AnchorMatching(anchors: preset.anchors),
                                  engine: engine, crops: crops, deadline: .never)
        return PageSearch(page: preset.page, earlyStopConfidence: 0.85, reading: reading, ranking: Ranking())
    }

    @Test func theProbeComesFirstThenTheMostLegibleRotation() throws {
        let search = try Self.search()
        var progress = PageSearch.Progress(foundSerialRegion: false)
        progress.steps = [0, 90].map { PageSearch.Step(rotation: $0, scale: 1, variant: .gray) }
        var order: [PageSearch.Step] = []
        while let step = search.next(&progress, rotations: [0, 90]) {
            order.append(step)
            if step.rotation == 90 && step.scale == 1 && step.variant == .gray { progress.textScore[90] = 5 }
        }
        #expect(order.map { "\($0.rotation) \($0.variant.rawValue)@\($0.scale)" } == [
            "0 gray@1.0", "90 gray@1.0",
            "90 sauvola@1.0", "90 gray@2.0", "90 sauvola@2.0",
            "0 sauvola@1.0", "0 gray@2.0", "0 sauvola@2.0",
        ])
    }

    @Test func oneRotationFromTheLineStageIsSearchedAlone() throws {
        let search = try Self.search()
        var progress = PageSearch.Progress(foundSerialRegion: true)
        progress.steps = [PageSearch.Step(rotation: 180, scale: 1, variant: .gray)]
        var rotations: Set<Int> = []
        while let step = search.next(&progress, rotations: [180]) { rotations.insert(step.rotation) }
        #expect(rotations == [180] && progress.done == 4)
    }

    /// The page reads `run` made, by stage name.
    static func pageReads(_ state: ReadState) -> [String] {
        state.clock.timings.map(\.stage).filter { $0.hasPrefix("page:") }
    }

    /// A scene without a serial or a label (bundled negative 3, an iPhone's About screen with the
    /// serial row gone): the probe reads it, finds no label, and the search ends there; when a
    /// label was seen, or with `search_needs_label: false`, the other variant is read too.
    @Test func withoutALabelTheSearchEndsAfterTheProbe() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/negative/negative_00003.jpg")
        let gray = try Image(contentsOf: url).grayscale()
        var cases: [(needsLabel: Bool, labelSeen: Bool, reads: [String])] = []
        for (needsLabel, labelSeen) in [(true, false), (true, true), (false, false)] {
            var state = ReadState(deadline: .never)
            state.labelSeen = labelSeen
            try Self.search(scales: [1], needsLabel: needsLabel).run(gray, rotations: [0], foundSerialRegion: false, state: &state)
            #expect(labelSeen || !state.labelSeen, "the probe read a label on a photo without one")
            cases.append((needsLabel, labelSeen, Self.pageReads(state)))
        }
        #expect(cases[0].reads == ["page:gray@1.0"])
        #expect(cases[1].reads == ["page:gray@1.0", "page:sauvola@1.0"])
        #expect(cases[2].reads == ["page:gray@1.0", "page:sauvola@1.0"])
    }

    /// A probe that reads a label keeps the search going (bundled sticker 0: `(S) Serial No.`).
    @Test func aLabelReadByTheProbeIsSeen() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/sticker/sticker_00000.jpg")
        let gray = try Image(contentsOf: url).grayscale()
        var state = ReadState(deadline: .never)
        try Self.search(scales: [1]).run(gray, rotations: [0], foundSerialRegion: false, state: &state)
        #expect(state.labelSeen)
        #expect(state.regions.contains { $0.anchored })
    }
}
