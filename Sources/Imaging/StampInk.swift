/// The coloured ink of a stamp on a photographed page, and how dark the black print under it is.
///
/// A stamp's ink lies over the print as a translucent layer. Where it is laid like paint over
/// black (the ink's colour at its opacity `a`, the print behind it showing by `1 − a`), a digit
/// under a stroke is the ink's colour darkened, not black, and `Image.coloredInkFaded` alone
/// whitens it with the stroke. Each pixel's darkness against the paper (per channel) is taken
/// as a sum of two inks: the stamp's (its colour, estimated from the page's coloured pixels)
/// and black. The black share, divided by what the stamp's share leaves visible, is the print's
/// darkness under the stamp: about 1 on a digit, whether the inks were laid over each other or
/// multiplied, and about 0 on the stamp over paper.
public struct StampInk: Sendable, Equatable {
    /// The paper's level in each channel (red, green, blue).
    public var paper: SIMD3<Double>
    /// The ink's darkness per channel at full strength, as a share of the paper's level.
    public var ink: SIMD3<Double>

    /// Chroma (brightest minus darkest channel) a pixel needs to count as the stamp's ink.
    public static let inkChroma = 40
    /// Coloured pixels needed to estimate an ink: fewer, and there is no stamp worth the name.
    public static let minInkPixels = 200
    /// The most of the print a stamp's layer is taken to hide: its darkness is divided by at
    /// least `1 − maxCover`, so a solid blot's noise is not blown up into print.
    public static let maxCover = 0.85

    public init(paper: SIMD3<Double>, ink: SIMD3<Double>) {
        self.paper = paper
        self.ink = ink
    }

    /// What `estimate` needs of a page's pixels, gathered in one pass: each channel's histogram
    /// and the pixels coloured enough (`inkChroma`) to be the stamp's ink, kept in full.
    public struct Census: Sendable {
        /// Red, green and blue histograms, 256 counts each, one after the other.
        var histograms = [Int](repeating: 0, count: 3 * 256)
        /// How many pixels were counted.
        public private(set) var count = 0
        /// The pixels whose chroma is at least `inkChroma`.
        var coloured: [SIMD3<UInt8>] = []

        public init() {}

        /// Counts pixel `p`.
        @inline(__always)
        public mutating func add(_ p: SIMD3<UInt8>) {
            histograms.withUnsafeMutableBufferPointer { h in
                h[Int(p.x)] += 1; h[256 + Int(p.y)] += 1; h[512 + Int(p.z)] += 1
            }
            count += 1
            if Int(max(p.x, max(p.y, p.z))) - Int(min(p.x, min(p.y, p.z))) >= StampInk.inkChroma { coloured.append(p) }
        }

        /// Channel `c`'s `q`-th quantile over the pixels counted.
        func percentile(_ c: Int, _ q: Double) -> Double {
            let target = Int((q * Double(count)).rounded(.up))
            var sum = 0
            for v in 0..<256 { sum += histograms[c * 256 + v]; if sum >= target { return Double(v) } }
            return 255
        }
    }

    /// The ink estimated from pixels `(r, g, b)` (see `estimate(_:)` of a census).
    public static func estimate(_ pixels: [SIMD3<UInt8>]) -> StampInk? {
        var census = Census()
        for p in pixels { census.add(p) }
        return estimate(census)
    }

    /// The ink estimated from a page's census: the paper is each channel's 95th percentile;
    /// the ink's hue the median direction of the darkness of its coloured pixels that are not
    /// print-dark (a stamp over paper), its full strength the 98th percentile along it. Nil
    /// without `minInkPixels` coloured pixels.
    public static func estimate(_ census: Census) -> StampInk? {
        guard census.count > 0 else { return nil }
        let paper = SIMD3(census.percentile(0, 0.95), census.percentile(1, 0.95), census.percentile(2, 0.95))
        guard paper.min() > 0 else { return nil }
        let floor = 0.25 * paper.min()
        // The darkness of each coloured pixel over the floor, computed once for both passes.
        var darks: [SIMD3<Double>] = []
        var dirs: [SIMD3<Double>] = []
        for p in census.coloured where Double(min(p.x, min(p.y, p.z))) > floor {
            let d = darkness(p, paper: paper)
            darks.append(d)
            let n = (d * d).sum().squareRoot()
            if n > 0 { dirs.append(d / n) }
        }
        guard dirs.count >= minInkPixels else { return nil }
        func median(_ values: [Double]) -> Double { let s = values.sorted(); return s[s.count / 2] }
        var hue = SIMD3(median(dirs.map(\.x)), median(dirs.map(\.y)), median(dirs.map(\.z)))
        let norm = (hue * hue).sum().squareRoot()
        guard norm > 0 else { return nil }
        hue /= norm
        // The hue must differ from grey, or the two inks cannot be told apart.
        let grey = SIMD3<Double>(repeating: 1 / 3.0.squareRoot())
        guard (hue * grey).sum() < 0.98 else { return nil }
        var along = darks.map { ($0 * hue).sum() }
        along.sort()
        let full = along[min(along.count - 1, Int(0.98 * Double(along.count)))]
        guard full > 0 else { return nil }
        return StampInk(paper: paper, ink: hue * full)
    }

    /// A pixel's darkness against the paper in each channel, 0 (paper or lighter) to 1 (black).
    @inline(__always)
    static func darkness(_ p: SIMD3<UInt8>, paper: SIMD3<Double>) -> SIMD3<Double> {
        let v = SIMD3(Double(p.x), Double(p.y), Double(p.z))
        return ((paper - v) / paper).replacing(with: 0, where: v .> paper)
    }

    /// How dark the black print under pixel `p` is, 0 (none) to 1: the black share of its
    /// darkness (least squares over the three channels, with the stamp's ink as the other
    /// share), divided by what the stamp's share leaves visible.
    public func printDarkness(_ p: SIMD3<UInt8>) -> Double {
        let d = Self.darkness(p, paper: paper)
        // Least squares of d ≈ s·ink + k·(1, 1, 1).
        let uu = (ink * ink).sum(), uw = ink.sum(), ww = 3.0
        let ud = (ink * d).sum(), wd = d.sum()
        let det = uu * ww - uw * uw
        guard det > 1e-9 else { return d.max() }
        let s = (ww * ud - uw * wd) / det
        let k = (uu * wd - uw * ud) / det
        let cover = min(Self.maxCover, max(0, s))
        return min(1, max(0, k / (1 - cover)))
    }
}
