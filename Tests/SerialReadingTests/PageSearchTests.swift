@testable import SerialReading
import Recognition
import Testing

/// The page search's order: the first variant in every rotation (the probe), then the other
/// scales and variants, most legible rotation first.
struct PageSearchTests {
    static func search() throws -> PageSearch {
        var preset = try PresetCatalog.builtIn().preset("sticker")
        preset.page.scales = [1, 2]
        preset.page.variants = [.gray, .sauvola]
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
}
