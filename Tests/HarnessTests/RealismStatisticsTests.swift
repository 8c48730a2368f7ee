import Harness
import Imaging
import Synthesis
import Testing

@Suite("Realism statistics")
struct RealismStatisticsTests {
    @Test func percentilesInterpolateBetweenRanks() {
        let d = RealismDistribution([5, 1, 4, 2, 3])
        #expect(d.count == 5)
        #expect(abs((d.p10 ?? 0) - 1.4) < 1e-9 && d.p50 == 3 && abs((d.p90 ?? 0) - 4.6) < 1e-9)
        #expect(RealismDistribution([7]).p10 == 7 && RealismDistribution([7]).p90 == 7)
        let empty = RealismDistribution([])
        #expect(empty.count == 0 && empty.p50 == nil)
        #expect(RealismDistribution([1, .nan, 3]).count == 2)
    }

    @Test func theOtsuGapOfATwoLevelImageIsTheLevelDifference() throws {
        #expect(RealismStatistics.otsuGap([UInt8](repeating: 40, count: 50) + [UInt8](repeating: 200, count: 50)) == 160)
        // Unequal classes (text is a small share of a row's band): still the level difference.
        #expect(RealismStatistics.otsuGap([UInt8](repeating: 30, count: 10) + [UInt8](repeating: 220, count: 90)) == 190)
        #expect(RealismStatistics.otsuGap([UInt8](repeating: 128, count: 100)) == 0)
        let image = try Image.gray(width: 10, height: 10, pixels: (0..<100).map { $0 % 10 < 3 ? 60 : 180 })
        #expect(try RealismStatistics.otsuGap(of: image) == 120)
    }

    @Test func aFlatImageHasNoLaplacianVariance() throws {
        #expect(RealismStatistics.laplacianVariance([UInt8](repeating: 77, count: 400), width: 20, height: 20) == 0)
        #expect(try RealismStatistics.laplacianVariance(of: Image.blank(width: 30, height: 12, gray: 200)) == 0)
        #expect(RealismStatistics.laplacianVariance([1, 2, 3, 4], width: 2, height: 2) == 0)
    }

    @Test func anImpulsesLaplacianVarianceIsKnown() {
        // One pixel of 100 on 0: the Laplacian is −400 there and +100 at its four neighbours,
        // 0 elsewhere; over the 8×8 interior pixels the mean is 0 and the variance 200000/64.
        var px = [UInt8](repeating: 0, count: 100)
        px[5 * 10 + 5] = 100
        #expect(RealismStatistics.laplacianVariance(px, width: 10, height: 10) == 3125)
    }

    @Test func blurLowersTheLaplacianVariance() throws {
        let sharp = try LineRender.image(of: "C02Y94ZEJG5H", capHeight: 16)
        let soft = try sharp.boxBlurred(halfWidth: 2)
        #expect(try RealismStatistics.laplacianVariance(of: soft) < 0.5 * RealismStatistics.laplacianVariance(of: sharp))
    }

    @Test func greyLevelsComeFromTheHistogram() {
        let g = RealismStatistics.greyLevels((0..<100).map { UInt8($0) })
        #expect(g.mean == 49.5 && g.p5 == 4 && g.p95 == 94)
        let flat = RealismStatistics.greyLevels([UInt8](repeating: 9, count: 10))
        #expect(flat.mean == 9 && flat.p5 == 9 && flat.p95 == 9)
    }
}
