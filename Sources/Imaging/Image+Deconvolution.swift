import CTesseract
import Foundation

extension Image {
    /// Defocus undone as far as it can be: Richardson–Lucy deconvolution of the grey image by a
    /// Gaussian blur of standard deviation `sigma` pixels, `iterations` times.
    ///
    /// Each step blurs the current estimate as the lens did, compares it with the photo
    /// (`photo / blurred estimate`) and corrects the estimate by that ratio blurred again: the
    /// strokes a blur ran together come apart again and edges steepen, with no dark halo (a
    /// product of positive ratios never goes below zero; what overshoots white is cut there).
    /// More iterations restore finer detail and amplify noise more. A grey image is returned; a
    /// colour one is read as grey first.
    public func deconvolved(sigma: Double, iterations: Int) throws(ImagingError) -> Image {
        precondition(sigma > 0 && iterations >= 0, "sigma must be positive, iterations not negative")
        let w = width, h = height
        guard iterations > 0, w > 2, h > 2 else { return try grayscale() }
        let restored = Self.richardsonLucy(try grayBytes().map { Float($0) / 255 + 1e-3 }, width: w, height: h,
                                           blur: GaussianBlur(sigma: sigma), iterations: iterations)
        return try Self.gray(deconvolved: restored, width: w, height: h)
    }

    /// Camera shake undone as far as it can be: Richardson–Lucy deconvolution by a straight
    /// move of `length` pixels in the direction of `shake`, `iterations` times. A colour photo
    /// keeps its colours: its brightness is deconvolved and each pixel's three channels are
    /// scaled as its brightness was, so a stamp's ink stays as coloured as it was.
    public func unshaken(_ shake: CameraShake, length: Double, iterations: Int) throws(ImagingError) -> Image {
        precondition(length > 0 && iterations >= 0, "length must be positive, iterations not negative")
        let w = width, h = height
        guard iterations > 0, w > 2, h > 2 else { return try copy() }
        let observed = try grayBytes().map { Float($0) / 255 + 1e-3 }
        let restored = Self.richardsonLucy(observed, width: w, height: h,
                                           blur: LineBlur(length: length, angleDegrees: shake.angleDegrees), iterations: iterations)
        guard depth == 32 else { return try Self.gray(deconvolved: restored, width: w, height: h) }
        let (src, swpl) = withUnsafePix { pix in (pixGetData(pix), Int(pixGetWpl(pix))) }
        guard let src, let out = pixCreate(Int32(w), Int32(h), 32), let dst = pixGetData(out) else {
            throw ImagingError(.operationFailed, "could not allocate a \(w)×\(h) image")
        }
        let dwpl = Int(pixGetWpl(out))
        withExtendedLifetime(self) {
            for y in 0..<h {
                let s = src + y * swpl, d = dst + y * dwpl
                for x in 0..<w {
                    let i = y * w + x
                    let gain = restored[i] / observed[i]
                    let p = s[x]
                    func channel(_ shift: UInt32) -> UInt32 {
                        UInt32(max(0, min(255, (Float((p >> shift) & 0xFF) * gain).rounded()))) << shift
                    }
                    d[x] = channel(24) | channel(16) | channel(8)
                }
            }
        }
        return Image(owning: out)
    }

    /// The grey image of deconvolved `values` (grey / 255 + 0.001, row-major), clipped to 0–255.
    static func gray(deconvolved values: [Float], width w: Int, height h: Int) throws(ImagingError) -> Image {
        let bytes = values.map { UInt8(max(0, min(255, ($0 - 1e-3) * 255)).rounded()) }
        return try bytes.withUnsafeBufferPointer { b throws(ImagingError) in try Image(grayBytes: b, width: w, height: h, stride: w) }
    }

    /// `observed` (values > 0, `width × height`, row-major) deconvolved by `blur` (a symmetric
    /// blur: its own adjoint), `iterations` Richardson–Lucy steps.
    static func richardsonLucy<B: SymmetricBlur>(_ observed: [Float], width w: Int, height h: Int, blur: B, iterations: Int) -> [Float] {
        var estimate = observed
        var blurred = [Float](repeating: 0, count: w * h)
        var ratio = [Float](repeating: 0, count: w * h)
        var scratch = [Float](repeating: 0, count: w * h)
        for _ in 0..<iterations {
            blur.apply(estimate, into: &blurred, scratch: &scratch, width: w, height: h)
            observed.withUnsafeBufferPointer { o in
                blurred.withUnsafeBufferPointer { b in
                    ratio.withUnsafeMutableBufferPointer { q in
                        guard let o0 = o.baseAddress, let b0 = b.baseAddress, let q0 = q.baseAddress else { return }
                        var i = 0
                        while i < w * h { q0[i] = o0[i] / max(b0[i], 1e-4); i += 1 }
                    }
                }
            }
            blur.apply(ratio, into: &blurred, scratch: &scratch, width: w, height: h)
            blurred.withUnsafeBufferPointer { b in
                estimate.withUnsafeMutableBufferPointer { e in
                    guard let b0 = b.baseAddress, let e0 = e.baseAddress else { return }
                    var i = 0
                    while i < w * h { e0[i] *= b0[i]; i += 1 }
                }
            }
        }
        return estimate
    }
}

/// A blur that is its own adjoint (its kernel point-symmetric), applied to a float image.
protocol SymmetricBlur {
    /// `source` blurred into `out` (both `width × height`, row-major), through `scratch`.
    func apply(_ source: [Float], into out: inout [Float], scratch: inout [Float], width w: Int, height h: Int)
}

/// A straight move of `length` pixels at an angle: the line's points spread bilinearly over
/// the pixels they fall between, weighted alike, and the image's edges clamped.
struct LineBlur: SymmetricBlur {
    let taps: [(dx: Int, dy: Int, weight: Float)]

    init(length: Double, angleDegrees: Double) {
        let a = angleDegrees * .pi / 180
        var weights: [SIMD2<Int>: Double] = [:]
        let samples = 64
        for k in 0..<samples {
            // Symmetric about the centre: sample k and samples − 1 − k mirror each other.
            let t = (Double(k) + 0.5) / Double(samples) * length - length / 2
            let x = t * cos(a), y = t * sin(a)
            let x0 = floor(x), y0 = floor(y), fx = x - x0, fy = y - y0
            for (ox, oy, wgt) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] where wgt > 1e-9 {
                weights[SIMD2(Int(x0) + ox, Int(y0) + oy), default: 0] += wgt
            }
        }
        let total = weights.values.reduce(0, +)
        taps = weights.sorted { ($0.key.y, $0.key.x) < ($1.key.y, $1.key.x) }.map { (dx: $0.key.x, dy: $0.key.y, weight: Float($0.value / total)) }
    }

    func apply(_ source: [Float], into out: inout [Float], scratch: inout [Float], width w: Int, height h: Int) {
        let reach = taps.reduce(0) { max($0, abs($1.dx)) }
        let lo = min(reach, w), hi = max(lo, w - reach)
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { o in
                guard let s0 = src.baseAddress, let o0 = o.baseAddress else { return }
                for y in 0..<h {
                    let dst = o0 + y * w
                    var x = 0
                    while x < w { dst[x] = 0; x += 1 }
                    for tap in taps {
                        let row = s0 + min(h - 1, max(0, y + tap.dy)) * w
                        let kt = tap.weight, shifted = row + tap.dx
                        // Inside [lo, hi) every tap falls inside the row; the ends clamp.
                        var x = lo
                        while x < hi { dst[x] += kt * shifted[x]; x += 1 }
                        for x in 0..<lo { dst[x] += kt * row[min(w - 1, max(0, x + tap.dx))] }
                        for x in hi..<w { dst[x] += kt * row[min(w - 1, max(0, x + tap.dx))] }
                    }
                }
            }
        }
    }
}

/// A separable Gaussian blur over a float image, its edges clamped (the border pixel repeated).
struct GaussianBlur: SymmetricBlur {
    let taps: [Float]
    let radius: Int

    init(sigma: Double) {
        radius = max(1, Int((3 * sigma).rounded(.up)))
        let raw = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let sum = raw.reduce(0, +)
        taps = raw.map { $0 / sum }
    }

    /// `source` blurred into `out` (both `width × height`, row-major), through `scratch`.
    ///
    /// Each pass adds one tap at a time over a whole row, through raw pointers, so the compiler
    /// vectorises the inner loop (indexing `row + x` with overflow checks kept it scalar: 4–5×
    /// slower); every pixel still adds its taps in order, as a sum pixel by pixel would.
    func apply(_ source: [Float], into out: inout [Float], scratch: inout [Float], width w: Int, height h: Int) {
        let r = radius
        // Inside [lo, hi) a row's taps all fall inside the row; the r pixels at each end clamp.
        let lo = min(r, w), hi = max(lo, w - r)
        taps.withUnsafeBufferPointer { k in
            source.withUnsafeBufferPointer { src in
                scratch.withUnsafeMutableBufferPointer { tmp in
                    guard let s0 = src.baseAddress, let t0 = tmp.baseAddress else { return }
                    // Along rows.
                    for y in 0..<h {
                        let srcRow = s0 + y * w, dst = t0 + y * w
                        var x = lo
                        while x < hi { dst[x] = 0; x += 1 }
                        for t in 0...(2 * r) {
                            let kt = k[t], shifted = srcRow - r + t
                            var x = lo
                            while x < hi { dst[x] += kt * shifted[x]; x += 1 }
                        }
                        for x in 0..<w where x < lo || x >= hi {
                            var acc: Float = 0
                            for t in 0...(2 * r) { acc += k[t] * srcRow[min(w - 1, max(0, x - r + t))] }
                            dst[x] = acc
                        }
                    }
                }
            }
            scratch.withUnsafeBufferPointer { tmp in
                out.withUnsafeMutableBufferPointer { o in
                    guard let t0 = tmp.baseAddress, let o0 = o.baseAddress else { return }
                    // Along columns, a row at a time.
                    for y in 0..<h {
                        let dst = o0 + y * w
                        var x = 0
                        while x < w { dst[x] = 0; x += 1 }
                        for t in 0...(2 * r) {
                            let kt = k[t], from = t0 + min(h - 1, max(0, y - r + t)) * w
                            var x = 0
                            while x < w { dst[x] += kt * from[x]; x += 1 }
                        }
                    }
                }
            }
        }
    }
}
