import Foundation
import Imaging

/// Where the sheet of paper lies in a phone photo of a permit, and how to undo the camera: the
/// page's four corners and the quarter turns that make its text upright.
///
/// Finding it, in three small stages: the photo reduced to a 400-px sketch in log grey with its
/// text closed away (`PageSketch`); the paper's four straight edges from a Hough transform of
/// the sketch's dark-to-bright gradients, one line per side, the combination best supported by
/// steps along it (`PageLines`); each side then refitted to the edge found across it
/// (`PageEdges`). When the weakest side is no clear dark-outside, bright-inside edge (the page
/// fills the frame, a white desk hides an edge, a screenshot) there is no page and the caller
/// reads the whole photo. Which way up: `PageOrientation`.
///
/// Two ways of finding the rough outline were measured on 240 phone and 240 flat photos
/// (seeds 5101–5103, 80 each, 168 permits each), both followed by the same edge fit:
/// - a flood from the bright centre over flat pixels (log-grey gradient under a threshold,
///   four thresholds tried), the region's convex hull and the quadrilateral around it: it
///   missed 19 phone and 22 flat permits — one gap in a white desk's faint edge and the flood
///   leaks, the whole table becomes "paper" — and took 47 ms;
/// - Hough lines (kept): 4 and 3 missed, the same corner error (median 0.15 % of the page's
///   diagonal), 36 ms: a side is found from its whole length, so gaps in a faint edge do not
///   matter. Running both and keeping the better-scoring quadrilateral found none more.
/// As kept (luminance sketch, text read on a band): 166/168 phone and 166/168 flat permits
/// found, mean corner error 0.13 % and 0.09 % of the diagonal, worst 0.33 %; the quarter turn
/// right for 658 of 662 phone pages turned 0–3 times; locate ~22 ms, rectify to 2000 px ~21 ms
/// more (release build, a throw-away probe).
public struct PermitPage: Sendable {
    /// The page's corners in the input image (pixel centres at integers): top-left, top-right,
    /// bottom-right, bottom-left *of the upright page*.
    public var corners: [SIMD2<Double>]
    /// Clockwise quarter turns (0...3) that make the page's text upright, as seen in the photo.
    public var quarterTurns: Int
    /// The share of the photo's area the page covers (0...1). On the dev sets rectifying paid
    /// where the page covers little of the photo (phone: 40 % → 59 % of numbers read) and not
    /// where it already fills the frame (flat scans: 119 → 116 of 168).
    public var photoShare: Double
    /// How the page was found, for provenance: edge evidence per side and the text's up/down
    /// confidence.
    public var evidence: String
    /// How clear its weakest side is (`minScore` and up): a low score may be a wrong outline.
    public var score: Double

    /// The smallest share of the photo a page may cover: a smaller bright quadrilateral is a
    /// label or a screen, not a permit photographed to be read.
    static let minArea = 0.15
    /// The weakest side must be at least this clear (its median log-grey step × the share of
    /// its length where a step was found). Found pages score 0.04–1.5 (the lowest: a white desk);
    /// a shadow's straight border or a blurred text block taken for a side scored 0.01–0.03.
    public static let minScore = 0.032
    /// A faint outline: a page on a white table, its sides' steps barely above the table's
    /// (phone 106411 #18 and #163, scores 0.028 and 0.032). Taken only when the photo read as
    /// it came, without an outline, is refused (`PermitPipeline.readPageOrPhoto`).
    public static let faintScore = 0.02
    /// Corners may lie this far outside the frame (share of its size): a corner just cut off.
    static let outsideMargin = 0.04
    /// No corner angle outside this range (degrees): a phone held over a page sees it at most
    /// ~25° off square at a corner.
    static let cornerAngles = 55.0...125.0
    /// A4's height over its width: a found page whose sides' ratio is within `aspectSnap` of it
    /// is rectified to it (the sides' ratio in the photo is off by the perspective, up to ~12 %).
    static let a4Aspect = 2.0.squareRoot()
    static let aspectSnap = 0.18

    /// Finds the page in `input` (colour or grey); `nil` when no convincing page quadrilateral is
    /// found — the caller then reads the whole image. `minScore`: how clear its weakest side must
    /// be (`faintScore` to take a faint outline). Throws only when Leptonica fails.
    public static func locate(in input: Image, minScore: Double = minScore) throws -> PermitPage? {
        let image = try input.withoutColormap()
        guard let sketch = try PageSketch.make(from: image) else { return nil }
        var best: PageEdges.Fit?
        for quad in PageLines.candidates(in: sketch) {
            guard let fit = PageEdges.fit(quad, in: sketch), plausible(fit.corners, sketch: sketch) else { continue }
            if best.map({ fit.score > $0.score }) ?? true { best = fit }
        }
        guard let best, best.score >= minScore else { return nil }
        let photo = best.corners.map(sketch.photoPoint)
        let orientation = try PageOrientation.quarterTurns(of: photo, in: image)
        let evidence = String(format: "page: score %.3f; step %.2f/%.2f/%.2f/%.2f; support %.0f/%.0f/%.0f/%.0f%%; up/down %.1f",
                              best.score, best.contrast[0], best.contrast[1], best.contrast[2], best.contrast[3],
                              best.support[0] * 100, best.support[1] * 100, best.support[2] * 100, best.support[3] * 100,
                              orientation.confidence)
        let share = min(1, PageGeometry.doubleArea(photo) / 2 / Double(image.width * image.height))
        return PermitPage(corners: turned(photo, by: orientation.quarterTurns), quarterTurns: orientation.quarterTurns,
                          photoShare: share, evidence: evidence, score: best.score)
    }

    /// The page's longer side in the photo, in pixels: rectifying to it neither enlarges nor
    /// reduces the text much (the perspective still does, a little, on the nearer side).
    public var naturalLongSide: Int {
        func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        let w = max(length(corners[0], corners[1]), length(corners[3], corners[2]))
        let h = max(length(corners[0], corners[3]), length(corners[1], corners[2]))
        return max(1, Int(max(w, h).rounded()))
    }

    /// The page cut out of `image` and rectified to a rectangle (perspective undone, upright),
    /// keeping the input's depth (colour stays colour), its longer side `longSide` pixels.
    public func rectified(_ image: Image, longSide: Int) throws -> Image {
        precondition(longSide > 0, "the rectified page needs a positive size")
        let size = Self.rectifiedSize(corners, longSide: longSide)
        return try image.projected(from: corners, width: size.width, height: size.height)
    }

    /// Whether `quad` (sketch coordinates, clockwise from the top-left) can be a page.
    static func plausible(_ quad: [SIMD2<Double>], sketch: PageSketch) -> Bool {
        let w = Double(sketch.width), h = Double(sketch.height)
        guard PageGeometry.doubleArea(quad) / 2 >= minArea * w * h else { return false }
        let mx = outsideMargin * w, my = outsideMargin * h
        guard quad.allSatisfy({ $0.x >= -mx && $0.x <= w - 1 + mx && $0.y >= -my && $0.y <= h - 1 + my }) else { return false }
        for i in 0..<4 {
            let p = quad[i], a = quad[(i + 3) % 4] - p, b = quad[(i + 1) % 4] - p
            let cos = (a * b).sum() / ((a * a).sum() * (b * b).sum()).squareRoot()
            guard cornerAngles.contains(acos(max(-1, min(1, cos))) * 180 / .pi) else { return false }
        }
        return true
    }

    /// The corners, clockwise from the photo's top-left, reordered for a page that `turns`
    /// clockwise quarter turns make upright: the upright page's top-left comes first.
    static func turned(_ photo: [SIMD2<Double>], by turns: Int) -> [SIMD2<Double>] {
        let shift = (4 - ((turns % 4) + 4) % 4) % 4
        return (0..<4).map { photo[($0 + shift) % 4] }
    }

    /// The rectified page's size for corners in upright order: its sides' mean lengths, snapped
    /// to A4 when close, scaled so the longer side is `longSide`.
    static func rectifiedSize(_ corners: [SIMD2<Double>], longSide: Int) -> (width: Int, height: Int) {
        func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        let w = (length(corners[0], corners[1]) + length(corners[3], corners[2])) / 2
        let h = (length(corners[0], corners[3]) + length(corners[1], corners[2])) / 2
        var aspect = max(0.2, min(5, h / max(1, w)))
        if abs(aspect / a4Aspect - 1) < aspectSnap { aspect = a4Aspect }
        if abs(aspect * a4Aspect - 1) < aspectSnap { aspect = 1 / a4Aspect }
        let long = Double(longSide)
        return aspect >= 1 ? (max(1, Int((long / aspect).rounded())), longSide) : (longSide, max(1, Int((long * aspect).rounded())))
    }
}
