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
}
