import Foundation
import Imaging
import Testing
@testable import Synthesis

/// The sheet's true corners a generated sample carries (ground truth for page finding): where
/// the photographer's tilt, perspective and quarter turn put the page, without changing a byte
/// of the image.
struct PageCornersTests {
    @Test(arguments: [DatasetGenerator.Capture.phone, .flat])
    func cornersOutlineAnA4SheetInsideThePhoto(capture: DatasetGenerator.Capture) throws {
        let g = try DatasetGenerator(kind: .permit, seed: 77, size: (540, 720), capture: capture)
        for i in 0..<3 {
            let s = try g.sample(at: i)
            let image = try Image(data: s.jpeg)
            let c = s.pageCorners
            try #require(c.count == 4)
            func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
            // Clockwise in image coordinates (y down): positive shoelace area.
            let area = (0..<4).map { c[$0].x * c[($0 + 1) % 4].y - c[($0 + 1) % 4].x * c[$0].y }.reduce(0, +)
            #expect(area > 0, "\(s.filename): corners not clockwise")
            // Upright page order: its height over its width is A4's, give or take the perspective.
            let aspect = (length(c[0], c[3]) + length(c[1], c[2])) / (length(c[0], c[1]) + length(c[3], c[2]))
            #expect(abs(aspect - 1.414) < 0.3, "\(s.filename): aspect \(aspect)")
            if capture == .phone {
                let inside = c.allSatisfy { $0.x > 0 && $0.y > 0 && $0.x < Double(image.width - 1) && $0.y < Double(image.height - 1) }
                #expect(inside, "\(s.filename): a phone photo shows the whole page")
            }
        }
    }

    @Test func aQuarterTurnMovesTheCornersWithThePhoto() {
        let p: [SIMD2<Double>] = [[10, 20]]
        // A 100 × 50 photo turned clockwise is 50 × 100; its top-left goes to the top-right.
        #expect(Photographer.photoPoints(p, warpedFrom: nil, width: 100, height: 50, quarterTurns: 1) == [[50 - 1 - 19.5, 9.5]])
        #expect(Photographer.photoPoints(p, warpedFrom: nil, width: 100, height: 50, quarterTurns: 0) == [[9.5, 19.5]])
    }
}
