import Foundation
import Testing
@testable import Synthesis

/// Documents photographed flat and by phone: the text rows a scene reports never overlap, the
/// permit number's facts are sane, and phone photos carry their own recorded conditions.
struct DocumentCaptureTests {
    /// Whether two boxes share a positive area.
    static func overlap(_ a: Box, _ b: Box) -> Bool {
        min(a.maxX, b.maxX) - max(a.x, b.x) > 0 && min(a.maxY, b.maxY) - max(a.y, b.y) > 0
    }

    @Test(arguments: [DatasetKind.permit, .documentNegative], [DatasetGenerator.Capture.flat, .phone])
    func rowsNeverOverlapAndFactsAreSane(kind: DatasetKind, capture: DatasetGenerator.Capture) throws {
        // Half size: the layout (in the scene's own units) and the facts' sanity do not depend on it.
        let g = try DatasetGenerator(kind: kind, seed: 5, size: (540, 720), capture: capture)
        var withRows = 0
        for i in 0..<20 {
            let plan = g.plan(at: i)
            #expect(plan.capture == capture)
            let shot = try g.shot(plan)
            let rows = shot.marks.rows
            if plan.variant != "device_label" {
                #expect(rows.count >= 12, "\(plan.variant)[\(i)] reports only \(rows.count) rows")
                withRows += 1
            }
            for a in rows.indices {
                for b in rows.indices where b > a && Self.overlap(rows[a], rows[b]) {
                    Issue.record("\(kind.rawValue)/\(capture.rawValue)[\(i)] \(plan.variant): rows \(a) \(rows[a]) and \(b) \(rows[b]) overlap")
                }
            }
            if plan.documentKind == "permit" {
                let f = shot.facts
                #expect(shot.marks.keyBox != nil)
                #expect(f.glyphPixels > 0, "[\(i)] glyph_px \(f.glyphPixels)")
                #expect(f.contrast > 0 && f.contrast <= 255, "[\(i)] contrast \(f.contrast)")
                #expect((0...1).contains(f.occlusion), "[\(i)] occlusion \(f.occlusion)")
                #expect(f.blurSigma >= 0)
                if !plan.stampOverNumber { #expect(shot.marks.occlusion == 0, "[\(i)] occluded without a stamp") }
            }
            if capture == .phone {
                let d = plan.degradation
                #expect(d.obliqueView && d.perspective > 0)
                #expect(shot.image.width == plan.size?.width && shot.image.height == plan.size?.height
                        || d.quarterTurns % 2 == 1)
            } else {
                #expect(plan.size == nil && plan.degradation.motionBlur == 0 && plan.degradation.shadow == 0)
            }
        }
        #expect(withRows > 0)
    }

    @Test func phonePhotosAreSizedLikeAPhoneAndVary() throws {
        let g = try DatasetGenerator(kind: .permit, seed: 9, capture: .phone)
        var shadows = 0, shakes = 0, surfaces = Set<String>()
        for i in 0..<60 {
            let plan = g.plan(at: i)
            let size = try #require(plan.size)
            #expect(PhoneCapture.longSide.contains(Double(max(size.width, size.height))), "\(size)")
            if plan.degradation.shadow > 0 { shadows += 1 }
            if plan.degradation.motionBlur > 1 { shakes += 1 }
            surfaces.insert(plan.surface)
        }
        #expect(shadows > 20 && shadows < 60)
        #expect(shakes > 30)
        #expect(surfaces.count >= 4)
        // Flat photos keep the generator's size.
        #expect(try DatasetGenerator(kind: .permit, seed: 9, capture: .flat).plan(at: 0).size == nil)
    }

    @Test func permitContentVariantsAppear() throws {
        let g = try DatasetGenerator(kind: .permit, seed: 2)
        var stamps = 0, arabic = 0, decrees = 0, phones = 0, permits = 0
        for i in 0..<300 {
            let plan = g.plan(at: i)
            guard plan.documentKind == "permit", let scene = plan.scene as? PermitScene else { continue }
            permits += 1
            if plan.stampOverNumber { stamps += 1 }
            if PermitScene.arabicLabels.contains(plan.numberLabel) { arabic += 1 }
            if scene.distractors.decree != nil { decrees += 1 }
            if scene.distractors.phone != nil { phones += 1 }
            #expect(scene.distractors.decree.map { !$0.contains(plan.label) } ?? true)
        }
        let share = { (n: Int) in Double(n) / Double(max(1, permits)) }
        #expect((0.1...0.3).contains(share(stamps)), "stamps \(stamps)/\(permits)")
        #expect((0.15...0.35).contains(share(arabic)), "Arabic labels \(arabic)/\(permits)")
        #expect((0.25...0.55).contains(share(decrees)) && (0.25...0.55).contains(share(phones)))
    }

    /// The facts alone say that a harsh (unreadable) permit cannot be read, whatever the capture.
    @Test(arguments: [DatasetGenerator.Capture.flat, .phone])
    func unreadablePermitsAreIllegible(capture: DatasetGenerator.Capture) throws {
        let g = try DatasetGenerator(kind: .documentNegative, seed: 5, capture: capture)
        var checked = 0
        for i in 0..<40 where checked < 6 {
            let plan = g.plan(at: i)
            guard plan.documentKind == "unreadable" else { continue }
            checked += 1
            let facts = try g.shot(plan).facts
            #expect(!facts.legible, "[\(i)] \(facts)")
        }
        #expect(checked == 6)
    }
}
