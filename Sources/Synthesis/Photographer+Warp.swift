import Imaging

extension Photographer {
    /// How much the perspective warp that stretches `quad` (a quadrilateral of the `w × h`
    /// canvas) over the whole frame enlarges text at `box` (canvas pixels) vertically: the
    /// ratio of the box's height in the photo to its height on the canvas. Scene marks are
    /// measured on the canvas; the warp makes the side it brings nearer up to a third larger.
    static func warpMagnification(of box: Box, from quad: [SIMD2<Double>], width w: Double, height h: Double) -> Double {
        guard quad.count == 4, box.height > 0, w > 1, h > 1 else { return 1 }
        let map = Homography(unitSquareTo: quad)
        let x = box.x + box.width / 2
        let top = map.unmap([x, box.y]), bottom = map.unmap([x, box.maxY])
        let d = (bottom - top) * SIMD2(w - 1, h - 1)
        let scale = (d * d).sum().squareRoot() / box.height
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// Where canvas device points land in the final `width × height` (before turning) photo, in
    /// pixel-index coordinates (pixel centres at integers): through the perspective warp that
    /// stretched `quad` over the frame (`nil`: none), then `quarterTurns` clockwise turns.
    static func photoPoints(_ points: [SIMD2<Double>], warpedFrom quad: [SIMD2<Double>]?, width w: Int, height h: Int,
                            quarterTurns: Int) -> [SIMD2<Double>] {
        let map = quad.map { Homography(unitSquareTo: $0) }
        let size = SIMD2(Double(w - 1), Double(h - 1))
        return points.map { device in
            // A device coordinate counts pixel edges; the raster's warp works on pixel centres.
            var p = device - 0.5
            if let map { p = map.unmap(p) * size }
            switch ((quarterTurns % 4) + 4) % 4 {
            case 1: return [Double(h - 1) - p.y, p.x]
            case 2: return [Double(w - 1) - p.x, Double(h - 1) - p.y]
            case 3: return [p.y, Double(w - 1) - p.x]
            default: return p
            }
        }
    }
}
