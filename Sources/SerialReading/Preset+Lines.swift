import Imaging
import ReadingCore

extension Preset.Lines {
    /// The scale that brings a line's glyphs (found at `fit` of the photo) to the target height.
    func readFactor(_ line: TextLine, fit: Double) -> Double {
        max(0.2, min(8, Double(targetHeight) / max(1, line.glyphHeight / fit)))
    }

    /// A line's band as it is read: scaled by `factor` to the target height, then the
    /// preset's `read_variant`.
    func readImage(_ band: Image, factor: Double) throws(ImagingError) -> Image {
        try (readVariant ?? .gray).apply(to: band.scaled(by: factor))
    }
}
