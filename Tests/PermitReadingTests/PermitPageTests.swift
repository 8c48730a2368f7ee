import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// Finding the sheet in synthetic photos drawn here (phone and flat captures), whose true
/// corners the generator knows; and the images that hold no page.
@Suite("Permit page finding", .serialized)
struct PermitPageTests {
    /// Found corners must lie within this share of the page's diagonal from the true ones (the
    /// dev sets' worst is 0.4 %).
    static let cornerBound = 0.01

    /// The largest distance between found and true corners over the page's diagonal.
    static func cornerError(_ found: [SIMD2<Double>], _ truth: [SIMD2<Double>]) -> Double {
        func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        let diagonal = distance(truth[0], truth[2])
        return zip(found, truth).map { distance($0, $1) / diagonal }.max() ?? .infinity
    }

    /// `p` in an image of `w × h` turned `q` quarter turns clockwise (as `Image.rotated`).
    static func turned(_ p: SIMD2<Double>, width w: Int, height h: Int, by q: Int) -> SIMD2<Double> {
        switch q % 4 {
        case 1: [Double(h - 1) - p.y, p.x]
        case 2: [Double(w - 1) - p.x, Double(h - 1) - p.y]
        case 3: [p.y, Double(w - 1) - p.x]
        default: p
        }
    }

    /// The first `count` permits (not refusals) of a set drawn with seed 4242.
    static func draw(_ capture: DatasetGenerator.Capture, count: Int) -> [GeneratedSample] {
        guard let generator = try? DatasetGenerator(kind: .permit, seed: 4242, capture: capture),
              let kind = generator.csvHeader.firstIndex(of: "kind") else { return [] }
        var out: [GeneratedSample] = []
        for i in 0..<(4 * count) where out.count < count {
            if let s = try? generator.sample(at: i), s.fields[kind] == "permit" { out.append(s) }
        }
        return out
    }

    /// Drawn once for the suite (drawing is most of its time in a debug build).
    static let phone = draw(.phone, count: 3)
    static let flat = draw(.flat, count: 2)

    /// The samples with their photos decoded; fails when the generator could not draw them.
    static func permits(_ samples: [GeneratedSample], count: Int) throws -> [(image: Image, sample: GeneratedSample)] {
        try #require(samples.count >= count, "the generator drew \(samples.count) permits")
        return try samples.prefix(count).map { (try Image(data: $0.jpeg), $0) }
    }

    @Test func findsThePageInPhonePhotos() throws {
        for (image, sample) in try Self.permits(Self.phone, count: 3) {
            let page = try #require(try PermitPage.locate(in: image), "\(sample.filename): no page found")
            let error = Self.cornerError(page.corners, sample.pageCorners)
            #expect(error < Self.cornerBound, "\(sample.filename): corners off by \(error) of the diagonal; \(page.evidence)")
            let rect = try page.rectified(image, longSide: 1000)
            #expect(rect.height == 1000 && rect.width == 707, "\(sample.filename): rectified to \(rect.width)×\(rect.height), not A4")
            #expect(rect.depth == image.depth, "colour stays colour")
        }
    }

    @Test func findsThePageOfAFlatScan() throws {
        var found = 0
        for (image, sample) in try Self.permits(Self.flat, count: 2) {
            // A flat scan may crop the page's corner: no page is a fine answer, a wrong one is not.
            guard let page = try PermitPage.locate(in: image) else { continue }
            found += 1
            let error = Self.cornerError(page.corners, sample.pageCorners)
            #expect(error < Self.cornerBound, "\(sample.filename): corners off by \(error); \(page.evidence)")
        }
        #expect(found > 0, "no page found in a flat scan")
    }

    @Test(arguments: [1, 2, 3])
    func turnsASidewaysOrUpsideDownPageUpright(quarterTurns: Int) throws {
        let (photo, sample) = try #require(try Self.permits(Self.phone, count: 1).first)
        let image = try photo.rotated(quarterTurns: quarterTurns)
        let truth = sample.pageCorners.map { Self.turned($0, width: photo.width, height: photo.height, by: quarterTurns) }
        let page = try #require(try PermitPage.locate(in: image))
        // The photo was turned `quarterTurns` clockwise: the rest of a turn makes it upright.
        #expect(page.quarterTurns == (4 - quarterTurns) % 4, "\(page.evidence)")
        #expect(Self.cornerError(page.corners, truth) < Self.cornerBound, "corners not in the upright page's order: \(page.evidence)")
    }

    @Test func aBlankImageHasNoPage() throws {
        #expect(try PermitPage.locate(in: Image.blank(width: 1200, height: 1600, gray: 250)) == nil)
        #expect(try PermitPage.locate(in: Image.blank(width: 1200, height: 1600, gray: 40)) == nil)
    }

    @Test func aPhotoThatIsAllPaperHasNoPageOrTheWholeFrame() throws {
        let (image, _) = try #require(try Self.permits(Self.phone, count: 1).first)
        let page = try #require(try PermitPage.locate(in: image))
        // The page alone, as a scanner would give it: nothing may be cut off it.
        let paper = try page.rectified(image, longSide: 1400)
        guard let found = try PermitPage.locate(in: paper) else { return }
        let frame: [SIMD2<Double>] = [[0, 0], [Double(paper.width - 1), 0], [Double(paper.width - 1), Double(paper.height - 1)],
                                      [0, Double(paper.height - 1)]]
        #expect(Self.cornerError(found.corners, frame) < 0.03, "a page found inside a photo of paper only: \(found.evidence)")
    }

    @Test func tinyOrThinImagesGiveNoPageAndNoCrash() throws {
        for (w, h) in [(1, 1), (10, 10), (63, 900), (2000, 40), (200, 200)] {
            #expect(try PermitPage.locate(in: Image.blank(width: w, height: h, gray: 128)) == nil, "\(w)×\(h)")
        }
    }

    @Test func rectifiedSizeSnapsToA4AndKeepsTheLongSide() {
        let tilted: [SIMD2<Double>] = [[100, 100], [800, 120], [820, 1100], [90, 1080]]
        let size = PermitPage.rectifiedSize(tilted, longSide: 1414)
        #expect(size.width == 1000 && size.height == 1414)
        let square: [SIMD2<Double>] = [[0, 0], [500, 0], [500, 500], [0, 500]]
        let squareSize = PermitPage.rectifiedSize(square, longSide: 800)
        #expect(squareSize.width == 800 && squareSize.height == 800)
    }

    @Test func cornersTurnWithThePage() {
        let photo: [SIMD2<Double>] = [[0, 0], [1, 0], [1, 1], [0, 1]]
        #expect(PermitPage.turned(photo, by: 0) == photo)
        // Turned a quarter clockwise in the photo, the page's top-left lies at the photo's top-right.
        #expect(PermitPage.turned(photo, by: 3).first == [1, 0])
        #expect(PermitPage.turned(photo, by: 2).first == [1, 1])
        #expect(PermitPage.turned(photo, by: 1).first == [0, 1])
    }
}
