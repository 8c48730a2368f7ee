import Foundation
import Imaging

/// The labelled text of a generated image cut out for a person to read: upright, with a margin,
/// enlarged so that its capitals stand `capHeight` pixels tall, in grey. A check of the
/// legibility bounds (`RenderFacts.Bound`) by eye reads these crops without their labels.
public enum TextCrop {
    /// Around the text's box, this many of its cap heights of margin on each side.
    static let margin = 1.0

    /// The crop of `sample`'s labelled text, or `nil` when it shows none (negatives, documents
    /// without a number).
    public static func make(_ sample: GeneratedSample, capHeight: Double = 40) throws(ImagingError) -> Image? {
        let c = sample.textCorners, glyphPixels = sample.textGlyphPixels
        guard c.count == 4, glyphPixels > 0 else { return nil }
        // The box's own axes: along the text (top-left → top-right) and down it (top-left →
        // bottom-left), each corner pushed out by the margin along both.
        func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
        func unit(_ v: SIMD2<Double>) -> SIMD2<Double> { length(v) > 0 ? v / length(v) : .zero }
        let along = unit(c[1] - c[0]), down = unit(c[3] - c[0])
        let m = margin * glyphPixels
        let quad = [c[0] - m * along - m * down, c[1] + m * along - m * down,
                    c[2] + m * along + m * down, c[3] - m * along + m * down]
        let zoom = capHeight / glyphPixels
        let width = max(8, Int((length(quad[1] - quad[0]) * zoom).rounded()))
        let height = max(8, Int((length(quad[3] - quad[0]) * zoom).rounded()))
        let image = try Image(data: sample.jpeg)
        return try image.grayscale().projected(from: quad, width: min(width, 4000), height: min(height, 1000))
    }
}
