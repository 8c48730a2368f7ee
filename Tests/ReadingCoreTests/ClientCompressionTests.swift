import Foundation
import Imaging
@testable import ReadingCore
import Testing

@Suite("Client compression (the apps' ImageCompressor)")
struct ClientCompressionTests {
    @Test func qualitiesStepByTenFrom85AndNeverGoBelowTheFloor() {
        #expect(ClientCompression.qualities == [85, 75, 65, 55, 45, 35, 25])
        #expect(ClientCompression.qualities.allSatisfy { $0 >= ClientCompression.minQuality })
    }

    @Test func resizesOnlyWhenALongSideExceeds1920() {
        #expect(ClientCompression.fittedSize(width: 4032, height: 3024) == (1920, 1440))
        #expect(ClientCompression.fittedSize(width: 3024, height: 4032) == (1440, 1920))
        #expect(ClientCompression.fittedSize(width: 1920, height: 1080) == (1920, 1080))
        #expect(ClientCompression.fittedSize(width: 800, height: 600) == (800, 600))
    }

    @Test func stopsAtTheFirstQualityThatFits() {
        var asked: [Int] = []
        // 12 000 bytes per quality point: 85 → 1 020 000, 75 → 900 000, 65 → 780 000 (fits).
        let (data, quality, attempts) = ClientCompression.chooseQuality { (q: Int) -> Data in
            asked.append(q)
            return Data(count: q * 12_000)
        }
        #expect(quality == 65)
        #expect(asked == [85, 75, 65])
        #expect(attempts.map(\.quality) == [85, 75, 65])
        #expect(data.count == 780_000)
        #expect(data.count <= ClientCompression.targetBytes)
    }

    @Test func theBoundIs800KiBInclusive() {
        let (_, quality, _) = ClientCompression.chooseQuality { (q: Int) -> Data in
            Data(count: q == 85 ? 800 * 1024 : 1)
        }
        #expect(quality == 85)
    }

    @Test func sendsQuality25WhenNothingFits() {
        let (data, quality, attempts) = ClientCompression.chooseQuality { (q: Int) -> Data in Data(count: 2_000_000 + q) }
        #expect(quality == 25)
        #expect(attempts.count == 7)
        #expect(data.count == 2_000_025)
    }

    @Test func compressesARealLargePhotoWithinTheBounds() throws {
        // 2400×1800 of noise: JPEG cannot make that small, so several qualities are tried.
        var rng = SystemRandomNumberGenerator()
        let w = 2400, h = 1800
        let pixels = (0..<(w * h)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = try pixels.withUnsafeBufferPointer { try Image(grayBytes: $0, width: w, height: h, stride: w) }
        let r = try ClientCompression.compress(image)
        #expect(max(r.width, r.height) == 1920)
        #expect(r.width == 1920 && r.height == 1440)
        #expect(r.attempts.first?.quality == 85)
        #expect(r.fits || r.quality == 25)
        // Every attempt before the last was too big; the last fits or is the floor.
        #expect(r.attempts.dropLast().allSatisfy { $0.bytes > ClientCompression.targetBytes })
        let decoded = try Image(data: r.data)
        #expect(decoded.width == 1920)
        #expect(try DataURI(parsing: r.dataURI).data == r.data)
    }

    @Test func leavesASmallPhotoAtQuality85() throws {
        let image = try Image.blank(width: 640, height: 480, gray: 180)
        let r = try ClientCompression.compress(image)
        #expect(r.quality == 85 && r.attempts.count == 1 && r.width == 640)
    }
}
