import Imaging

/// The pixel statistics behind a realism profile, on 8-bit grey pixels given row by row.
public enum RealismStatistics {
    /// Mean grey and the 5th and 95th percentiles of the pixels' grey levels.
    public struct GreyLevels: Codable, Sendable, Hashable {
        public var mean: Double
        public var p5: Double
        public var p95: Double
        /// Grey levels with these figures.
        public init(mean: Double, p5: Double, p95: Double) { self.mean = mean; self.p5 = p5; self.p95 = p95 }
    }

    /// The grey levels of `pixels` (percentiles from the histogram: the lowest level with at
    /// least that share of the pixels at or below it).
    public static func greyLevels(_ pixels: [UInt8]) -> GreyLevels {
        guard !pixels.isEmpty else { return GreyLevels(mean: 0, p5: 0, p95: 0) }
        let histogram = histogram(pixels)
        var sum = 0
        for (v, n) in histogram.enumerated() { sum += v * n }
        return GreyLevels(mean: Double(sum) / Double(pixels.count),
                          p5: Double(level(histogram, share: 0.05)), p95: Double(level(histogram, share: 0.95)))
    }

    /// The gap between the two classes Otsu's threshold splits `pixels` into: the mean grey of
    /// the lighter class minus that of the darker one. 0 when the pixels are all one level.
    /// For text on a background this is the text's contrast, whatever its polarity.
    public static func otsuGap(_ pixels: [UInt8]) -> Double {
        let histogram = histogram(pixels)
        let total = Double(pixels.count)
        var totalSum = 0.0
        for (v, n) in histogram.enumerated() { totalSum += Double(v * n) }
        var below = 0.0, belowSum = 0.0
        var best = -1.0, gap = 0.0
        // Threshold t: the darker class is ≤ t. Between-class variance w0·w1·(μ1 − μ0)².
        for t in 0..<255 {
            below += Double(histogram[t])
            belowSum += Double(t * histogram[t])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let m0 = belowSum / below, m1 = (totalSum - belowSum) / above
            let between = below * above * (m1 - m0) * (m1 - m0)
            if between > best { best = between; gap = m1 - m0 }
        }
        return gap
    }

    /// The variance of the 4-neighbour Laplacian over the interior pixels of a `width`×`height`
    /// image: how much fine detail (edges, noise) it has; blur lowers it. 0 for a flat image
    /// or one too small to have interior pixels.
    public static func laplacianVariance(_ pixels: [UInt8], width w: Int, height h: Int) -> Double {
        precondition(pixels.count == w * h, "pixel count must equal width × height")
        guard w >= 3, h >= 3 else { return 0 }
        var sum = 0.0, squares = 0.0
        pixels.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                let row = y * w
                var rowSum = 0, rowSquares = 0
                for x in 1..<(w - 1) {
                    let i = row + x
                    let l = Int(p[i - 1]) + Int(p[i + 1]) + Int(p[i - w]) + Int(p[i + w]) - 4 * Int(p[i])
                    rowSum += l
                    rowSquares += l * l
                }
                sum += Double(rowSum)
                squares += Double(rowSquares)
            }
        }
        let n = Double((w - 2) * (h - 2))
        let mean = sum / n
        return max(0, squares / n - mean * mean)
    }

    /// The variance of the Laplacian of `image` (converted to grey).
    public static func laplacianVariance(of image: Image) throws(ImagingError) -> Double {
        laplacianVariance(try image.grayBytes(), width: image.width, height: image.height)
    }

    /// The Otsu gap of `image` (converted to grey).
    public static func otsuGap(of image: Image) throws(ImagingError) -> Double {
        otsuGap(try image.grayBytes())
    }

    static func histogram(_ pixels: [UInt8]) -> [Int] {
        var h = [Int](repeating: 0, count: 256)
        for p in pixels { h[Int(p)] += 1 }
        return h
    }

    static func level(_ histogram: [Int], share: Double) -> Int {
        let total = histogram.reduce(0, +)
        let needed = Double(total) * share
        var seen = 0
        for (v, n) in histogram.enumerated() {
            seen += n
            if Double(seen) >= needed && seen > 0 { return v }
        }
        return 255
    }
}
