import Imaging
import Testing

/// A stamp's ink laid over black print like paint (`alpha` of the ink, `1 − alpha` of what is
/// under it), the way the generator's stamps are drawn, and multiplied with it, the way dye on
/// toner looks: either way the digit under a stroke stays dark once the ink is faded.
@Suite("Print under a stamp's ink")
struct StampInkTests {
    static let paper: SIMD3<Double> = [235, 233, 228]
    static let ink: SIMD3<Double> = [38, 51, 153]
    static let black: SIMD3<Double> = [12, 12, 12]

    /// A 60 × 20 page's pixels, row by row: paper, a black bar of print at columns 4–7 and
    /// another at 30–35, and a stamp's ink over columns 20–59 (so over the second bar), laid
    /// over (`multiplied` false) or multiplied.
    static func pixels(alpha: Double, multiplied: Bool) -> [SIMD3<UInt8>] {
        (0..<20).flatMap { _ in
            (0..<60).map { x in
                let under = (4...7).contains(x) || (30...35).contains(x) ? black : paper
                var p = under
                if x >= 20 {
                    p = multiplied ? under * (alpha * ink / 255 + SIMD3(repeating: 1 - alpha)) : alpha * ink + (1 - alpha) * under
                }
                return SIMD3<UInt8>(p, rounding: .toNearestOrEven)
            }
        }
    }

    static func page(alpha: Double, multiplied: Bool) throws -> Image {
        let bytes: [UInt8] = pixels(alpha: alpha, multiplied: multiplied).flatMap { p -> [UInt8] in [p.x, p.y, p.z, 255] }
        return try bytes.withUnsafeBufferPointer { try Image(rgbaBytes: $0, width: 60, height: 20, stride: 4 * 60) }
    }

    @Test(arguments: [0.55, 0.7, 0.85])
    func aDigitUnderAStampLaidOverItStaysDark(alpha: Double) throws {
        let faded = try Self.page(alpha: alpha, multiplied: false).coloredInkFaded().grayBytes()
        let row = 10 * 60
        #expect(faded[row + 5] <= 20)              // print outside the stamp
        #expect(faded[row + 12] >= 225)            // paper
        #expect(faded[row + 25] >= 225)            // the stamp over paper fades
        #expect(faded[row + 32] <= 60, "\(faded[row + 32])") // the digit under it does not
    }

    @Test func aDigitUnderAStampMultipliedWithItStaysDark() throws {
        let faded = try Self.page(alpha: 0.7, multiplied: true).coloredInkFaded().grayBytes()
        #expect(faded[10 * 60 + 25] >= 225)
        #expect(faded[10 * 60 + 32] <= 40)
    }

    @Test func theInkAndPaperAreEstimatedFromThePage() throws {
        let ink = try #require(StampInk.estimate(Self.pixels(alpha: 0.7, multiplied: false)))
        #expect(abs(ink.paper.x - Self.paper.x) <= 1 && abs(ink.paper.z - Self.paper.z) <= 1)
        let overPaper = SIMD3<UInt8>(0.7 * Self.ink + 0.3 * Self.paper, rounding: .toNearestOrEven)
        let overPrint = SIMD3<UInt8>(0.7 * Self.ink + 0.3 * Self.black, rounding: .toNearestOrEven)
        #expect(ink.printDarkness(overPaper) < 0.1)
        #expect(ink.printDarkness(overPrint) > 0.9)
    }

    /// Grey pixels, or too few coloured ones, are no stamp: no ink is estimated.
    @Test func noInkWithoutAStamp() throws {
        let grey = [SIMD3<UInt8>](repeating: [200, 200, 200], count: 500) + [SIMD3<UInt8>](repeating: [20, 20, 20], count: 500)
        #expect(StampInk.estimate(grey) == nil)
        let few = grey + [SIMD3<UInt8>](repeating: [97, 105, 175], count: StampInk.minInkPixels - 1)
        #expect(StampInk.estimate(few) == nil)
        #expect(StampInk.estimate([]) == nil)
    }
}
