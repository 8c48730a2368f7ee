import Foundation
import Imaging
import Testing

/// `Image.motionBlurred`: a straight camera shake spreads an edge across it, not along it.
struct MotionBlurTests {
    /// A 40 × 20 image, black left of x = 20 and white from it on.
    func edge(depth32: Bool) throws -> Image {
        let w = 40, h = 20
        if depth32 {
            let bytes: [UInt8] = (0..<(w * h)).flatMap { i -> [UInt8] in
                let v: UInt8 = i % w < 20 ? 0 : 255
                return [v, v, v, 255]
            }
            return try bytes.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: w, height: h, stride: 4 * w) }
        }
        let bytes: [UInt8] = (0..<(w * h)).map { $0 % w < 20 ? 0 : 255 }
        return try bytes.withUnsafeBufferPointer { try Image(grayBytes: $0, width: w, height: h, stride: w) }
    }

    /// The grey levels of row 10.
    func row(_ img: Image) throws -> [UInt8] {
        let g = try img.grayBytes()
        return Array(g[(10 * img.width)..<(11 * img.width)])
    }

    @Test(arguments: [true, false])
    func acrossTheEdgeSpreadsItAlongTheEdgeKeepsIt(depth32: Bool) throws {
        let img = try edge(depth32: depth32)
        let across = try row(img.motionBlurred(length: 4, angleDegrees: 0))
        // Four samples at offsets -1…2: pixels 18–20 mix black and white, the rest stay put.
        #expect(across[16] == 0 && across[17] == 0 && across[21] == 255 && across[22] == 255)
        #expect([across[18], across[19], across[20]].allSatisfy { $0 > 0 && $0 < 255 }, "\(across)")
        #expect(across[18] < across[19] && across[19] < across[20])
        let along = try row(img.motionBlurred(length: 4, angleDegrees: 90))
        #expect(along == (0..<40).map { $0 < 20 ? 0 : 255 })
        #expect(try img.motionBlurred(length: 4, angleDegrees: 0).depth == img.depth)
    }

    @Test func oneSampleIsACopy() throws {
        let img = try edge(depth32: true)
        #expect(try row(img.motionBlurred(length: 1, angleDegrees: 30)) == row(img))
    }
}
