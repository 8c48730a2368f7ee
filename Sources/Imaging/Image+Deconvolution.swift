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
            for i in 0..<(w * h) { ratio[i] = observed[i] / max(blurred[i], 1e-4) }
            blur.apply(ratio, into: &blurred, scratch: &scratch, width: w, height: h)
            for i in 0..<(w * h) { estimate[i] *= blurred[i] }
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
    func apply(_ source: [Float], into out: inout [Float], scratch: inout [Float], width w: Int, height h: Int) {
        let r = radius
        taps.withUnsafeBufferPointer { k in
            source.withUnsafeBufferPointer { src in
                scratch.withUnsafeMutableBufferPointer { tmp in
                    // Along rows.
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w {
                            var acc: Float = 0
                            if x >= r && x + r < w {
                                for t in 0...(2 * r) { acc += k[t] * src[row + x - r + t] }
                            } else {
                                for t in 0...(2 * r) { acc += k[t] * src[row + min(w - 1, max(0, x - r + t))] }
                            }
                            tmp[row + x] = acc
                        }
                    }
                }
            }
            scratch.withUnsafeBufferPointer { tmp in
                out.withUnsafeMutableBufferPointer { dst in
                    // Along columns, a row at a time (the inner loop runs along memory).
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w { dst[row + x] = 0 }
                        for t in 0...(2 * r) {
                            let sy = min(h - 1, max(0, y - r + t)) * w
                            let kt = k[t]
                            for x in 0..<w { dst[row + x] += kt * tmp[sy + x] }
                        }
                    }
                }
            }
        }
    }
}
