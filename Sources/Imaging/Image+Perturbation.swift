import CTesseract
import Foundation

/// Captures made worse on purpose, for `scanbench robustness`: each operation imitates one thing
/// that goes wrong when a photo is taken (defocus, shake, a dim room, a flat print, sensor noise,
/// a tilted or angled camera). Colour stays colour: 8-bit grey and 32-bit RGB images are
/// changed per channel, other depths are converted to one of those first.
extension Image {
    /// `self` as 8-bit grey or 32-bit RGB without a colour map (the depths the operations take).
    /// The corresponding C functions are `pixRemoveColormap` and `pixConvertTo8`.
    public func perturbable() throws(ImagingError) -> Image {
        let plain = try withoutColormap()
        if plain.depth == 8 || plain.depth == 32 { return plain }
        return try Image.wrap(plain.withUnsafePix { pixConvertTo8($0, 0) }, "convert to 8-bit grey")
    }

    /// Defocus: a Gaussian blur of standard deviation `sigma` px (kernel ±3σ, separable).
    /// The corresponding C functions are `makeGaussianKernelSep`, `pixConvolveSep` and `pixConvolveRGBSep`.
    public func gaussianBlurred(sigma: Double) throws(ImagingError) -> Image {
        precondition(sigma >= 0, "blur σ must not be negative")
        let src = try perturbable()
        guard sigma >= 0.05 else { return src }
        let half = Int32(max(1, (3 * sigma).rounded(.up)))
        var kx: UnsafeMutablePointer<L_KERNEL>?, ky: UnsafeMutablePointer<L_KERNEL>?
        guard makeGaussianKernelSep(half, half, Float(sigma), 1, &kx, &ky) == 0, kx != nil, ky != nil else {
            throw ImagingError(.operationFailed, "could not make a Gaussian kernel of σ \(sigma)")
        }
        defer { kernelDestroy(&kx); kernelDestroy(&ky) }
        return try src.convolvedSeparably(kx!, ky!, "blur with σ \(sigma)")
    }

    /// Camera shake: every pixel the mean of `length` pixels along a horizontal (or vertical)
    /// line, as a straight motion of the camera during the exposure smears it.
    public func motionBlurred(length: Int, vertical: Bool = false) throws(ImagingError) -> Image {
        precondition(length >= 0, "motion length must not be negative")
        let src = try perturbable()
        guard length >= 2 else { return src }
        // A row kernel for x, a column kernel for y; the smear's is `length` long, the other a point.
        let n = Int32(length)
        var kx = kernelCreate(1, vertical ? 1 : n), ky = kernelCreate(vertical ? n : 1, 1)
        defer { kernelDestroy(&kx); kernelDestroy(&ky) }
        guard let kx, let ky else { throw ImagingError(.operationFailed, "could not allocate a motion kernel") }
        for i in 0..<n {
            if vertical { kernelSetElement(ky, i, 0, 1) } else { kernelSetElement(kx, 0, i, 1) }
        }
        kernelSetElement(vertical ? kx : ky, 0, 0, 1)
        // The origin at the line's centre: the smear is symmetric about each pixel.
        if vertical { kernelSetOrigin(ky, n / 2, 0) } else { kernelSetOrigin(kx, 0, n / 2) }
        return try src.convolvedSeparably(kx, ky, "smear over \(length) px")
    }

    /// Separable convolution with normalised kernels (mirrored borders), per channel for colour.
    private func convolvedSeparably(_ kx: UnsafeMutablePointer<L_KERNEL>, _ ky: UnsafeMutablePointer<L_KERNEL>,
                                    _ what: String) throws(ImagingError) -> Image {
        if depth == 32 { return try Image.wrap(withUnsafePix { pixConvolveRGBSep($0, kx, ky) }, what) }
        return try Image.wrap(withUnsafePix { pixConvolveSep($0, kx, ky, 8, 1) }, what)
    }

    /// Every grey level (every channel of a colour image) mapped through `table`
    /// (256 entries, 0 black … 255 white). The corresponding C function is `pixTRCMap`.
    public func toneMapped(_ table: [UInt8]) throws(ImagingError) -> Image {
        precondition(table.count == 256, "a tone table has 256 entries")
        let out = try perturbable().copy()
        var values = table.map(Float.init)
        var na = values.withUnsafeMutableBufferPointer { numaCreateFromFArray($0.baseAddress, 256, Int32(L_COPY)) }
        defer { numaDestroy(&na) }
        guard let table = na else { throw ImagingError(.operationFailed, "could not allocate a tone table") }
        let rc = out.withUnsafePix { pixTRCMap($0, nil, table) }
        guard rc == 0 else { throw ImagingError(.operationFailed, "Leptonica could not map the tones") }
        return out
    }

    /// Under-exposed by `stops` (each stop halves the light): the values are darkened in linear
    /// light (sRGB-like γ 2.2), as a shorter exposure would.
    public func underexposed(stops: Double) throws(ImagingError) -> Image {
        precondition(stops >= 0, "exposure stops must not be negative")
        let gain = pow(2, -stops)
        return try toneMapped((0..<256).map { v in
            UInt8((255 * pow(pow(Double(v) / 255, 2.2) * gain, 1 / 2.2)).rounded())
        })
    }

    /// Contrast scaled by `factor` (1 unchanged, 0.5 half the spread) about mid-grey.
    public func contrastScaled(_ factor: Double) throws(ImagingError) -> Image {
        precondition(factor >= 0, "contrast factor must not be negative")
        return try toneMapped((0..<256).map { v in UInt8(max(0, min(255, (127.5 + factor * (Double(v) - 127.5)).rounded()))) })
    }

    /// Sensor noise: independent Gaussian noise of standard deviation `sigma` grey levels added
    /// to every pixel and channel, drawn from `generator` (so a seed gives the same noise).
    public func withGaussianNoise<G: RandomNumberGenerator>(sigma: Double, using generator: inout G) throws(ImagingError) -> Image {
        precondition(sigma >= 0, "noise σ must not be negative")
        let out = try perturbable().copy()
        guard sigma > 0 else { return out }
        let (data, wpl, h, w, d) = out.withUnsafePix { pix in (pixGetData(pix), Int(pixGetWpl(pix)), out.height, out.width, out.depth) }
        guard let data else { return out }
        // 65,536 Gaussian offsets (Box–Muller from the generator), rounded; each pixel and channel
        // then takes one at random, four 16-bit indices per 64-bit draw: far cheaper than a
        // logarithm and a cosine per sample, and the same distribution to a grey level.
        var table = [Int32](repeating: 0, count: 65536)
        for i in stride(from: 0, to: 65536, by: 2) {
            let u1 = Double(generator.next() >> 11 | 1) * 0x1p-53, u2 = Double(generator.next() >> 11) * 0x1p-53
            let r = sigma * (-2 * log(u1)).squareRoot()
            table[i] = Int32((r * cos(2 * .pi * u2)).rounded())
            table[i + 1] = Int32((r * sin(2 * .pi * u2)).rounded())
        }
        var bits: UInt64 = 0, left = 0
        func noisy(_ v: UInt32) -> UInt32 {
            if left == 0 { bits = generator.next(); left = 4 }
            let offset = table[Int(bits & 0xFFFF)]
            bits >>= 16
            left -= 1
            return UInt32(max(0, min(255, Int32(v) + offset)))
        }
        withExtendedLifetime(out) {
            for y in 0..<h {
                let line = data + y * wpl
                if d == 32 {
                    for x in 0..<w {
                        let p = line[x]
                        line[x] = noisy(p >> 24) << 24 | noisy((p >> 16) & 0xFF) << 16 | noisy((p >> 8) & 0xFF) << 8 | (p & 0xFF)
                    }
                } else {
                    for x in 0..<w {
                        // Four grey pixels per 32-bit word, the first in the high byte.
                        let shift = UInt32(24 - 8 * (x & 3))
                        let word = line[x >> 2]
                        line[x >> 2] = (word & ~(0xFF << shift)) | (noisy((word >> shift) & 0xFF) << shift)
                    }
                }
            }
        }
        return out
    }

    /// Tilted by `degrees` (clockwise positive) on a canvas grown to hold the whole turned
    /// photo; the uncovered corners are white. The corresponding C function is `pixRotate`
    /// (area-map interpolation), given the original size so nothing is cut.
    public func tilted(degrees: Double) throws(ImagingError) -> Image {
        let src = try perturbable()
        guard abs(degrees) >= 0.01 else { return src }
        let (w, h) = (Int32(src.width), Int32(src.height))
        return try Image.wrap(src.withUnsafePix { pixRotate($0, Float(degrees * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), w, h) },
                              "tilt by \(degrees)°")
    }

    /// Which edge of a photo is furthest from the camera in `keystoned(strength:far:)`.
    public enum Edge: String, Sendable, CaseIterable {
        case top, right, bottom, left
    }

    /// Photographed at an angle: the `far` edge is `strength` shorter than the near one
    /// (0.2: 80 % of its length), the photo shrunk into that trapezoid on a white background.
    public func keystoned(strength: Double, far: Edge) throws(ImagingError) -> Image {
        precondition((0..<1).contains(strength), "keystone strength must be within 0..<1")
        let src = try perturbable()
        guard strength >= 0.001 else { return src }
        let w = Double(src.width - 1), h = Double(src.height - 1)
        // The source quadrilateral stretched onto the image: widening it on the far edge by
        // `a` of the side on each end makes that edge (1 − strength) as long as the other.
        let a = (1 / (1 - strength) - 1) / 2
        var q: [SIMD2<Double>] = [[0, 0], [w, 0], [w, h], [0, h]]
        switch far {
        case .top: q[0].x -= a * w; q[1].x += a * w
        case .bottom: q[3].x -= a * w; q[2].x += a * w
        case .left: q[0].y -= a * h; q[3].y += a * h
        case .right: q[1].y -= a * h; q[2].y += a * h
        }
        return try src.perspectiveWarped(source: q)
    }

    /// Encodes without compression, the cheapest lossless way to hand pixels to a reader that
    /// decodes bytes: colour as a 24-bit BMP (Leptonica reads it row by row), grey as binary
    /// PGM (a grey BMP would come back with a colour map). The same pixels decode as from a
    /// PNG. The corresponding C functions are `pixWriteMemBmp` and `pixWriteMemPnm`.
    public func uncompressedData() throws(ImagingError) -> Data {
        let src = try perturbable()
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let rc = src.withUnsafePix { src.depth == 32 ? pixWriteMemBmp(&out, &size, $0) : pixWriteMemPnm(&out, &size, $0) }
        guard rc == 0, let out else { throw ImagingError(.encodeFailed, "Leptonica could not encode the image") }
        defer { free(out) }
        return Data(bytes: out, count: size)
    }
}
