import Foundation
import Imaging

/// Which way up the page lies in the photo: sideways or not from its shape (a permit is
/// portrait A4), upside down or not from its text (Leptonica's ascender count on a band of the
/// rectified page).
///
/// Measured on the phone permits of seed 5101 (56) turned 0–3 quarter turns: Leptonica's
/// `pixUpDownDetect` on the whole page rectified to 2000 px was right 224/224, at 1500 px
/// 217/224, at 1000 px 163/224 (the body's x-height drops below what it needs); on the band
/// below (2000 px) 441/444 over seeds 5101–5102, and half the cost. A narrower band (0.25–0.55)
/// lost 6 of 164 upside-down pages. Tesseract's OSD (`osd.traineddata`,
/// `TessBaseAPIDetectOrientationScript`) on the same rectified pages was right 51/112 times
/// (47 undecided) and took 135–180 ms a page, against ~15 ms here.
enum PageOrientation {
    /// Long side of the rectified grey page whose text is read: the body's x-height is then
    /// ~13 px, inside what the ascender count expects (150–300 ppi text).
    static let side = 2000.0
    /// The band of the page (share of its height) whose text decides; half the page is enough
    /// text and halves the cost. Upright it holds the title, the number and the body's start;
    /// upside down, the body.
    static let band = 0.2...0.7
    /// Below this confidence the page is left as it lies rather than turned upside down:
    /// photos are upright far more often. Over seeds 5101–5103 upright bands scored +1.9…+25,
    /// upside-down ones −22…−1.3 (one outlier at +5.6).
    static let minFlipConfidence = 1.0

    /// The clockwise quarter turns that make upright the page whose corners in the photo are
    /// `photo` (clockwise from the photo's top-left).
    static func quarterTurns(of photo: [SIMD2<Double>], in image: Image) throws -> (quarterTurns: Int, confidence: Double) {
        func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        let across = length(photo[0], photo[1]) + length(photo[3], photo[2])
        let down = length(photo[0], photo[3]) + length(photo[1], photo[2])
        // Sideways: read as if the page had been turned a quarter clockwise (its top-left at the
        // photo's top-right); three more turns make it upright.
        let base = across > down ? 3 : 0
        let corners = PermitPage.turned(photo, by: base)
        let size = PermitPage.rectifiedSize(corners, longSide: Int(side))
        let map = ProjectiveMap(unitSquareTo: corners)
        let strip = [map.map(0, band.lowerBound), map.map(1, band.lowerBound), map.map(1, band.upperBound), map.map(0, band.upperBound)]
        let height = max(1, Int((Double(size.height) * (band.upperBound - band.lowerBound)).rounded()))
        // Only the band's part of the photo is turned grey.
        let xs = strip.map(\.x), ys = strip.map(\.y)
        let x0 = Int((xs.min() ?? 0).rounded(.down)) - 1, y0 = Int((ys.min() ?? 0).rounded(.down)) - 1
        let box = PixelRect(x: x0, y: y0, width: Int((xs.max() ?? 0).rounded(.up)) + 2 - x0, height: Int((ys.max() ?? 0).rounded(.up)) + 2 - y0)
        guard let inside = box.clamped(width: image.width, height: image.height) else { return (base, 0) }
        let local = strip.map { $0 - SIMD2(Double(inside.x), Double(inside.y)) }
        let grey = try image.cropped(to: inside).grayscale().projected(from: local, width: size.width, height: height)
        let confidence = try grey.upDownConfidence()
        return (confidence < -minFlipConfidence ? (base + 2) % 4 : base, confidence)
    }
}
