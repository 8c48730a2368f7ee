import Foundation
import Imaging
import Testing

/// `Image.projected` is Leptonica's perspective warp, only faster.
struct ProjectiveWarpTests {
    @Test func matchesLeptonicasWarp() throws {
        let w = 120, h = 90
        // A smooth gradient with a sharp square: both interpolation and edges are compared.
        let bytes: [UInt8] = (0..<(w * h)).flatMap { i -> [UInt8] in
            let x = i % w, y = i / w
            let inSquare = (40..<80).contains(x) && (30..<60).contains(y)
            return inSquare ? [20, 30, 200, 255] : [UInt8(x * 2), UInt8(y * 2), 128, 255]
        }
        let img = try bytes.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: w, height: h, stride: 4 * w) }
        let quad: [SIMD2<Double>] = [[8, 5], [110, 12], [104, 84], [3, 70]]
        let fast = try img.projected(source: quad).grayBytes(), slow = try img.perspectiveWarped(source: quad).grayBytes()
        let diffs = zip(fast, slow).map { abs(Int($0) - Int($1)) }
        let mean = Double(diffs.reduce(0, +)) / Double(diffs.count)
        #expect(mean < 1.5, "mean difference \(mean)")
        #expect(diffs.filter { $0 > 24 }.count < diffs.count / 100)
    }
}
