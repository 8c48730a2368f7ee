import Foundation

/// A straight line `normal · p = offset` with a unit `normal`.
struct PageLine: Sendable, Equatable {
    var normal: SIMD2<Double>
    var offset: Double

    /// The signed distance of `p` from the line (positive on the side `normal` points to).
    func distance(_ p: SIMD2<Double>) -> Double { (normal * p).sum() - offset }

    /// The total-least-squares line through `points` (at least two, not all equal).
    static func fitted(_ points: [SIMD2<Double>]) -> PageLine? {
        guard points.count >= 2 else { return nil }
        let mean = points.reduce(SIMD2<Double>.zero, +) / Double(points.count)
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            let d = p - mean
            sxx += d.x * d.x; sxy += d.x * d.y; syy += d.y * d.y
        }
        // The direction of largest spread; the normal is across it.
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        guard sxx + syy > 0 else { return nil }
        let normal = SIMD2(-sin(angle), cos(angle))
        return PageLine(normal: normal, offset: (normal * mean).sum())
    }

    /// Where two lines cross; `nil` when they are (nearly) parallel.
    func intersection(_ o: PageLine) -> SIMD2<Double>? {
        let det = normal.x * o.normal.y - normal.y * o.normal.x
        guard abs(det) > 1e-6 else { return nil }
        return [(offset * o.normal.y - normal.y * o.offset) / det, (normal.x * o.offset - offset * o.normal.x) / det]
    }
}

/// Plane geometry of the page outline.
enum PageGeometry {
    /// Twice the signed area of `polygon` (positive when clockwise in image coordinates, y down).
    static func doubleArea(_ polygon: [SIMD2<Double>]) -> Double {
        var a = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            a += p.x * q.y - q.x * p.y
        }
        return a
    }

    /// The corners of a convex quadrilateral reordered clockwise from the one nearest the
    /// image's top-left (smallest x + y).
    static func clockwiseFromTopLeft(_ quad: [SIMD2<Double>]) -> [SIMD2<Double>] {
        let centre = quad.reduce(SIMD2<Double>.zero, +) / Double(quad.count)
        // atan2 grows clockwise on screen (y down).
        let around = quad.sorted { atan2($0.y - centre.y, $0.x - centre.x) < atan2($1.y - centre.y, $1.x - centre.x) }
        let start = around.indices.min { (around[$0].x + around[$0].y) < (around[$1].x + around[$1].y) } ?? 0
        return (0..<around.count).map { around[(start + $0) % around.count] }
    }
}
