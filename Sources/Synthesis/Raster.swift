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
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<ht {
                    let v = Double(y) * dv
                    // Numerators and denominator are linear in u: step them along the row.
                    var nx = b * v + c, ny = e * v + f, dn = h * v + 1
                    let stepX = a * du, stepY = d * du, stepD = g * du
                    let row = y * w
                    for x in 0..<w {
                        let inv = 1 / dn
                        let fx = nx * inv, fy = ny * inv
                        nx += stepX; ny += stepY; dn += stepD
                        guard fx >= 0, fy >= 0, fx <= Double(w - 1), fy <= Double(ht - 1) else { continue }
                        let x0 = Int(fx), y0 = Int(fy)
                        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, ht - 1)
                        let wx = UInt32((fx - Double(x0)) * 256), wy = UInt32((fy - Double(y0)) * 256)
                        dst[row + x] = Self.bilinear(src[y0 * w + x0], src[y0 * w + x1], src[y1 * w + x0], src[y1 * w + x1], wx, wy)
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
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels {
            histogram[Int((((p >> 16) & 0xFF) * 77 + ((p >> 8) & 0xFF) * 150 + (p & 0xFF) * 29) >> 8)] += 1
        }
        func percentile(_ q: Double) -> Double {
            let target = Int(Double(pixels.count) * q)
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

    /// A phone's sharpening: an unsharp mask of radius 1 and `amount` (0 = none).
    func sharpened(amount: Double) -> Raster {
        guard amount > 0 else { return self }
        let soft = boxBlurred(1)
        let k = Int32((amount * 256).rounded())
        var out = pixels
        for i in out.indices {
            let p = pixels[i], b = soft.pixels[i]
            @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                let v = Int32((p >> shift) & 0xFF), m = Int32((b >> shift) & 0xFF)
                return UInt32(max(0, min(255, v + ((v - m) * k) >> 8)))
            }
            out[i] = 0xFF00_0000 | (channel(16) << 16) | (channel(8) << 8) | channel(0)
        }
        return Raster(width: width, height: height, pixels: out)
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

    /// One separable box blur of half-width `r`, channels summed separately.
    private func boxBlurred(_ r: Int) -> Raster {
        let w = width, h = height
        var tmp = [UInt32](repeating: 0, count: w * h)
        var out = [UInt32](repeating: 0, count: w * h)
        let n = UInt32(2 * r + 1)
        // Divide by n with a multiply and a shift (exact for sums ≤ 255 × n).
        let scale = (UInt32(1) << 16) / n + 1
        pixels.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { t in
                Self.blurLines(src.baseAddress!, t.baseAddress!, count: h, length: w, lineStep: w, pixelStep: 1, r: r, scale: scale)
            }
        }
        tmp.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { o in
                Self.blurLines(t.baseAddress!, o.baseAddress!, count: w, length: h, lineStep: 1, pixelStep: w, r: r, scale: scale)
            }
        }
        return Raster(width: w, height: h, pixels: out)
    }

    /// Box-blurs `count` lines of `length` pixels with running sums.
    private static func blurLines(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, length: Int,
                                  lineStep: Int, pixelStep: Int, r: Int, scale: UInt32) {
        for line in 0..<count {
            let base = line * lineStep
            @inline(__always) func at(_ i: Int) -> UInt32 { src[base + min(max(i, 0), length - 1) * pixelStep] }
            var sr: UInt32 = 0, sg: UInt32 = 0, sb: UInt32 = 0
            for i in -r...r {
                let p = at(i)
                sr += (p >> 16) & 0xFF; sg += (p >> 8) & 0xFF; sb += p & 0xFF
            }
            for i in 0..<length {
                dst[base + i * pixelStep] = 0xFF00_0000 | (((sr * scale) >> 16) << 16) | (((sg * scale) >> 16) << 8) | ((sb * scale) >> 16)
                let add = at(i + r + 1), drop = at(i - r)
                sr = sr &+ ((add >> 16) & 0xFF) &- ((drop >> 16) & 0xFF)
                sg = sg &+ ((add >> 8) & 0xFF) &- ((drop >> 8) & 0xFF)
                sb = sb &+ (add & 0xFF) &- (drop & 0xFF)
            }
        }
    }
}
