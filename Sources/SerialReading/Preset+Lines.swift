import Imaging
import ReadingCore

extension Preset.Lines {
    /// The scale that brings a line's glyphs (found at `fit` of the photo) to the target height.
    func readFactor(_ line: TextLine, fit: Double) -> Double {
        max(0.2, min(8, Double(targetHeight) / max(1, line.glyphHeight / fit)))
    }

    /// A line's band as it is read: scaled by `factor` to the target height, then the
    /// preset's `read_variant`. A band flattened (`background_norm`) whose glyphs were found
    /// light on dark (`polarity`) is inverted first: the flattening takes the band's bright
    /// pixels for its ground and lifts them to white, and on such a band those are the glyphs
    /// (a row etched light on a dark case read `…TQMD6R` at 0.79 for `…T0MD6R`, etched 104811
    /// #41). The other variants treat both polarities alike, and the engine inverts by itself
    /// a line it reads badly.
    func readImage(_ band: Image, factor: Double, polarity: Polarity = .dark) throws(ImagingError) -> Image {
        let scaled = try band.scaled(by: factor)
        let variant = readVariant ?? .gray
        return try variant.apply(to: polarity == .light && variant == .backgroundNorm ? scaled.inverted() : scaled)
    }
}
