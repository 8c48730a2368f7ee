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
        let observed = try grayBytes().map { Float($0) / 255 + 1e-3 }
        guard iterations > 0, w > 2, h > 2 else { return try grayscale() }
        let blur = GaussianBlur(sigma: sigma)
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
        let bytes = estimate.map { UInt8(max(0, min(255, ($0 - 1e-3) * 255)).rounded()) }
        return try bytes.withUnsafeBufferPointer { b throws(ImagingError) in try Image(grayBytes: b, width: w, height: h, stride: w) }
    }
}

/// A separable Gaussian blur over a float image, its edges clamped (the border pixel repeated).
struct GaussianBlur {
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
