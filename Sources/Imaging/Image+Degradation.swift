import CTesseract

extension Image {
    /// Blurred by a box filter of half-width `halfWidth` pixels, applied twice from half-width 2
    /// on (close to a Gaussian of σ ≈ 0.8 × `halfWidth`); colour images are blurred per channel. Used to imitate
    /// camera defocus in synthetic data. The corresponding C function is `pixBlockconv`.
    public func defocused(halfWidth: Int) throws(ImagingError) -> Image {
        precondition(halfWidth >= 0, "blur half-width must not be negative")
        if halfWidth == 0 { return try copy() }
        let w = min(halfWidth, max(1, (min(width, height) - 1) / 2))
        let once = try boxBlurred(halfWidth: w)
        return w == 1 ? once : try once.boxBlurred(halfWidth: w)
    }

    /// The quadrilateral `source` (four corners in pixel coordinates: top-left, top-right,
    /// bottom-right, bottom-left) stretched onto the whole image: a camera's perspective
    /// (keystone) view. Points outside the image are filled with white.
    /// The corresponding C functions are `pixProjectivePta` and `pixProjectivePtaColor`.
    public func perspectiveWarped(source: [SIMD2<Double>]) throws(ImagingError) -> Image {
        precondition(source.count == 4, "a perspective warp needs exactly four source corners")
        guard let ptas = ptaCreate(4), let ptad = ptaCreate(4) else {
            throw ImagingError(.operationFailed, "could not allocate point arrays")
        }
        var s: UnsafeMutablePointer<PTA>? = ptas, d: UnsafeMutablePointer<PTA>? = ptad
        defer { ptaDestroy(&s); ptaDestroy(&d) }
        let w = Float(width - 1), h = Float(height - 1)
        for (p, q) in zip(source, [(0, 0), (w, 0), (w, h), (0, h)] as [(Float, Float)]) {
            ptaAddPt(ptas, Float(p.x), Float(p.y))
            ptaAddPt(ptad, q.0, q.1)
        }
        // pixProjectivePta maps the source points onto the destination points.
        return try Image.wrap(withUnsafePix { pixProjectivePta($0, ptad, ptas, Int32(L_BRING_IN_WHITE)) }, "warp the perspective")
    }
}
