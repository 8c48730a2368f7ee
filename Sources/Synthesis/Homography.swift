/// The projective map of the unit square onto a quadrilateral (Heckbert's square-to-quad):
/// (u, v) ↦ ((a·u + b·v + c) / w, (d·u + e·v + f) / w) with w = g·u + h·v + 1, the corners
/// (0,0), (1,0), (1,1), (0,1) going to the quad's first to fourth points.
struct Homography {
    var a, b, c, d, e, f, g, h: Double

    /// The map taking the unit square's corners to `q`'s four points, in order.
    init(unitSquareTo q: [SIMD2<Double>]) {
        precondition(q.count == 4, "a homography needs four corners")
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
    func map(_ u: Double, _ v: Double) -> SIMD2<Double> {
        let w = g * u + h * v + 1
        return [(a * u + b * v + c) / w, (d * u + e * v + f) / w]
    }

    /// The (u, v) that lands on `p`: the inverse map (the adjugate of the 3 × 3 matrix).
    func unmap(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let A = e - f * h, B = f * g - d, C = d * h - e * g
        let D = c * h - b, E = a - c * g, F = b * g - a * h
        let G = b * f - c * e, H = c * d - a * f, I = a * e - b * d
        let w = C * p.x + F * p.y + I
        return [(A * p.x + D * p.y + G) / w, (B * p.x + E * p.y + H) / w]
    }
}
