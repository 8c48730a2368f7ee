import Foundation
import Imaging

/// The rendered photo's pixels (opaque BGRA, one `UInt32` each) for the camera effects applied
/// after drawing: the projective keystone warp and the defocus. Done here on the packed pixels
/// rather than in Leptonica, which splits colour images into three grey planes for a box blur
/// and evaluates its projective map in doubles per pixel: together they were a third of the
/// generator's time.
struct Raster {
    let width: Int
    let height: Int
    var pixels: [UInt32]

    /// A copy of `canvas`'s pixels.
    init(_ canvas: Canvas) {
        width = canvas.width
        height = canvas.height
        var pixels = [UInt32](repeating: 0, count: canvas.width * canvas.height)
        let w = canvas.width, h = canvas.height
        canvas.withPixels { data, stride in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    UnsafeMutableRawPointer(out.baseAddress! + y * w).copyMemory(from: data + y * stride, byteCount: 4 * w)
                }
            }
        }
        self.pixels = pixels
    }

    private init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// Runs `body` on the pixels as little-endian BGRA bytes (as `Canvas.withPixels`).
    mutating func withBytes(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) -> Void) {
        let stride = 4 * width
        pixels.withUnsafeMutableBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), stride)
        }
    }

    /// The image, for encoding.
    func image() throws(SynthesisError) -> Image {
        let made: Result<Image, ImagingError> = pixels.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> Image in
                try Image(rgbaBytes: raw.bindMemory(to: UInt8.self), width: width, height: height, stride: 4 * width, bgra: true)
            }
        }
        switch made {
        case .success(let image): return image
        case .failure(let error): throw SynthesisError(.imagingFailed, error.message)
        }
    }

    /// The quadrilateral `source` (top-left, top-right, bottom-right, bottom-left corners in
    /// pixels) stretched onto the whole frame with bilinear sampling; outside the photo is white.
    func perspectiveWarped(source q: [SIMD2<Double>]) -> Raster {
        precondition(q.count == 4, "a perspective warp needs four source corners")
        let m = Homography(unitSquareTo: q)
        let (a, b, c, d, e, f, g, h) = (m.a, m.b, m.c, m.d, m.e, m.f, m.g, m.h)
        let w = width, ht = height
        let du = 1 / Double(max(1, w - 1)), dv = 1 / Double(max(1, ht - 1))
        var out = [UInt32](repeating: 0xFFFF_FFFF, count: w * ht)
        // Source positions in 16.16 fixed point, exact every `span` pixels and linear in between:
        // over 16 pixels a camera's projective map strays from a line by thousandths of a pixel,
        // and the inner loop needs no division.
        let span = 16
        let limitX = (w - 1) << 16, limitY = (ht - 1) << 16
        func fixed(_ x: Int, _ v: Double) -> (x: Int, y: Int) {
            let u = Double(x) * du, den = g * u + h * v + 1
            let px = (a * u + b * v + c) / den, py = (d * u + e * v + f) / den
            // Points at or beyond the horizon land far outside (left white).
            func clamp(_ c: Double) -> Int { c.isFinite ? Int((min(max(c, -1e6), 1e6) * 65536).rounded()) : -1 << 40 }
            return (clamp(px), clamp(py))
        }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<ht {
                    let v = Double(y) * dv
                    let row = y * w
                    var x0 = 0
                    var start = fixed(0, v)
                    while x0 < w {
                        let x1 = min(w - 1, x0 + span), n = max(1, x1 - x0)
                        let end = fixed(x1, v)
                        let stepX = (end.x - start.x) / n, stepY = (end.y - start.y) / n
                        var sx = start.x, sy = start.y
                        for x in x0..<(x1 == w - 1 ? w : x1) {
                            if sx >= 0, sy >= 0, sx <= limitX, sy <= limitY {
                                let ix = sx >> 16, iy = sy >> 16
                                let jx = min(ix + 1, w - 1), jy = min(iy + 1, ht - 1)
                                let wx = UInt32((sx >> 8) & 0xFF), wy = UInt32((sy >> 8) & 0xFF)
                                dst[row + x] = Self.bilinear(src[iy * w + ix], src[iy * w + jx], src[jy * w + ix], src[jy * w + jx], wx, wy)
                            }
                            sx += stepX; sy += stepY
                        }
                        x0 = x1 == w - 1 ? w : x1
                        start = end
                    }
                }
            }
        }
        return Raster(width: w, height: ht, pixels: out)
    }

    /// Blends four opaque pixels with 8-bit weights (`wx`, `wy` out of 256).
    @inline(__always)
    private static func bilinear(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32, _ wx: UInt32, _ wy: UInt32) -> UInt32 {
        let w00 = (256 - wx) * (256 - wy), w10 = wx * (256 - wy), w01 = (256 - wx) * wy, w11 = wx * wy
        // Weights sum to 65536: each channel's weighted sum fits in 24 bits.
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            (((p00 >> shift) & 0xFF) * w00 + ((p10 >> shift) & 0xFF) * w10 + ((p01 >> shift) & 0xFF) * w01
             + ((p11 >> shift) & 0xFF) * w11) >> 16
        }
        return 0xFF00_0000 | (channel(16) << 16) | (channel(8) << 8) | channel(0)
    }

    /// A phone's tone mapping: the luma range between the 1st and 99th percentiles is
    /// stretched towards 8…247 by `strength` (0 = none, 1 = all the way). Returns the slope of
    /// the map (how much every contrast grows).
    @discardableResult
    mutating func toneStretch(strength: Double) -> Double {
        guard strength > 0 else { return 1 }
        // Percentiles from every 4th pixel of every 4th row: the same to a grey level.
        var histogram = [Int](repeating: 0, count: 256)
        var sampled = 0
        for y in stride(from: 0, to: height, by: 4) {
            for x in stride(from: 0, to: width, by: 4) {
                let p = pixels[y * width + x]
                histogram[Int((((p >> 16) & 0xFF) * 77 + ((p >> 8) & 0xFF) * 150 + (p & 0xFF) * 29) >> 8)] += 1
                sampled += 1
            }
        }
        func percentile(_ q: Double) -> Double {
            let target = Int(Double(sampled) * q)
            var seen = 0
            for (v, n) in histogram.enumerated() { seen += n; if seen > target { return Double(v) } }
            return 255
        }
        let lo = percentile(0.01), hi = max(lo + 1, percentile(0.99))
        let newLo = lo + (8 - lo) * strength, newHi = hi + (247 - hi) * strength
        // Phones lift flat scenes, but not by more than 1.6×: more would amplify the noise
        // far beyond what their denoising leaves.
        let slope = min(1.6, max(1, (newHi - newLo) / (hi - lo)))
        let lut: [UInt32] = (0..<256).map { UInt32(max(0, min(255, ((Double($0) - lo) * slope + newLo).rounded()))) }
        for i in pixels.indices {
            let p = pixels[i]
            pixels[i] = 0xFF00_0000 | (lut[Int((p >> 16) & 0xFF)] << 16) | (lut[Int((p >> 8) & 0xFF)] << 8) | lut[Int(p & 0xFF)]
        }
        return slope
    }

    /// A phone's sharpening: an unsharp mask of `amount` (0 = none) against the mean of the four
    /// nearest neighbours (edges clamped), in one pass.
    func sharpened(amount: Double) -> Raster {
        guard amount > 0, width > 1, height > 1 else { return self }
        let k = Int32((amount * 256).rounded())
        let w = width, h = height
        var out = [UInt32](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                @inline(__always) func sharp(_ p: UInt32, _ l: UInt32, _ r: UInt32, _ u: UInt32, _ d: UInt32) -> UInt32 {
                    @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                        let v = Int32((p >> shift) & 0xFF)
                        let m = Int32((l >> shift) & 0xFF) + Int32((r >> shift) & 0xFF) + Int32((u >> shift) & 0xFF) + Int32((d >> shift) & 0xFF)
                        return UInt32(max(0, min(255, v + ((4 * v - m) * k) >> 10)))
                    }
                    return 0xFF00_0000 | (channel(16) << 16) | (channel(8) << 8) | channel(0)
                }
                let s = src.baseAddress!, o = dst.baseAddress!
                for y in 0..<h {
                    let row = s + y * w, up = s + max(y - 1, 0) * w, down = s + min(y + 1, h - 1) * w, out = o + y * w
                    out[0] = sharp(row[0], row[0], row[1], up[0], down[0])
                    // The interior without clamping.
                    for x in 1..<(w - 1) { out[x] = sharp(row[x], row[x - 1], row[x + 1], up[x], down[x]) }
                    out[w - 1] = sharp(row[w - 1], row[w - 2], row[w - 1], up[w - 1], down[w - 1])
                }
            }
        }
        return Raster(width: w, height: h, pixels: out)
    }

    /// Camera shake: each pixel is the mean of `length` samples one pixel apart on a segment
    /// along `angleDegrees` (0 = left to right, 90 = top to bottom) centred on it, nearest
    /// pixel, edges clamped; its standard deviation along the motion is about `length / √12`.
    func motionBlurred(length: Int, angleDegrees: Double) -> Raster {
        guard length > 1 else { return self }
        let a = angleDegrees * .pi / 180
        let taps: [(dx: Int, dy: Int)] = (0..<length).map { k in
            let t = Double(k) - Double(length - 1) / 2
            return (Int((t * cos(a)).rounded()), Int((t * sin(a)).rounded()))
        }
        let w = width, h = height, n = UInt32(length)
        var out = [UInt32](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        // Red and blue share a word (sums of ≤ 256 bytes fit in 16 bits), green alone.
                        var rb: UInt32 = 0, g: UInt32 = 0
                        for t in taps {
                            let p = src[min(h - 1, max(0, y + t.dy)) * w + min(w - 1, max(0, x + t.dx))]
                            rb &+= p & 0x00FF_00FF
                            g &+= (p >> 8) & 0xFF
                        }
                        dst[y * w + x] = 0xFF00_0000 | (((rb >> 16) / n) << 16) | ((g / n) << 8) | ((rb & 0xFFFF) / n)
                    }
                }
            }
        }
        return Raster(width: w, height: h, pixels: out)
    }

    /// Camera defocus: a box filter of half-width `r` (clamped at the edges), applied once for
    /// r = 1 and twice from r = 2 on (close to a Gaussian; `RenderFacts.defocusSigma`).
    func defocused(halfWidth r: Int) -> Raster {
        guard r > 0 else { return self }
        let once = boxBlurred(r)
        return r == 1 ? once : once.boxBlurred(r)
    }

    /// One separable box blur of half-width `r` (edges clamped), channels summed separately:
    /// running sums along each row, then running sums of whole rows (one pass down the image,
    /// in memory order).
    private func boxBlurred(_ r: Int) -> Raster {
        let w = width, h = height
        let n = UInt32(2 * r + 1)
        // Divide by n with a multiply and a shift (exact for sums ≤ 255 × n).
        let scale = (UInt32(1) << 16) / n + 1
        // Every element is written before it is read: no zero-filling.
        var tmp = [UInt32](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        var out = [UInt32](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        pixels.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = src.baseAddress! + y * w, o = dst.baseAddress! + y * w
                    // Red and blue share a word: sums of at most 255 × n fit in 16 bits.
                    var rb: UInt32 = 0, g: UInt32 = 0
                    for i in -r...r {
                        let p = row[min(max(i, 0), w - 1)]
                        rb &+= p & 0x00FF_00FF; g &+= (p >> 8) & 0xFF
                    }
                    for x in 0..<w {
                        o[x] = 0xFF00_0000 | ((((rb >> 16) * scale) >> 16) << 16) | (((g * scale) >> 16) << 8) | (((rb & 0xFFFF) * scale) >> 16)
                        let add = row[min(x + r + 1, w - 1)], drop = row[max(x - r, 0)]
                        rb = rb &+ (add & 0x00FF_00FF) &- (drop & 0x00FF_00FF)
                        g = g &+ ((add >> 8) & 0xFF) &- ((drop >> 8) & 0xFF)
                    }
                }
            }
        }
        tmp.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var rb = [UInt32](repeating: 0, count: w), g = [UInt32](repeating: 0, count: w)
                rb.withUnsafeMutableBufferPointer { rb in
                    g.withUnsafeMutableBufferPointer { g in
                        for i in -r...r {
                            let row = src.baseAddress! + min(max(i, 0), h - 1) * w
                            for x in 0..<w { rb[x] &+= row[x] & 0x00FF_00FF; g[x] &+= (row[x] >> 8) & 0xFF }
                        }
                        for y in 0..<h {
                            let o = dst.baseAddress! + y * w
                            let add = src.baseAddress! + min(y + r + 1, h - 1) * w, drop = src.baseAddress! + max(y - r, 0) * w
                            for x in 0..<w {
                                let s = rb[x], gg = g[x]
                                o[x] = 0xFF00_0000 | ((((s >> 16) * scale) >> 16) << 16) | (((gg * scale) >> 16) << 8) | (((s & 0xFFFF) * scale) >> 16)
                                rb[x] = s &+ (add[x] & 0x00FF_00FF) &- (drop[x] & 0x00FF_00FF)
                                g[x] = gg &+ ((add[x] >> 8) & 0xFF) &- ((drop[x] >> 8) & 0xFF)
                            }
                        }
                    }
                }
            }
        }
        return Raster(width: w, height: h, pixels: out)
    }
}
