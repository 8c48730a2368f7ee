import CTesseract

/// An axis-aligned rectangle in pixel coordinates (origin top-left).
public struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// The rectangle intersected with `0..<w × 0..<h`; `nil` when nothing is left.
    public func clamped(width w: Int, height h: Int) -> PixelRect? {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(w, x + width), y1 = min(h, y + height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// Grown by `dx`, `dy` on each side.
    public func insetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// Binarisation methods offered by the preprocessing chain.
public enum Binarization: String, Sendable, Codable, CaseIterable {
    case none, sauvola, otsu
}

extension Image {
    /// 8-bit greyscale copy (colour averaged, colour maps removed).
    /// The corresponding C function is `pixConvertTo8`.
    public func grayscale() throws(ImagingError) -> Image {
        if depth == 8 { return try copy() }
        return try Image.wrap(withUnsafePix { pixConvertTo8($0, 0) }, "convert to 8-bit grey")
    }

    /// A deep copy. The corresponding C function is `pixCopy`.
    public func copy() throws(ImagingError) -> Image {
        try Image.wrap(withUnsafePix { pixCopy(nil, $0) }, "copy the image")
    }

    /// Scaled by `factor` (smooth for greyscale). The corresponding C function is `pixScale`.
    public func scaled(by factor: Double) throws(ImagingError) -> Image {
        precondition(factor > 0, "scale factor must be positive")
        if abs(factor - 1) < 1e-6 { return try copy() }
        return try Image.wrap(withUnsafePix { pixScale($0, Float(factor), Float(factor)) }, "scale by \(factor)")
    }

    /// Rotated by a multiple of 90° clockwise. The corresponding C function is `pixRotateOrth`.
    public func rotated(quarterTurns: Int) throws(ImagingError) -> Image {
        let q = ((quarterTurns % 4) + 4) % 4
        if q == 0 { return try copy() }
        return try Image.wrap(withUnsafePix { pixRotateOrth($0, Int32(q)) }, "rotate by \(q * 90)°")
    }

    /// Rotated by `radians` (clockwise positive) about the image centre, corners filled with
    /// white: the same size, or with `whole` on a canvas large enough that no part of the image
    /// is cut off. The corresponding C function is `pixRotate` (area-map interpolation).
    public func rotated(radians: Double, whole: Bool = false) throws(ImagingError) -> Image {
        if abs(radians) < 1e-4 { return try copy() }
        let (w, h) = whole ? (Int32(width), Int32(height)) : (0, 0)
        return try Image.wrap(withUnsafePix { pixRotate($0, Float(radians), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), w, h) },
                              "rotate by \(radians) rad")
    }

    /// The part of the image inside `rect`, clamped to the image.
    /// The corresponding C function is `pixClipRectangle`.
    public func cropped(to rect: PixelRect) throws(ImagingError) -> Image {
        guard let r = rect.clamped(width: width, height: height) else {
            throw ImagingError(.operationFailed, "crop \(rect) lies outside the \(width)×\(height) image")
        }
        guard let box = boxCreate(Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height)) else {
            throw ImagingError(.operationFailed, "could not allocate a box")
        }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        return try Image.wrap(withUnsafePix { pixClipRectangle($0, box, nil) }, "crop to \(r)")
    }

    /// A copy with `rect` (clamped) painted in one grey level, for blanking out neighbouring
    /// text next to a crop. The corresponding C function is `pixSetInRectArbitrary`.
    public func filled(_ rect: PixelRect, gray value: UInt8) throws(ImagingError) -> Image {
        let out = try copy()
        guard let r = rect.clamped(width: width, height: height) else { return out }
        guard let box = boxCreate(Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height)) else {
            throw ImagingError(.operationFailed, "could not allocate a box")
        }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        let rc = out.withUnsafePix { pixSetInRectArbitrary($0, box, UInt32(value)) }
        guard rc == 0 else { throw ImagingError(.operationFailed, "could not fill \(r)") }
        return out
    }

    /// Colours inverted (dark text on light background ↔ light on dark).
    public func inverted() throws(ImagingError) -> Image {
        try Image.wrap(withUnsafePix { pixInvert(nil, $0) }, "invert")
    }

    /// Black below grey `threshold`, white from it up, as an 8-bit image: a global threshold,
    /// for a small crop lit evenly. The corresponding C function is `pixThresholdToBinary`.
    public func thresholded(at threshold: Int) throws(ImagingError) -> Image {
        let g = try grayscale()
        let level = max(1, min(255, threshold))
        let binary = try Image.wrap(g.withUnsafePix { pixThresholdToBinary($0, Int32(level)) }, "threshold at grey \(level)")
        return try binary.grayscale()
    }

    /// Background flattened to white-ish (uneven lighting removed) for an 8-bit image.
    /// The corresponding C function is `pixBackgroundNormSimple`.
    public func backgroundNormalized() throws(ImagingError) -> Image {
        let g = try grayscale()
        return try Image.wrap(g.withUnsafePix { pixBackgroundNormSimple($0, nil, nil) }, "normalise the background")
    }

    /// Local contrast stretched in tiles. The corresponding C function is `pixContrastNorm`.
    public func contrastNormalized(tile: Int = 30, minDiff: Int = 25) throws(ImagingError) -> Image {
        let g = try grayscale()
        let w = max(5, min(tile, g.width / 2)), h = max(5, min(tile, g.height / 2))
        return try Image.wrap(g.withUnsafePix { pixContrastNorm(nil, $0, Int32(w), Int32(h), Int32(minDiff), 2, 2) }, "normalise contrast")
    }

    /// Each pixel the mean of the `(2 × halfWidth + 1)`² square around it (normalised at the
    /// borders). The corresponding C function is `pixBlockconv`.
    public func boxBlurred(halfWidth: Int) throws(ImagingError) -> Image {
        precondition(halfWidth >= 0, "box half-width must not be negative")
        let w = min(halfWidth, max(0, (min(width, height) - 1) / 2))
        if w == 0 { return try copy() }
        return try Image.wrap(withUnsafePix { pixBlockconv($0, Int32(w), Int32(w)) }, "box blur with half-width \(w)")
    }

    /// Sharpened with an unsharp mask. The corresponding C function is `pixUnsharpMasking`.
    public func sharpened(halfWidth: Int = 1, amount: Double = 0.5) throws(ImagingError) -> Image {
        try Image.wrap(withUnsafePix { pixUnsharpMasking($0, Int32(halfWidth), Float(amount)) }, "sharpen")
    }

    /// A 1-bit image. Sauvola adapts per pixel (uneven light); Otsu per tile.
    /// The corresponding C functions are `pixSauvolaBinarizeTiled` and `pixOtsuAdaptiveThreshold`.
    public func binarized(_ method: Binarization, windowHalfSize: Int = 15, factor: Double = 0.34) throws(ImagingError) -> Image {
        let g = try grayscale()
        switch method {
        case .none:
            return g
        case .sauvola:
            let whs = max(2, min(windowHalfSize, (min(g.width, g.height) - 3) / 2))
            var out: UnsafeMutablePointer<PIX>? = nil
            let rc = g.withUnsafePix { pixSauvolaBinarizeTiled($0, Int32(whs), Float(factor), 1, 1, nil, &out) }
            guard rc == 0, let out else { throw ImagingError(.operationFailed, "Sauvola binarisation failed") }
            return Image(owning: out)
        case .otsu:
            var out: UnsafeMutablePointer<PIX>? = nil
            let sx = max(16, g.width / 4), sy = max(16, g.height / 2)
            let rc = g.withUnsafePix { pixOtsuAdaptiveThreshold($0, Int32(sx), Int32(sy), 0, 0, 0.1, nil, &out) }
            guard rc == 0, let out else { throw ImagingError(.operationFailed, "Otsu binarisation failed") }
            return Image(owning: out)
        }
    }

    /// Mean grey level (0–255) of an 8-bit image, sampled on a grid; used to detect inverted text.
    public func meanGray(step: Int = 4) -> Double {
        guard depth == 8 else { return ((try? grayscale())?.meanGray(step: step)) ?? 0 }
        var sum = 0.0, n = 0.0
        withUnsafePix { pix in
            var v: UInt32 = 0
            var y = 0
            while y < height {
                var x = 0
                while x < width {
                    pixGetPixel(pix, Int32(x), Int32(y), &v)
                    sum += Double(v); n += 1
                    x += step
                }
                y += step
            }
        }
        return n > 0 ? sum / n : 0
    }
}
