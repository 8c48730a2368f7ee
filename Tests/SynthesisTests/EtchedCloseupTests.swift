import Foundation
import Recognition
import Testing
@testable import Synthesis

/// Etched close-ups: about a third of the etched images, capitals 15–25 px, and the serial
/// line whole inside the frame even when the other lines run off its edges.
struct EtchedCloseupTests {
    @Test func closeupsAreAThirdWithLargeGlyphs() throws {
        let g = try DatasetGenerator(kind: .etched, seed: 1)
        var closeups = 0
        for i in 0..<300 {
            let plan = g.plan(at: i)
            let scene = try #require(plan.scene as? EtchedScene)
            let glyph = scene.capHeight * plan.degradation.scale
            if scene.closeup {
                closeups += 1
                #expect((15...25).contains(glyph), "closeup \(i): \(glyph) px")
                #expect(!scene.sticker && scene.hinge == nil)
            } else if glyph < 10 {
                #expect(plan.degradation.blur < 2, "far shot \(i): blur \(plan.degradation.blur) on \(glyph) px glyphs")
            }
        }
        #expect((60...120).contains(closeups), "\(closeups) close-ups in 300")
    }

    @Test func closeupSerialLiesInsideTheFrame() throws {
        let g = try DatasetGenerator(kind: .etched, seed: 1)
        let photographer = Photographer(textures: try TextureSet())
        var checked = 0
        for i in 0..<60 where checked < 6 {
            let plan = g.plan(at: i)
            guard let scene = plan.scene as? EtchedScene, scene.closeup else { continue }
            checked += 1
            var fx = SplitMix64(seed: plan.fxSeed)
            let shot = try photographer.shoot(scene, width: g.width, height: g.height, degradation: plan.degradation, fx: &fx)
            #expect(shot.marks.variant == "etched-closeup")
            let box = try #require(shot.marks.keyBox)
            // The keystone warp may still crop up to 7 % of a side.
            let mx = 0.07 * Double(g.width), my = 0.07 * Double(g.height)
            #expect(box.x >= mx && box.maxX <= Double(g.width) - mx, "closeup \(i): serial x \(box.x)…\(box.maxX)")
            #expect(box.y >= my && box.maxY <= Double(g.height) - my, "closeup \(i): serial y \(box.y)…\(box.maxY)")
        }
        #expect(checked == 6)
    }

    @Test func closeupSerialsAreDrawn() throws {
        let engine = try OCREngine(languages: "eng")
        try engine.setVariable("tessedit_char_whitelist", "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
        let g = try DatasetGenerator(kind: .etched, seed: 1)
        let indices = (0..<40).filter { (g.plan(at: $0).scene as? EtchedScene)?.closeup == true }.prefix(3)
        try #require(indices.count == 3)
        for i in indices {
            let (label, text) = try LabelReadbackTests.read(g, i, engine: engine)
            #expect(OCRSlips.distance(label, text) <= 2, "closeup \(i): \(label) read as \(text)")
        }
    }
}
