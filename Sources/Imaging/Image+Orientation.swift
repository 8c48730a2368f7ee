import CTesseract

extension Image {
    /// How surely the text of this page is right side up rather than upside down: Leptonica's
    /// normalised difference between ascenders pointing up and down (positive: upright; beyond
    /// ±5 the sign is nearly certain; 0 when there are too few letters to tell). Expects Roman
    /// text at 150–300 ppi; a grey or colour image is binarised first (Otsu per tile).
    /// The corresponding C function is `pixUpDownDetect`.
    public func upDownConfidence() throws(ImagingError) -> Double {
        let binary = try depth == 1 ? self : binarized(.otsu)
        var conf: Float = 0
        let rc = binary.withUnsafePix { pixUpDownDetect($0, &conf, 0, 0, 0) }
        guard rc == 0 else { throw ImagingError(.operationFailed, "Leptonica could not measure the text's orientation") }
        return Double(conf)
    }
}
