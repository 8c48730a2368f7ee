import CTesseract

extension Image {
    /// Reduced by an integer `factor`, each output pixel one sampled input pixel (no
    /// averaging): the cheapest reduction, for analysis that smooths afterwards.
    /// The corresponding C function is `pixScaleByIntSampling`.
    public func subsampled(by factor: Int) throws(ImagingError) -> Image {
        precondition(factor >= 1, "the sampling factor must be at least 1")
        if factor == 1 { return try copy() }
        return try Image.wrap(withUnsafePix { pixScaleByIntSampling($0, Int32(factor)) }, "subsample by \(factor)")
    }

    /// The image without its colour map (a palette PNG), as grey or colour pixels; itself when it
    /// has none. The corresponding C function is `pixRemoveColormap`.
    public func withoutColormap() throws(ImagingError) -> Image {
        guard withUnsafePix({ pixGetColormap($0) }) != nil else { return self }
        return try Image.wrap(withUnsafePix { pixRemoveColormap($0, Int32(REMOVE_CMAP_BASED_ON_SRC)) }, "remove the colour map")
    }
}
