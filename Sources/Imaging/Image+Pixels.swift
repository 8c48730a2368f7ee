import CTesseract

extension Image {
    /// Creates an 8-bit grey image from rows of bytes (`stride` bytes apart, `stride ≥ width`).
    public convenience init(grayBytes bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) throws(ImagingError) {
        precondition(width > 0 && height > 0 && stride >= width && bytes.count >= stride * (height - 1) + width, "buffer too small")
        guard let pix = pixCreate(Int32(width), Int32(height), 8), let data = pixGetData(pix) else {
            throw ImagingError(.operationFailed, "could not allocate a \(width)×\(height) image")
        }
        let wpl = Int(pixGetWpl(pix))
        for y in 0..<height {
            let line = data + y * wpl
            let row = bytes.baseAddress.map { $0 + y * stride }
            for x in 0..<width {
                // Leptonica stores bytes big-endian within 32-bit words.
                let shift = UInt32(24 - 8 * (x & 3))
                let w = x >> 2
                let v = UInt32(row?[x] ?? 0)
                line[w] = (line[w] & ~(0xFF << shift)) | (v << shift)
            }
        }
        self.init(owning: pix)
    }

    /// Creates a 32-bit RGB image from rows of RGBA or BGRA bytes (`stride` bytes apart).
    /// `bgra: true` reads Cairo's native little-endian ARGB32 layout.
    public convenience init(rgbaBytes bytes: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int, bgra: Bool = false) throws(ImagingError) {
        precondition(width > 0 && height > 0 && stride >= width * 4 && bytes.count >= stride * (height - 1) + width * 4, "buffer too small")
        guard let pix = pixCreate(Int32(width), Int32(height), 32), let data = pixGetData(pix), let base = bytes.baseAddress else {
            throw ImagingError(.operationFailed, "could not allocate a \(width)×\(height) image")
        }
        let wpl = Int(pixGetWpl(pix))
        for y in 0..<height {
            let line = data + y * wpl
            let row = base + y * stride
            for x in 0..<width {
                let p = row + 4 * x
                let (r, g, b) = bgra ? (p[2], p[1], p[0]) : (p[0], p[1], p[2])
                line[x] = (UInt32(r) << 24) | (UInt32(g) << 16) | (UInt32(b) << 8)
            }
        }
        self.init(owning: pix)
    }

    /// The 8-bit grey pixels, row-major, `width × height` bytes.
    public func grayBytes() throws(ImagingError) -> [UInt8] {
        let g = depth == 8 ? self : try grayscale()
        let w = width, h = height
        var out = [UInt8](repeating: 0, count: w * h)
        // The pointer is fetched through withUnsafePix, the copy runs outside it: it is Swift
        // work, not time in Leptonica.
        let (data, wpl) = g.withUnsafePix { pix in (pixGetData(pix), Int(pixGetWpl(pix))) }
        guard let data else { return out }
        withExtendedLifetime(g) {
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let line = data + y * wpl, row = y * w
                    // Leptonica packs four pixels per 32-bit word, the first in the high byte.
                    for x in 0..<w {
                        o[row + x] = UInt8(truncatingIfNeeded: line[x >> 2] >> UInt32(24 - 8 * (x & 3)))
                    }
                }
            }
        }
        return out
    }
}
