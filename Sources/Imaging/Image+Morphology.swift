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

    /// Grey dilation with a `size × size` brick: each pixel the lightest of its neighbourhood,
    /// so dark strokes lose a pixel or so on each side (bold, blurred print thinned, the gaps
    /// between its glyphs opened). `size` is made odd. The corresponding C function is
    /// `pixDilateGray`.
    public func dilatedGray(size: Int) throws(ImagingError) -> Image {
        precondition(size >= 1, "the dilation's size must be positive")
        let g = try depth == 8 ? self : grayscale()
        let k = size | 1
        if k == 1 { return try g.copy() }
        return try Image.wrap(g.withUnsafePix { pixDilateGray($0, Int32(k), Int32(k)) }, "dilate with a \(k)×\(k) brick")
    }
}
