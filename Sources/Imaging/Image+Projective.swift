import CTesseract
import Foundation

extension Image {
    /// The same warp as `perspectiveWarped(source:)` — the quadrilateral `source` (top-left,
    /// top-right, bottom-right, bottom-left corners, pixel coordinates) stretched onto the whole
    /// image, points outside the image white — computed here in fixed point, several times
    /// faster than Leptonica's `pixProjectiveColor`, which maps every pixel in floating point and
    /// interpolates channel by channel. Bilinear, two channels per 32-bit multiply. Images that
    /// are not 32-bit go to `perspectiveWarped(source:)`.
    public func projected(source: [SIMD2<Double>]) throws(ImagingError) -> Image {
        precondition(source.count == 4, "a perspective warp needs exactly four source corners")
        guard depth == 32, width > 1, height > 1 else { return try perspectiveWarped(source: source) }
        // Every pixel is written below: no need to zero the copy first.
        let out = try Image.wrap(withUnsafePix { pixCreateTemplateNoInit($0) }, "allocate a warped copy")
        let (src, dst, wpl) = withUnsafePix { s in out.withUnsafePix { d in (pixGetData(s), pixGetData(d), Int(pixGetWpl(s))) } }
        guard let src, let dst else { throw ImagingError(.operationFailed, "Leptonica image has no pixel data") }
        let h = Homography(unitSquareTo: source)
        let w = width, ht = height
        withExtendedLifetime((self, out)) {
            let du = 1 / Double(w - 1), dv = 1 / Double(ht - 1)
            // Source positions in 16.16 fixed point, exact every `span` pixels and linear in
            // between: over 16 pixels a camera's projective map strays from a straight line by
            // thousandths of a pixel, and the inner loop needs no division.
            let span = 16
            let limitX = (w - 1) << 16, limitY = (ht - 1) << 16
            func fixed(_ x: Int, _ v: Double) -> (x: Int, y: Int) {
                let p = h.map(Double(x) * du, v)
                // Points at or beyond the horizon are clamped far outside (painted white).
                func clamp(_ c: Double) -> Int { c.isFinite ? Int((min(max(c, -1e6), 1e6) * 65536).rounded()) : -1 << 40 }
                return (clamp(p.x), clamp(p.y))
            }
            for y in 0..<ht {
                let v = Double(y) * dv
                let row = dst + y * wpl
                var x0 = 0
                var a = fixed(0, v)
                while x0 < w {
                    let x1 = min(w - 1, x0 + span), n = max(1, x1 - x0)
                    let b = fixed(x1, v)
                    let stepX = (b.x - a.x) / n, stepY = (b.y - a.y) / n
                    var sx = a.x, sy = a.y
                    for x in x0..<(x1 == w - 1 ? w : x1) {
                        if sx >= 0 && sy >= 0 && sx <= limitX && sy <= limitY {
                            let ix = sx &>> 16, iy = sy &>> 16
                            let dx = ix < w &- 1 ? 1 : 0, dy = iy < ht &- 1 ? wpl : 0
                            let p = src + (iy &* wpl &+ ix)
                            row[x] = Self.bilinear(p[0], p[dx], p[dy], p[dy &+ dx], UInt32(truncatingIfNeeded: (sx &>> 8) & 255),
                                                   UInt32(truncatingIfNeeded: (sy &>> 8) & 255))
                        } else {
                            row[x] = 0xFFFF_FF00
                        }
                        sx &+= stepX; sy &+= stepY
                    }
                    x0 = x1 == w - 1 ? w : x1
                    a = b
                }
            }
        }
        return out
    }

    /// Mixes four 0xRRGGBBAA pixels (top-left, top-right, bottom-left, bottom-right) with weights
    /// `fx`, `fy` in 1/256: R with B and G with A share a word, each lane 16 bits wide.
    @inline(__always)
    private static func bilinear(_ p00: UInt32, _ p01: UInt32, _ p10: UInt32, _ p11: UInt32, _ fx: UInt32, _ fy: UInt32) -> UInt32 {
        let gx = 256 - fx, gy = 256 - fy
        let m: UInt32 = 0x00FF_00FF
        let topRB = (((p00 >> 8) & m) &* gx &+ ((p01 >> 8) & m) &* fx) >> 8 & m
        let bottomRB = (((p10 >> 8) & m) &* gx &+ ((p11 >> 8) & m) &* fx) >> 8 & m
        let topGA = ((p00 & m) &* gx &+ (p01 & m) &* fx) >> 8 & m
        let bottomGA = ((p10 & m) &* gx &+ (p11 & m) &* fx) >> 8 & m
        let rb = (topRB &* gy &+ bottomRB &* fy) >> 8 & m
        let ga = (topGA &* gy &+ bottomGA &* fy) >> 8 & m
        return (rb << 8) | (ga & 0x00FF_0000)
    }
}

/// The projective map of the unit square onto a quadrilateral (Heckbert's square-to-quad):
/// (u, v) ↦ ((a·u + b·v + c) / w, (d·u + e·v + f) / w) with w = g·u + h·v + 1, the corners
/// (0,0), (1,0), (1,1), (0,1) going to the quad's first to fourth points.
package struct Homography {
    package var a, b, c, d, e, f, g, h: Double

    /// The map taking the unit square's corners to `q`'s four points, in order.
    package init(unitSquareTo q: [SIMD2<Double>]) {
        let (p0, p1, p2, p3) = (q[0], q[1], q[2], q[3])
        let d1 = p1 - p2, d2 = p3 - p2, d3 = p0 - p1 + p2 - p3
        if abs(d3.x) < 1e-12 && abs(d3.y) < 1e-12 {
            g = 0; h = 0
        } else {
            let den = d1.x * d2.y - d2.x * d1.y
            g = (d3.x * d2.y - d2.x * d3.y) / den
            h = (d1.x * d3.y - d3.x * d1.y) / den
        }
        a = p1.x - p0.x + g * p1.x; b = p3.x - p0.x + h * p3.x; c = p0.x
        d = p1.y - p0.y + g * p1.y; e = p3.y - p0.y + h * p3.y; f = p0.y
    }

    /// Where (u, v) of the unit square lands.
    package func map(_ u: Double, _ v: Double) -> SIMD2<Double> {
        let w = g * u + h * v + 1
        return [(a * u + b * v + c) / w, (d * u + e * v + f) / w]
    }

    /// The (u, v) that lands on `p`: the inverse map (the adjugate of the 3 × 3 matrix).
    package func unmap(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let A = e - f * h, B = f * g - d, C = d * h - e * g
        let D = c * h - b, E = a - c * g, F = b * g - a * h
        let G = b * f - c * e, H = c * d - a * f, I = a * e - b * d
        let w = C * p.x + F * p.y + I
        return [(A * p.x + D * p.y + G) / w, (B * p.x + E * p.y + H) / w]
    }
}
