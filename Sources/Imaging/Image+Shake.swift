import CTesseract
import Foundation

/// Camera shake seen in a photo: the hand moved while the shutter was open, and every edge
/// across that direction is smeared by the length of the move while edges along it stay sharp.
public struct CameraShake: Sendable, Equatable {
    /// The direction of the move, in degrees from the image's x axis towards its y axis (down),
    /// in [0, 180).
    public var angleDegrees: Double
    /// How much wider, in pixels, an edge across the move is than one along it: about 0.1–0.35
    /// for a photo held still (print is not the same in every direction), 0.5–0.85 for a move of
    /// 3–4 px on a photo otherwise in focus (phone captures of seed 104311).
    public var smear: Double
    /// How wide, in pixels, an edge along the move is (contrast over steepest slope): about
    /// 2.2–3.0 for a phone photo otherwise in focus, 3.0–3.4 for a flat capture defocused by
    /// 2 px. A defocused photo's widths differ by direction too (its thin strokes' edges run
    /// together): its smear is no shake.
    public var width: Double

    public init(angleDegrees: Double, smear: Double, width: Double) {
        self.angleDegrees = angleDegrees
        self.smear = smear
        self.width = width
    }

    /// How far the move's direction is from the direction `degrees` (any angle), modulo a half
    /// turn: 0–90°.
    public func degreesApart(from degrees: Double) -> Double {
        let d = abs(angleDegrees - degrees).truncatingRemainder(dividingBy: 180)
        return min(d, 180 - d)
    }
}

extension Image {
    /// The camera shake of this photo, measured from how wide its edges are in each direction;
    /// nil when too few edges are seen (a blank or very flat photo).
    ///
    /// An edge's width across it is its contrast over its steepest slope: for every pixel on a
    /// clear edge (its 9 × 9 neighbourhood spans at least `minContrast` grey levels, and its
    /// slope is at least a quarter of that over a pixel), the slope (Sobel) over the
    /// neighbourhood's span, binned by the edge's direction in 5° steps. The sharpest tenth of
    /// each bin gives that direction's width (a defocus widens every direction alike; thin
    /// strokes are discounted by taking the sharpest). A straight move of length L at angle θ
    /// widens an edge whose slope points at φ by about L·|cos(φ − θ)|: the widths are fitted by
    /// `w0 + smear · |cos(φ − θ)|` over θ in 2.5° steps, smear ≥ 0. Measured edge by edge,
    /// with each edge's own contrast, because the usual whole-image measures — the spectrum's
    /// zero lines, the autocorrelation of the derivative along each direction — follow the
    /// print's rows and columns: on the first 12 phone captures of seed 104311 they found 4 and
    /// 2 of 11 moves within 15°.
    public func cameraShake(minContrast: Int = 40) throws(ImagingError) -> CameraShake? {
        let g = depth == 8 ? self : try grayscale()
        let w = width, h = height
        guard w > 16, h > 16 else { return nil }
        let grey = try g.grayBytes()
        let high = try Image.wrap(g.withUnsafePix { pixDilateGray($0, 9, 9) }, "dilate the grey").grayBytes()
        let low = try Image.wrap(g.withUnsafePix { pixErodeGray($0, 9, 9) }, "erode the grey").grayBytes()
        let bins = 36, levels = 256, maxSharpness = 2.0
        // Per direction bin, a histogram of sharpness (slope over span) in [0, maxSharpness).
        var histogram = [Int](repeating: 0, count: bins * levels)
        var counts = [Int](repeating: 0, count: bins)
        grey.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i = y * w + x
                    let span = Int(high[i]) - Int(low[i])
                    guard span >= minContrast else { continue }
                    let a = Int(p[i - w - 1]), b = Int(p[i - w]), c = Int(p[i - w + 1])
                    let d = Int(p[i - 1]), f = Int(p[i + 1])
                    let gg = Int(p[i + w - 1]), hh = Int(p[i + w]), k = Int(p[i + w + 1])
                    let gx = Double((c + 2 * f + k) - (a + 2 * d + gg)) / 8
                    let gy = Double((gg + 2 * hh + k) - (a + 2 * b + c)) / 8
                    let slope = (gx * gx + gy * gy).squareRoot()
                    guard slope >= 0.25 * Double(span) else { continue }
                    var degrees = atan2(gy, gx) * 180 / .pi
                    if degrees < 0 { degrees += 180 }
                    let bin = min(bins - 1, Int(degrees / (180 / Double(bins))))
                    let level = min(levels - 1, Int(slope / Double(span) / maxSharpness * Double(levels)))
                    histogram[bin * levels + level] += 1
                    counts[bin] += 1
                }
            }
        }
        // Each bin's width: one over the sharpness its sharpest tenth reaches.
        var angles: [Double] = [], widths: [Double] = []
        for bin in 0..<bins where counts[bin] >= 50 {
            var above = 0, level = levels - 1
            while level > 0 {
                above += histogram[bin * levels + level]
                if Double(above) >= 0.1 * Double(counts[bin]) { break }
                level -= 1
            }
            let sharpness = (Double(level) + 0.5) / Double(levels) * maxSharpness
            angles.append((Double(bin) + 0.5) * 180 / Double(bins))
            widths.append(1 / sharpness)
        }
        guard angles.count >= bins / 2 else { return nil }
        var best: (residual: Double, shake: CameraShake)?
        var theta = 0.0
        while theta < 180 {
            let c = angles.map { abs(cos(($0 - theta) * .pi / 180)) }
            // Least squares of widths = w0 + smear · c.
            let n = Double(c.count)
            let mc = c.reduce(0, +) / n, mw = widths.reduce(0, +) / n
            var sxy = 0.0, sxx = 0.0
            for (x, y) in zip(c, widths) { sxy += (x - mc) * (y - mw); sxx += (x - mc) * (x - mc) }
            let smear = sxx > 0 ? sxy / sxx : 0
            if smear >= 0 {
                let w0 = mw - smear * mc
                let residual = zip(c, widths).reduce(0.0) { $0 + pow(w0 + smear * $1.0 - $1.1, 2) }
                if best == nil || residual < best!.residual {
                    best = (residual, CameraShake(angleDegrees: theta, smear: smear, width: w0))
                }
            }
            theta += 2.5
        }
        return best?.shake
    }
}
