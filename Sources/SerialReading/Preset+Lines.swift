import ReadingCore

extension Preset.Lines {
    /// The scale that brings a line's glyphs (found at `fit` of the photo) to the target height.
    func readFactor(_ line: TextLine, fit: Double) -> Double {
        max(0.2, min(8, Double(targetHeight) / max(1, line.glyphHeight / fit)))
    }
}
