import Imaging

/// Finds lines of text in a photo without Tesseract's layout analysis, which loses small,
/// faint or tilted text (laser etching on aluminium, a tilted sticker): ink is separated from
/// the background by a local threshold, connected components of glyph size are chained
/// left to right along their baseline, and each chain gets its own slope.
///
/// Works on 8-bit grey pixels; coordinates are those of the image it was given.
public enum TextLineFinder {
    /// Tuning of the finder.
    public struct Options: Sendable, Hashable {
        /// Side of the square window of the local threshold, px.
        public var window = 25
        /// A pixel is ink when it is darker than the local mean by `max(minContrast, k × local sd)`.
        public var k = 0.5
        public var minContrast = 8.0
        /// Glyph height limits, px.
        public var minGlyph = 6
        public var maxGlyph = 120
        /// Chains with fewer glyphs are not lines.
        public var minGlyphs = 6
        /// Ink darker than the background (`true`) or lighter (dark mode screens).
        public var darkText = true
        public init() {}
    }

    /// A connected component: its box and how many pixels it has.
    struct Blob: Hashable {
        var x0: Int, y0: Int, x1: Int, y1: Int   // inclusive
        var count: Int
        var width: Int { x1 - x0 + 1 }
        var height: Int { y1 - y0 + 1 }
        var cx: Double { Double(x0 + x1) / 2 }
        var cy: Double { Double(y0 + y1) / 2 }
        var fill: Double { Double(count) / Double(width * height) }
    }

    /// Glyph-like components of an image, in that image's frame.
    public struct GlyphSet: Sendable, Hashable {
        var blobs: [Blob]
        public var width: Int
        public var height: Int

        /// The same components in the image turned by `quarterTurns` × 90° clockwise (as
        /// `Image.rotated(quarterTurns:)`), without finding them again.
        public func turned(_ quarterTurns: Int) -> GlyphSet {
            let q = ((quarterTurns % 4) + 4) % 4
            let w = width, h = height
            let moved = blobs.map { b -> Blob in
                switch q {
                case 1: return Blob(x0: h - 1 - b.y1, y0: b.x0, x1: h - 1 - b.y0, y1: b.x1, count: b.count)
                case 2: return Blob(x0: w - 1 - b.x1, y0: h - 1 - b.y1, x1: w - 1 - b.x0, y1: h - 1 - b.y0, count: b.count)
                case 3: return Blob(x0: b.y0, y0: w - 1 - b.x1, x1: b.y1, y1: w - 1 - b.x0, count: b.count)
                default: return b
                }
            }
            return q % 2 == 0 ? GlyphSet(blobs: moved, width: w, height: h) : GlyphSet(blobs: moved, width: h, height: w)
        }

        /// The text lines these glyphs form, longest first.
        public func lines(minGlyphs: Int = Options().minGlyphs) -> [TextLine] {
            var o = Options()
            o.minGlyphs = minGlyphs
            return TextLineFinder.chains(blobs, options: o)
                .compactMap { TextLine(glyphs: $0.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.width, height: $0.height) }) }
                .sorted { $0.glyphCount > $1.glyphCount }
        }
    }

    /// The glyph-like components of `image` (converted to grey).
    public static func glyphs(in image: Image, options: Options = Options()) throws(ImagingError) -> GlyphSet {
        let g = try image.depth == 8 ? image : image.grayscale()
        let px = try g.grayBytes()
        let mask = inkMask(px, width: g.width, height: g.height, options: options)
        let blobs = components(mask, width: g.width, height: g.height).filter { glyphLike($0, options) }
        return GlyphSet(blobs: blobs, width: g.width, height: g.height)
    }

    /// The lines in `image` (converted to grey), longest first.
    public static func lines(in image: Image, options: Options = Options()) throws(ImagingError) -> [TextLine] {
        try glyphs(in: image, options: options).lines(minGlyphs: options.minGlyphs)
    }

    /// Ink pixels: darker (or lighter) than the local mean by a margin that grows with the
    /// local contrast (Niblack-like, with a floor so flat background noise stays background).
    static func inkMask(_ px: [UInt8], width w: Int, height h: Int, options o: Options) -> [Bool] {
        guard w > 0, h > 0, px.count == w * h else { return [] }
        // Integral images of the values and their squares.
        let iw = w + 1
        var sum = [Int64](repeating: 0, count: iw * (h + 1))
        var sq = [Int64](repeating: 0, count: iw * (h + 1))
        var mask = [Bool](repeating: false, count: w * h)
        px.withUnsafeBufferPointer { p in
            sum.withUnsafeMutableBufferPointer { sum in
                sq.withUnsafeMutableBufferPointer { sq in
                    for y in 0..<h {
                        var rs: Int64 = 0, rq: Int64 = 0
                        let row = y * w, above = y * iw, here = (y + 1) * iw
                        for x in 0..<w {
                            let v = Int64(o.darkText ? p[row + x] : 255 - p[row + x])
                            rs += v; rq += v * v
                            sum[here + x + 1] = sum[above + x + 1] + rs
                            sq[here + x + 1] = sq[above + x + 1] + rq
                        }
                    }
                    let r = max(1, o.window / 2)
                    mask.withUnsafeMutableBufferPointer { m in
                        for y in 0..<h {
                            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
                            let top = y0 * iw, bottom = y1 * iw
                            for x in 0..<w {
                                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                                let n = Double((y1 - y0) * (x1 - x0))
                                let s = Double(sum[bottom + x1] - sum[top + x1] - sum[bottom + x0] + sum[top + x0])
                                let q = Double(sq[bottom + x1] - sq[top + x1] - sq[bottom + x0] + sq[top + x0])
                                let mean = s / n
                                let v = Double(o.darkText ? p[y * w + x] : 255 - p[y * w + x])
                                // Cheap test first: most pixels are not darker than the mean by the floor.
                                guard v < mean - o.minContrast else { continue }
                                let sd = max(0, q / n - mean * mean).squareRoot()
                                m[y * w + x] = v < mean - max(o.minContrast, o.k * sd)
                            }
                        }
                    }
                }
            }
        }
        return mask
    }

    /// 8-connected components (two passes with union–find).
    static func components(_ mask: [Bool], width w: Int, height h: Int) -> [Blob] {
        guard mask.count == w * h, w > 0 else { return [] }
        var label = [Int32](repeating: 0, count: w * h)
        var parent: [Int32] = [0]
        func find(_ a: Int32) -> Int32 {
            var a = a
            while parent[Int(a)] != a { parent[Int(a)] = parent[Int(parent[Int(a)])]; a = parent[Int(a)] }
            return a
        }
        func union(_ a: Int32, _ b: Int32) {
            let ra = find(a), rb = find(b)
            if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
        }
        for y in 0..<h {
            let row = y * w, up = row - w
            for x in 0..<w where mask[row + x] {
                var l: Int32 = 0
                // Neighbours already labelled: W, NW, N, NE.
                @inline(__always) func visit(_ nl: Int32) {
                    guard nl != 0 else { return }
                    if l == 0 { l = nl } else if nl != l { union(l, nl) }
                }
                if x > 0 { visit(label[row + x - 1]) }
                if y > 0 {
                    if x > 0 { visit(label[up + x - 1]) }
                    visit(label[up + x])
                    if x + 1 < w { visit(label[up + x + 1]) }
                }
                if l == 0 {
                    l = Int32(parent.count)
                    parent.append(l)
                }
                label[row + x] = l
            }
        }
        // Flatten the forest, then gather each root's box and size.
        var slot = [Int](repeating: -1, count: parent.count)
        var blobs: [Blob] = []
        for y in 0..<h {
            let row = y * w
            for x in 0..<w {
                let l = label[row + x]
                guard l != 0 else { continue }
                let root = Int(find(l))
                if slot[root] < 0 {
                    slot[root] = blobs.count
                    blobs.append(Blob(x0: x, y0: y, x1: x, y1: y, count: 1))
                } else {
                    let k = slot[root]
                    blobs[k].x0 = min(blobs[k].x0, x); blobs[k].x1 = max(blobs[k].x1, x)
                    blobs[k].y1 = y; blobs[k].count += 1
                }
            }
        }
        return blobs
    }

    /// Glyph-sized, not a thin outline or a streak.
    static func glyphLike(_ b: Blob, _ o: Options) -> Bool {
        let h = b.height, w = b.width
        // Wide components are glyphs merged by blur or tight spacing (a whole word at worst).
        guard h >= o.minGlyph, h <= o.maxGlyph, Double(w) <= 16 * Double(h), b.count >= 12 else { return false }
        return !(w > 3 && b.fill < 0.1)
    }

    /// Chains glyphs left to right: each glyph links to its nearest right neighbour of similar
    /// height on about the same centre line; chains are then joined across wider word gaps when
    /// the next one continues the first one's baseline.
    static func chains(_ input: [Blob], options o: Options) -> [[Blob]] {
        let blobs = input.sorted { $0.x0 != $1.x0 ? $0.x0 < $1.x0 : $0.y0 < $1.y0 }
        let n = blobs.count
        var right = [Int](repeating: -1, count: n)
        var left = [Int](repeating: -1, count: n)
        var leftCost = [Double](repeating: .infinity, count: n)
        for i in 0..<n {
            let a = blobs[i]
            let ha = Double(a.height)
            var best: (cost: Double, j: Int)? = nil
            var j = i + 1
            while j < n {
                let b = blobs[j]
                let hb = Double(b.height)
                if Double(b.x0) > Double(a.x1) + 1.3 * 1.8 * ha { break }
                j += 1
                guard Double(b.x0 - a.x1) <= 1.3 * max(ha, hb) else { continue }
                guard b.cx > a.cx else { continue }
                let gap = Double(b.x0 - a.x1)
                guard gap >= -0.3 * Double(min(a.width, b.width)) else { continue }
                let ratio = hb / ha
                guard ratio >= 0.55, ratio <= 1.8 else { continue }
                let dy = abs(b.cy - a.cy)
                guard dy <= 0.45 * max(ha, hb) else { continue }
                let cost = max(0, gap) + 2 * dy
                if best == nil || cost < best!.cost { best = (cost, j - 1) }
            }
            guard let (cost, k) = best, cost < leftCost[k] else { continue }
            if left[k] >= 0 { right[left[k]] = -1 }
            left[k] = i; leftCost[k] = cost; right[i] = k
        }
        var chains: [[Blob]] = []
        for i in 0..<n where left[i] < 0 {
            var c = [blobs[i]]
            var k = right[i]
            while k >= 0 { c.append(blobs[k]); k = right[k] }
            chains.append(c)
        }
        return join(chains).filter { glyphCount($0) >= o.minGlyphs && !barcodeLike($0) }
    }

    /// Glyphs in a chain, counting a merged component as as many glyphs as its width holds.
    static func glyphCount(_ chain: [Blob]) -> Int {
        chain.reduce(0) { $0 + max(1, Int((Double($1.width) / (0.75 * Double($1.height))).rounded(.down))) }
    }

    /// Joins chains that continue each other on the same baseline across a word gap (up to
    /// three glyph heights), so `Serial` and the serial after it stay one line.
    static func join(_ input: [[Blob]]) -> [[Blob]] {
        var chains = input.sorted { $0[0].x0 < $1[0].x0 }
        var merged = true
        while merged {
            merged = false
            outer: for i in chains.indices {
                guard let fit = TextLine(glyphs: chains[i].map { PixelRect(x: $0.x0, y: $0.y0, width: $0.width, height: $0.height) }) else { continue }
                let end = chains[i].map(\.x1).max() ?? 0
                for j in chains.indices where j != i {
                    let first = chains[j][0]
                    let gap = Double(first.x0 - end)
                    guard gap > -fit.glyphHeight * 0.3, gap <= 3 * fit.glyphHeight else { continue }
                    let hs = chains[j].map { Double($0.height) }.sorted()
                    let hj = hs[hs.count * 3 / 4]
                    guard hj / fit.glyphHeight > 0.7, hj / fit.glyphHeight < 1.45 else { continue }
                    // The other chain's baseline, at its start, where this one's predicts it.
                    let bottoms = chains[j].prefix(4).map { Double($0.y1 + 1) }
                    let predicted = fit.baseline(at: first.cx)
                    guard let lowest = bottoms.max(), abs(lowest - predicted) <= 0.35 * fit.glyphHeight else { continue }
                    chains[i] += chains[j]
                    chains[i].sort { $0.x0 < $1.x0 }
                    chains.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return chains
    }

    /// Barcode bars and QR modules chain like glyphs: solid, and mostly very thin or square.
    static func barcodeLike(_ chain: [Blob]) -> Bool {
        let solid = chain.filter { $0.fill > 0.85 }.count
        return Double(solid) > 0.6 * Double(chain.count)
    }
}
