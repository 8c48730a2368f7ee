import Foundation

/// Fits a rough page quadrilateral to the paper's edges: along each side, the strongest
/// dark-outside/bright-inside step across it, then a robust line through those steps, and the
/// corners where the lines meet. Also says how clearly each side is an edge.
struct PageEdges {
    /// A quadrilateral fitted to edges, in sketch coordinates, clockwise from the top-left.
    struct Fit {
        var corners: [SIMD2<Double>]
        /// Per side (top, right, bottom, left in the photo): the median log-grey step across it.
        var contrast: [Double]
        /// Per side: the share of probes that found a step on the fitted line.
        var support: [Double]

        /// The weakest side's evidence: its step times its support.
        var score: Double { zip(contrast, support).map { $0 * $1 }.min() ?? 0 }
    }

    /// Probes per side, spread over its middle (the corners' neighbourhoods are left out:
    /// blur rounds them and both sides' steps mix there).
    static let probes = 40
    static let probeSpan = 0.08...0.92
    /// How far across a rough side (sketch pixels) its edge is looked for.
    static let reach = 7.0
    /// The smallest log-grey step (over two sketch pixels) that counts as an edge: a white
    /// desk's faint edge steps 0.03–0.1, a dark table's 0.5–1.5.
    static let minStep: Float = 0.015
    /// Steps farther than this from the line (sketch pixels, after a first fit) are outliers:
    /// a hand's shadow edge, the text of a margin.
    static let outlier = 1.5

    /// Refines `quad` (sketch coordinates, any order) against the edges of `sketch`; `nil` when
    /// a side finds too few steps to fit a line.
    static func fit(_ quad: [SIMD2<Double>], in sketch: PageSketch, passes: Int = 2) -> Fit? {
        var corners = PageGeometry.clockwiseFromTopLeft(quad)
        var result: Fit?
        for pass in 0..<passes {
            var lines: [PageLine] = [], contrast: [Double] = [], support: [Double] = []
            let centre = corners.reduce(SIMD2<Double>.zero, +) / 4
            for index in 0..<4 {
                let a = corners[index], b = corners[(index + 1) % 4]
                guard let found = side(from: a, to: b, centre: centre, in: sketch, reach: pass == 0 ? reach : reach / 2) else { return nil }
                lines.append(found.line); contrast.append(found.contrast); support.append(found.support)
            }
            var fitted: [SIMD2<Double>] = []
            for i in 0..<4 {
                guard let p = lines[(i + 3) % 4].intersection(lines[i]) else { return nil }
                fitted.append(p)
            }
            corners = fitted
            result = Fit(corners: fitted, contrast: contrast, support: support)
        }
        return result
    }

    /// The edge along the side from `a` to `b`: its line, median step and support.
    static func side(from a: SIMD2<Double>, to b: SIMD2<Double>, centre: SIMD2<Double>, in sketch: PageSketch,
                     reach: Double) -> (line: PageLine, contrast: Double, support: Double)? {
        let along = b - a
        let length = (along * along).sum().squareRoot()
        guard length > 8 else { return nil }
        let dir = along / length
        var inward = SIMD2(-dir.y, dir.x)
        if ((centre - a) * inward).sum() < 0 { inward = -inward }
        var points: [SIMD2<Double>] = [], steps: [Float] = []
        for k in 0..<probes {
            let t = probeSpan.lowerBound + (probeSpan.upperBound - probeSpan.lowerBound) * Double(k) / Double(probes - 1)
            let base = a + along * t
            // Step across the edge over two sketch pixels, sampled every half pixel.
            var bestStep: Float = 0, bestS = 0.0
            var s = -reach
            var samples: [(Double, Float)] = []
            while s <= reach {
                if let inner = sketch.value(at: base + inward * (s + 1)), let outer = sketch.value(at: base + inward * (s - 1)) {
                    let d = inner - outer
                    samples.append((s, d))
                    if d > bestStep { bestStep = d; bestS = s }
                }
                s += 0.5
            }
            guard bestStep >= minStep else { continue }
            // Parabolic peak between the neighbouring samples.
            var offset = bestS
            if let i = samples.firstIndex(where: { $0.0 == bestS }), i > 0, i + 1 < samples.count {
                let l = Double(samples[i - 1].1), c = Double(bestStep), r = Double(samples[i + 1].1)
                let den = l - 2 * c + r
                if den < 0 { offset += 0.5 * 0.5 * (l - r) / den }
            }
            points.append(base + inward * offset)
            steps.append(bestStep)
        }
        guard points.count >= probes / 4, var line = PageLine.fitted(points) else { return nil }
        // One trimmed refit: drop the steps far from the first line.
        let kept = points.indices.filter { abs(line.distance(points[$0])) <= outlier }
        if kept.count >= probes / 4, let refit = PageLine.fitted(kept.map { points[$0] }) { line = refit }
        let keptSteps = kept.map { steps[$0] }.sorted()
        let median = keptSteps.isEmpty ? 0 : Double(keptSteps[keptSteps.count / 2])
        return (line, median, Double(kept.count) / Double(probes))
    }
}
