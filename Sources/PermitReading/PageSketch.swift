import Foundation
import Imaging

/// The photo reduced for page finding: a small copy, text closed away, in log grey levels.
///
/// Light multiplies: in log units a shadow or a vignette is a soft slope and the paper's edge a
/// step of the same height whatever the light falling on it.
struct PageSketch {
    let width: Int, height: Int
    /// log(grey + 1), row-major.
    let values: [Float]
    /// Photo pixels per sketch pixel.
    let factor: Int

    /// Long side of the sketch (at least; the photo is sampled every `long side / 400` pixels).
    /// At 400 px an A4 page filling half the photo is ~250 px wide: its edges are fitted to a
    /// fraction of a sketch pixel (≈ 0.15 % of the page's diagonal), and a sketch costs ~3 ms.
    static let side = 400.0
    /// Side of the grey closing that removes the text: body text is ~5 sketch px tall and the
    /// title ~8; the page's own edges, straight, are unchanged by a closing.
    static let closing = 9
    /// A photo whose short side would be smaller than this in the sketch holds no page worth
    /// finding (and leaves too few pixels to fit its edges).
    static let minSketchSide = 48

    /// Reduces `image` (colour or grey) to a sketch; `nil` for an image too small or too thin.
    /// Colour photos are turned grey by their luminance. Their darkest channel (paper is bright
    /// in all three, wood or cloth dark in one) was tried: it missed 5 and 6 of 168 permits in
    /// the phone and flat dev photos where the luminance misses 2 and 2 (its noise is the
    /// blue channel's).
    static func make(from image: Image) throws -> PageSketch? {
        // Sampling (no averaging) is a twentieth of the cost of a smooth reduction; the closing
        // and the blur below do the smoothing.
        let factor = max(1, Int(Double(max(image.width, image.height)) / side))
        guard min(image.width, image.height) / factor >= minSketchSide else { return nil }
        let grey = try image.subsampled(by: factor).grayscale()
        let closed = try grey.closedGray(size: closing).boxBlurred(halfWidth: 1)
        let bytes = try closed.grayBytes()
        let table = (0..<256).map { Float(log(Double($0) + 1)) }
        return PageSketch(width: closed.width, height: closed.height, values: bytes.map { table[Int($0)] }, factor: factor)
    }

    /// The value at `p` (sketch pixel centres at integers), bilinear; `nil` outside.
    func value(at p: SIMD2<Double>) -> Float? {
        guard p.x >= 0, p.y >= 0, p.x <= Double(width - 1), p.y <= Double(height - 1) else { return nil }
        let x0 = min(Int(p.x), width - 2), y0 = min(Int(p.y), height - 2)
        let fx = Float(p.x - Double(x0)), fy = Float(p.y - Double(y0))
        let i = y0 * width + x0
        let top = values[i] + (values[i + 1] - values[i]) * fx
        let bottom = values[i + width] + (values[i + width + 1] - values[i + width]) * fx
        return top + (bottom - top) * fy
    }

    /// A sketch point in photo pixel coordinates (pixel centres at integers). Leptonica samples
    /// photo pixel (factor·x, factor·y) for sketch pixel (x, y): the found corners' mean signed
    /// error is −0.1 px across and −0.2 px down.
    func photoPoint(_ p: SIMD2<Double>) -> SIMD2<Double> { p * Double(factor) }
}
