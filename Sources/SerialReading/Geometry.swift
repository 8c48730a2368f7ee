import Imaging

/// Box arithmetic the stages share.
enum Geometry {
    /// Intersection over the smaller box.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y), x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return 0 }
        return Double((x1 - x0) * (y1 - y0)) / Double(max(1, min(a.width * a.height, b.width * b.height)))
    }
}
