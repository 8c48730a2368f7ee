import Foundation

extension Image {
    /// A photo of a screen without its moiré: the screen's pixel grid beats with the camera's
    /// into fine, near-vertical stripes, a few sharp peaks in each row's spectrum far from where
    /// text has its energy. Every row's spectrum (the row padded to a power of two with the
    /// image's mean) loses `radius` bins either side of the `peaks` strongest peaks of the rows'
    /// summed power whose period is under `maxPeriod` px (text strokes, a glyph apart, are left
    /// alone) and that stand `prominence` times above the power 3–6 bins away (a stroke's
    /// spectrum is broad, a stripe's is a spike). A photo without stripes comes back as it was,
    /// in grey. Blurring the stripes out (`defocused`) blurs the text as much.
    public func descreened(maxPeriod: Double, peaks: Int = 3, radius: Int = 2, prominence: Double = 4) throws(ImagingError) -> Image {
        let g = try grayscale()
        let w = g.width, h = g.height
        guard w >= 16, h >= 2, maxPeriod >= 2 else { return g }
        let px = try g.grayBytes()
        let mean = Double(px.reduce(0) { $0 + Int($1) }) / Double(px.count)
        let n = FFT.size(atLeast: w)
        var re = [Double](repeating: 0, count: n * h), im = re
        for y in 0..<h { for x in 0..<w { re[y * n + x] = Double(px[y * w + x]) - mean } }
        var rowRe = [Double](repeating: 0, count: n), rowIm = rowRe
        var power = [Double](repeating: 0, count: n / 2 + 1)
        for y in 0..<h {
            for x in 0..<n { rowRe[x] = re[y * n + x]; rowIm[x] = 0 }
            FFT.transform(&rowRe, &rowIm, count: n, inverse: false)
            for x in 0..<n { re[y * n + x] = rowRe[x]; im[y * n + x] = rowIm[x] }
            for u in 0...(n / 2) { power[u] += rowRe[u] * rowRe[u] + rowIm[u] * rowIm[u] }
        }
        // Spikes among the short periods: well above the power a few bins either side.
        let minU = Int((Double(n) / maxPeriod).rounded(.up))
        guard minU + 6 <= n / 2 else { return g }
        func around(_ u: Int) -> Double {
            let side = [u - 6, u - 5, u - 4, u - 3, u + 3, u + 4, u + 5, u + 6].filter { $0 >= 1 && $0 <= n / 2 }
            return side.map { power[$0] }.reduce(0, +) / Double(max(1, side.count))
        }
        var spikes: [Int] = []
        var left = Array(minU...(n / 2))
        for _ in 0..<peaks {
            guard let u = left.max(by: { power[$0] < power[$1] }), power[u] > prominence * around(u), power[u] > 0 else { break }
            spikes.append(u)
            left.removeAll { abs($0 - u) <= radius + 1 }
        }
        guard !spikes.isEmpty else { return g }
        for y in 0..<h {
            for u0 in spikes {
                for u in (u0 - radius)...(u0 + radius) where u >= 1 && u < n {
                    re[y * n + u] = 0; im[y * n + u] = 0
                    re[y * n + n - u] = 0; im[y * n + n - u] = 0
                }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<n { rowRe[x] = re[y * n + x]; rowIm[x] = im[y * n + x] }
            FFT.transform(&rowRe, &rowIm, count: n, inverse: true)
            for x in 0..<w { out[y * w + x] = UInt8(max(0, min(255, (rowRe[x] / Double(n) + mean).rounded()))) }
        }
        return try Image.gray(width: w, height: h, pixels: out)
    }
}

/// An in-place radix-2 complex FFT (the image sizes here are a few hundred pixels a side).
enum FFT {
    /// The smallest power of two at least `n`.
    static func size(atLeast n: Int) -> Int {
        var p = 1
        while p < n { p <<= 1 }
        return p
    }

    /// The first `count` (a power of two) elements transformed in place (Cooley–Tukey,
    /// iterative, bit-reversed input order).
    static func transform(_ re: inout [Double], _ im: inout [Double], count n: Int, inverse: Bool) {
        guard n > 1 else { return }
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var len = 2
        while len <= n {
            let angle = (inverse ? 2 : -2) * Double.pi / Double(len)
            let wr = cos(angle), wi = sin(angle)
            var start = 0
            while start < n {
                var cr = 1.0, ci = 0.0
                for k in 0..<(len / 2) {
                    let a = start + k, b = a + len / 2
                    let tr = re[b] * cr - im[b] * ci, ti = re[b] * ci + im[b] * cr
                    re[b] = re[a] - tr; im[b] = im[a] - ti
                    re[a] += tr; im[a] += ti
                    let nr = cr * wr - ci * wi
                    ci = cr * wi + ci * wr; cr = nr
                }
                start += len
            }
            len <<= 1
        }
    }
}
