import Foundation

/// Finds the paper from its four straight edges: a Hough transform of the sketch's
/// dark-to-bright gradients, each pixel voting only near its own gradient direction (so a side
/// knows which way is inside), the strongest lines of each side's direction, and the
/// combination of one line per side whose quadrilateral is best supported by steps along it.
struct PageLines {
    /// Pixels with a log-grey gradient below this (per sketch pixel) do not vote. The paper's
    /// edge measures 0.1–0.5, down to ~0.02 on a white desk (at a 0.02 threshold its faintest
    /// sides cast no vote at all); a shadow's soft border as much, but being a local maximum
    /// across the edge thins it and it rarely outlines a quadrilateral.
    static let minGradient: Float = 0.01
    /// A vote is capped at this gradient so a very contrasted texture (wood grain) cannot
    /// outvote a long faint edge.
    static let voteCap: Float = 0.15
    /// Angle bins of one degree; each pixel votes within ± this many of its gradient direction.
    static let angleSpread = 2
    /// A side's inward normal lies within this many degrees of its axis direction: tilt ±7°,
    /// perspective up to ~12 % (~10° on a side), the sheet's own turn and margin. A page turned
    /// ~45° in the photo is not found (the caller then reads the whole photo).
    static let sideWindow = 30
    /// Lines kept per side; 4⁴ combinations are scored.
    static let linesPerSide = 4
    /// Probes per side when scoring a combination.
    static let scoreProbes = 16

    /// The best-supported quadrilaterals (sketch coordinates), best first.
    static func candidates(in sketch: PageSketch, keep: Int = 3) -> [[SIMD2<Double>]] {
        let w = sketch.width, h = sketch.height, v = sketch.values
        let maxRho = Int((Double(w * w + h * h)).squareRoot()) + 1
        let rhoBins = 2 * maxRho + 1
        var acc = [Float](repeating: 0, count: 360 * rhoBins)
        let cosT = (0..<360).map { cos(Double($0) * .pi / 180) }, sinT = (0..<360).map { sin(Double($0) * .pi / 180) }
        // Gradients by central differences; votes from local maxima along the gradient.
        var gx = [Float](repeating: 0, count: w * h), gy = gx, mag = gx
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                gx[i] = (v[i + 1] - v[i - 1]) / 2
                gy[i] = (v[i + w] - v[i - w]) / 2
                mag[i] = (gx[i] * gx[i] + gy[i] * gy[i]).squareRoot()
            }
        }
        for y in 2..<(h - 2) {
            for x in 2..<(w - 2) {
                let i = y * w + x, m = mag[i]
                guard m >= minGradient else { continue }
                // Thin: keep the maximum across the edge (nearest of 4 directions).
                let ax = abs(gx[i]), ay = abs(gy[i])
                let step = ax > 2 * ay ? 1 : (ay > 2 * ax ? w : (gx[i] * gy[i] > 0 ? w + 1 : w - 1))
                guard m >= mag[i - step], m > mag[i + step] else { continue }
                // The gradient points from dark to bright: into the paper.
                var theta = Int((atan2(Double(gy[i]), Double(gx[i])) * 180 / .pi).rounded())
                if theta < 0 { theta += 360 }
                let vote = min(m, voteCap)
                for d in -angleSpread...angleSpread {
                    let t = (theta + d + 360) % 360
                    let rho = Int((Double(x) * cosT[t] + Double(y) * sinT[t]).rounded()) + maxRho
                    acc[t * rhoBins + rho] += vote
                }
            }
        }
        // Inward normals: left side points right (0°), top down (90°), right left (180°), bottom up (270°).
        let sides = [90, 180, 270, 0].map { axis in peaks(acc, rhoBins: rhoBins, maxRho: maxRho, around: axis) }
        guard sides.allSatisfy({ !$0.isEmpty }) else { return [] }
        var scored: [(score: Double, quad: [SIMD2<Double>])] = []
        for top in sides[0] {
            for right in sides[1] {
                for bottom in sides[2] {
                    for left in sides[3] {
                        guard let quad = corners([top, right, bottom, left]) else { continue }
                        let s = score(quad, in: sketch)
                        if s > 0 { scored.append((s, quad)) }
                    }
                }
            }
        }
        return scored.sorted { $0.score > $1.score }.prefix(keep).map(\.quad)
    }

    /// The strongest lines whose normal angle lies within `sideWindow` of `axis`, as
    /// `PageLine`s with the normal pointing into the paper.
    static func peaks(_ acc: [Float], rhoBins: Int, maxRho: Int, around axis: Int) -> [PageLine] {
        var found: [PageLine] = []
        var taken: [(Int, Int)] = []
        for _ in 0..<linesPerSide {
            var best: Float = 0, bestT = 0, bestR = 0
            for d in -sideWindow...sideWindow {
                let t = (axis + d + 360) % 360
                let row = t * rhoBins
                for r in 0..<rhoBins where acc[row + r] > best {
                    // Not next to a line already taken (the same edge, one bin over).
                    if taken.contains(where: { abs(angleGap($0.0, t)) <= 4 && abs($0.1 - r) <= 6 }) { continue }
                    best = acc[row + r]; bestT = t; bestR = r
                }
            }
            guard best > 0 else { break }
            taken.append((bestT, bestR))
            let a = Double(bestT) * .pi / 180
            found.append(PageLine(normal: [cos(a), sin(a)], offset: Double(bestR - maxRho)))
        }
        return found
    }

    /// The difference between two angles in degrees, 0...180.
    static func angleGap(_ a: Int, _ b: Int) -> Int {
        let d = abs(a - b) % 360
        return min(d, 360 - d)
    }

    /// The quadrilateral of four lines (top, right, bottom, left), clockwise from the top-left.
    static func corners(_ lines: [PageLine]) -> [SIMD2<Double>]? {
        var out: [SIMD2<Double>] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(lines[i]) else { return nil }
            out.append(p)
        }
        return out
    }

    /// The weakest side's share of probes finding a dark-outside/bright-inside step, times its
    /// median step; 0 for a quadrilateral that is not convex and clockwise.
    static func score(_ quad: [SIMD2<Double>], in sketch: PageSketch) -> Double {
        guard PageGeometry.doubleArea(quad) > 0 else { return 0 }
        for i in 0..<4 {
            let a = quad[i], b = quad[(i + 1) % 4], c = quad[(i + 2) % 4]
            if (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) <= 0 { return 0 }
        }
        let centre = quad.reduce(SIMD2<Double>.zero, +) / 4
        var weakest = Double.infinity
        for i in 0..<4 {
            let a = quad[i], b = quad[(i + 1) % 4]
            let along = b - a
            let length = (along * along).sum().squareRoot()
            guard length > 8 else { return 0 }
            var inward = SIMD2(-along.y, along.x) / length
            if ((centre - a) * inward).sum() < 0 { inward = -inward }
            var steps: [Float] = []
            for k in 0..<scoreProbes {
                let p = a + along * (0.1 + 0.8 * Double(k) / Double(scoreProbes - 1))
                var best: Float = 0
                for s in [-1.0, 0, 1] {
                    if let inner = sketch.value(at: p + inward * (s + 1)), let outer = sketch.value(at: p + inward * (s - 1)) {
                        best = max(best, inner - outer)
                    }
                }
                if best >= PageEdges.minStep { steps.append(best) }
            }
            guard !steps.isEmpty else { return 0 }
            steps.sort()
            weakest = min(weakest, Double(steps[steps.count / 2]) * Double(steps.count) / Double(scoreProbes))
        }
        return weakest
    }
}
