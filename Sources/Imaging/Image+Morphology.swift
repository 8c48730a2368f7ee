import CTesseract

extension Image {
    /// Grey closing (dilation, then erosion) with a `size × size` brick: dark details narrower
    /// than `size` pixels (text, thin lines) are filled with the surrounding light grey.
    /// `size` is made odd. The corresponding C function is `pixCloseGray`.
    public func closedGray(size: Int) throws(ImagingError) -> Image {
        precondition(size >= 1, "the closing's size must be positive")
        let g = try depth == 8 ? self : grayscale()
        let k = size | 1
        if k == 1 { return try g.copy() }
        return try Image.wrap(g.withUnsafePix { pixCloseGray($0, Int32(k), Int32(k)) }, "close with a \(k)×\(k) brick")
    }
}
