import Foundation
import Imaging

/// One line of text found by `TextLineFinder`: its glyph boxes, baseline and glyph height.
public struct TextLine: Sendable, Hashable {
    /// Glyph boxes, left to right.
    public var glyphs: [PixelRect]
    /// Baseline `y = intercept + slope × x` (image coordinates, y down).
    public var slope: Double
    public var intercept: Double
    /// Height of the tall glyphs (capitals, digits), px.
    public var glyphHeight: Double

    /// Fits the baseline through the glyph bottoms (robustly: descenders and punctuation that
    /// sit off the baseline are dropped and the line refitted). `nil` for fewer than 2 glyphs.
    public init?(glyphs: [PixelRect]) {
        guard !glyphs.isEmpty else { return nil }
        self.glyphs = glyphs
        let heights = glyphs.map { Double($0.height) }.sorted()
        glyphHeight = heights[min(heights.count - 1, heights.count * 3 / 4)]
        var points = glyphs.map { (Double($0.x) + Double($0.width) / 2, Double($0.maxY)) }
        var fit = Self.leastSquares(points)
        for _ in 0..<2 {
            let tolerance = max(1.5, 0.2 * glyphHeight)
            let kept = points.filter { abs($0.1 - (fit.intercept + fit.slope * $0.0)) <= tolerance }
            guard kept.count >= max(2, points.count / 2), kept.count < points.count else { break }
            points = kept
            fit = Self.leastSquares(points)
        }
        slope = fit.slope
        intercept = fit.intercept
    }

    /// Glyphs on the line, a component merged by blur counting as many as its width holds.
    public var glyphCount: Int { Self.glyphCount(glyphs) }

    /// Glyphs in `boxes` (a line's or a word's), a component merged by blur counting as many
    /// as its width holds.
    public static func glyphCount(_ boxes: [PixelRect]) -> Int {
        boxes.reduce(0) { $0 + max(1, Int(Double($1.width) / (0.75 * Double(max(1, $1.height))))) }
    }

    public var minX: Int { glyphs.map(\.x).min() ?? 0 }
    public var maxX: Int { glyphs.map(\.maxX).max() ?? 0 }
    /// The baseline's height at `x`.
    public func baseline(at x: Double) -> Double { intercept + slope * x }
    /// The tilt in radians (positive: the line descends to the right).
    public var angle: Double { atan(slope) }

    /// A deskewed strip of `image` holding this line: the line's span plus `margin` glyph
    /// heights left and right, `padding` glyph heights above the capitals and below the baseline.
    /// `scale` maps this line's coordinates into `image` (the line may come from a smaller copy).
    public func band(from image: Image, scale: Double = 1, margin: Double = 1, padding: Double = 0.45) throws(ImagingError) -> Image {
        let h = glyphHeight * scale
        let x0 = Double(minX) * scale, x1 = Double(maxX) * scale
        let cx = (x0 + x1) / 2
        let cy = (baseline(at: (Double(minX) + Double(maxX)) / 2) - glyphHeight / 2) * scale
        let length = (x1 - x0) / cos(angle) + 2 * margin * h
        // An axis-aligned region around the line, big enough that rotating it leaves the strip
        // free of the filled-in corners; rotated about its centre, then the strip cut out.
        let halfW = length / 2 + h, halfH = abs(sin(angle)) * length / 2 + (1 + padding) * h + 2
        let region = PixelRect(x: Int((cx - halfW).rounded(.down)), y: Int((cy - halfH).rounded(.down)),
                               width: Int(2 * halfW) + 1, height: Int(2 * halfH) + 1)
        guard let clamped = region.clamped(width: image.width, height: image.height) else {
            throw ImagingError(.operationFailed, "the line lies outside the \(image.width)×\(image.height) image")
        }
        let crop = try image.cropped(to: clamped)
        let level = try crop.rotated(radians: -angle)
        // Where the line's centre went: rotation is about the crop's centre.
        let ox = Double(clamped.width) / 2, oy = Double(clamped.height) / 2
        let px = cx - Double(clamped.x) - ox, py = cy - Double(clamped.y) - oy
        let c = cos(-angle), s = sin(-angle)
        let mx = ox + c * px - s * py, my = oy + s * px + c * py
        let half = (0.5 + padding) * h
        let strip = PixelRect(x: Int(mx - length / 2), y: Int(my - half), width: Int(length), height: Int(2 * half) + 1)
        guard let inside = strip.clamped(width: level.width, height: level.height) else {
            throw ImagingError(.operationFailed, "the deskewed line fell outside its crop")
        }
        return try level.cropped(to: inside)
    }

    static func leastSquares(_ p: [(Double, Double)]) -> (slope: Double, intercept: Double) {
        let n = Double(p.count)
        let mx = p.map(\.0).reduce(0, +) / n, my = p.map(\.1).reduce(0, +) / n
        let sxx = p.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +)
        let sxy = p.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +)
        guard sxx > 1e-9 else { return (0, my) }
        // Capped at about 33°: chains of text tilted 25–30° are steep pieces whose slope tells
        // the pipeline how far to level the photo (a cap of 0.4 hid it).
        let slope = max(-0.65, min(0.65, sxy / sxx))
        return (slope, my - slope * mx)
    }
}
