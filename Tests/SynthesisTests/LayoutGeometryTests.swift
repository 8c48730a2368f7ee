import Foundation
import Testing
@testable import Synthesis

/// The layout of every scene kind is valid by construction: the text rows around the labelled
/// text never overlap (on a real case, screen, label or permit they never touch), and a scene
/// that shows a serial or number marks where it is.
struct LayoutGeometryTests {
    @Test(arguments: DatasetKind.allCases)
    func textRowsNeverOverlap(kind: DatasetKind) throws {
        let generator = try DatasetGenerator(kind: kind, seed: 20_261_123)
        for index in 0..<30 {
            let marks = try generator.marks(at: index)
            let sample = generator.plan(at: index)
            if !sample.label.isEmpty {
                #expect(marks.keyBox != nil, "\(kind) \(index): the label \(sample.label) is drawn nowhere")
                #expect(!marks.rows.isEmpty, "\(kind) \(index): no text rows recorded")
            }
            for (i, a) in marks.rows.enumerated() {
                #expect(a.width > 0 && a.height > 0, "\(kind) \(index): row \(i) is empty")
                for (j, b) in marks.rows.enumerated() where j > i {
                    #expect(!a.intersects(b), "\(kind) \(index): rows \(i) \(a) and \(j) \(b) overlap")
                }
            }
        }
    }

    /// The fallback glyph `⎓` in the first regulatory row once pushed that row's baseline
    /// down onto the serial row (seed 9191, etched 7). Rows are now placed by baseline: their
    /// pitch is the scene's, whatever fonts a row pulled in.
    @Test func etchedRowPitchIsTheScenesWhateverTheFont() throws {
        let generator = try DatasetGenerator(kind: .etched, seed: 9191)
        for index in 0..<40 {
            let marks = try generator.marks(at: index)
            guard case let scene as EtchedScene = generator.plan(at: index).scene, marks.rows.count >= 2 else { continue }
            let pitch = marks.rows[1].maxY - marks.rows[0].maxY
            let ratio = pitch / scene.capHeight
            // Bottoms of ink differ by descenders (`g`, `y`, parentheses): allow a cap's third.
            #expect(ratio > EtchedScene.rowPitch.lowerBound - 0.35 && ratio < EtchedScene.rowPitch.upperBound + 0.35,
                    "etched \(index) (\(scene.family)): pitch \(pitch) px for capitals \(scene.capHeight) px")
        }
    }
}
