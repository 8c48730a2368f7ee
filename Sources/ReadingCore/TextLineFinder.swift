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
        /// Glyph height limits, px. Components need at least `2 × minGlyph` pixels.
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
        /// The options the glyphs were found with (their size limits apply to the lines too).
        var options = Options()

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
            return q % 2 == 0 ? GlyphSet(blobs: moved, width: w, height: h, options: options)
                : GlyphSet(blobs: moved, width: h, height: w, options: options)
        }

        /// The text lines these glyphs form, longest first.
        public func lines(minGlyphs: Int? = nil) -> [TextLine] {
            var o = options
            o.minGlyphs = minGlyphs ?? options.minGlyphs
            // Glyph-sized in this frame (a barcode bar turned 90° is a thin horizontal streak).
            return AnalysisClock.shared.measure {
                TextLineFinder.chains(blobs.filter { glyphLike($0, o) }, options: o)
                    .compactMap { TextLine(glyphs: $0.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.width, height: $0.height) }) }
                    .sorted { $0.glyphCount > $1.glyphCount }
            }
        }
    }

    /// The glyph-like components of `image` (converted to grey).
    public static func glyphs(in image: Image, options: Options = Options()) throws(ImagingError) -> GlyphSet {
        glyphs(pixels: try image.grayBytes(), width: image.width, height: image.height, options: options)
    }

    /// The glyph-like components of a `w`×`h` 8-bit grey image given as its pixels, row by row.
    public static func glyphs(pixels px: [UInt8], width w: Int, height h: Int, options: Options = Options()) -> GlyphSet {
        let blobs = AnalysisClock.shared.measure {
            components(inkMask(px, width: w, height: h, options: options), width: w, height: h).filter {
                glyphLike($0, options) || glyphLike(Blob(x0: $0.y0, y0: $0.x0, x1: $0.y1, y1: $0.x1, count: $0.count), options)
            }
        }
        return GlyphSet(blobs: blobs, width: w, height: h, options: options)
    }

    /// The lines in `image` (converted to grey), longest first.
    public static func lines(in image: Image, options: Options = Options()) throws(ImagingError) -> [TextLine] {
        try glyphs(in: image, options: options).lines(minGlyphs: options.minGlyphs)
    }

    /// Ink pixels: darker (or lighter) than the local mean by a margin that grows with the
    /// local contrast (Niblack-like, with a floor so flat background noise stays background).
    static func inkMask(_ px: [UInt8], width w: Int, height h: Int, options o: Options) -> [Bool] {
        guard w > 0, h > 0, px.count == w * h else { return [] }
        // Window sums from running column sums (the rows of the window) and a prefix over them
        // per row: a few arrays of one row's width instead of two whole-image integral images,
        // so the pass stays in cache.
        let r = max(1, o.window / 2)
        let minC = o.minContrast, k2 = o.k * o.k
        var mask = [Bool](repeating: false, count: w * h)
        var colSum = [Int32](repeating: 0, count: w), colSq = [Int32](repeating: 0, count: w)
        var preSum = [Int64](repeating: 0, count: w + 1), preSq = [Int64](repeating: 0, count: w + 1)
        px.withUnsafeBufferPointer { p in
            mask.withUnsafeMutableBufferPointer { m in
                colSum.withUnsafeMutableBufferPointer { cs in
                    colSq.withUnsafeMutableBufferPointer { cq in
                        preSum.withUnsafeMutableBufferPointer { ps in
                            preSq.withUnsafeMutableBufferPointer { pq in
                                @inline(__always) func value(_ i: Int) -> Int32 { Int32(o.darkText ? p[i] : 255 - p[i]) }
                                @inline(__always) func addRow(_ y: Int, _ sign: Int32) {
                                    let row = y * w
                                    for x in 0..<w { let v = value(row + x); cs[x] += sign * v; cq[x] += sign * v * v }
                                }
                                // The window of row 0: rows 0...r.
                                for y in 0...min(h - 1, r) { addRow(y, 1) }
                                for y in 0..<h {
                                    if y > 0 {
                                        if y + r < h { addRow(y + r, 1) }
                                        if y - r - 1 >= 0 { addRow(y - r - 1, -1) }
                                    }
                                    let rows = Int64(min(h, y + r + 1) - max(0, y - r))
                                    for x in 0..<w {
                                        ps[x + 1] = ps[x] + Int64(cs[x])
                                        pq[x + 1] = pq[x] + Int64(cq[x])
                                    }
                                    let row = y * w
                                    for x in 0..<w {
                                        let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                                        let n = rows * Int64(x1 - x0)
                                        let s = ps[x1] - ps[x0]
                                        let v = Int64(value(row + x))
                                        // In integers, scaled by the window's pixel count n: d = n·(mean − v).
                                        // Cheap test first: most pixels are not darker than the mean by the floor.
                                        let d = s - v * n
                                        guard Double(d) > minC * Double(n) else { continue }
                                        let q = pq[x1] - pq[x0]
                                        // mean − v > k·sd  ⇔  d² > k²·n²·variance = k²·(n·q − s²)   (d > 0)
                                        m[row + x] = Double(d) * Double(d) > k2 * Double(n * q - s * s)
                                    }
                                }
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
        // Static functions over an inout array, not closures over a captured variable: no
        // dynamic exclusivity checks in the inner loop.
        func find(_ a: Int32) -> Int32 { Self.find(a, in: &parent) }
        func union(_ a: Int32, _ b: Int32) { Self.union(a, b, in: &parent) }
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

    /// Union–find root of `a`, halving the path.
    @inline(__always)
    static func find(_ a: Int32, in parent: inout [Int32]) -> Int32 {
        var a = a
        while parent[Int(a)] != a { parent[Int(a)] = parent[Int(parent[Int(a)])]; a = parent[Int(a)] }
        return a
    }

    @inline(__always)
    static func union(_ a: Int32, _ b: Int32, in parent: inout [Int32]) {
        let ra = find(a, in: &parent), rb = find(b, in: &parent)
        if ra != rb { parent[Int(max(ra, rb))] = min(ra, rb) }
    }

    /// Glyph-sized, not a thin outline or a streak.
    static func glyphLike(_ b: Blob, _ o: Options) -> Bool {
        let h = b.height, w = b.width
        // Wide components are glyphs merged by blur or tight spacing (a whole word at worst).
        guard h >= o.minGlyph, h <= o.maxGlyph, Double(w) <= 16 * Double(h), b.count >= 2 * o.minGlyph else { return false }
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
        // A grid on (left edge, centre row) so each glyph looks only at its neighbourhood:
        // textured surfaces give tens of thousands of components.
        let grid = Grid(cell: 24, items: blobs.indices.map { (blobs[$0].x0, Int(blobs[$0].cy)) })
        for i in 0..<n {
            let a = blobs[i]
            let ha = Double(a.height)
            var best: (cost: Double, j: Int)? = nil
            let reachX = Int(Double(a.x1) + 1.3 * 1.8 * ha), fromX = a.x1 - a.width
            let dyMax = 0.45 * 1.8 * ha
            grid.forEach(x: fromX...max(fromX, reachX), y: Int(a.cy - dyMax)...Int(a.cy + dyMax)) { j in
                guard j != i else { return }
                let b = blobs[j]
                let hb = Double(b.height)
                guard Double(b.x0 - a.x1) <= 1.3 * max(ha, hb), b.cx > a.cx else { return }
                let gap = Double(b.x0 - a.x1)
                guard gap >= -0.3 * Double(min(a.width, b.width)) else { return }
                let ratio = hb / ha
                guard ratio >= 0.55, ratio <= 1.8 else { return }
                let dy = abs(b.cy - a.cy)
                guard dy <= 0.45 * max(ha, hb) else { return }
                let cost = max(0, gap) + 2 * dy
                if best.map({ cost < $0.cost || (cost == $0.cost && j < $0.j) }) ?? true { best = (cost, j) }
            }
            guard let (cost, k) = best, cost < leftCost[k] else { continue }
            if left[k] >= 0 { right[left[k]] = -1 }
            left[k] = i; leftCost[k] = cost; right[i] = k
        }
        var chains: [[Blob]] = []
        var seen = [Bool](repeating: false, count: n)
        for i in 0..<n where left[i] < 0 {
            var c = [blobs[i]]
            seen[i] = true
            var k = right[i]
            while k >= 0, !seen[k] { seen[k] = true; c.append(blobs[k]); k = right[k] }
            chains.append(c)
        }
        return join(chains).filter { glyphCount($0) >= o.minGlyphs && !barcodeLike($0) }
    }

    /// Glyphs in a chain, counting a merged component as as many glyphs as its width holds.
    static func glyphCount(_ chain: [Blob]) -> Int {
        chain.reduce(0) { $0 + max(1, Int((Double($1.width) / (0.75 * Double($1.height))).rounded(.down))) }
    }

    /// Joins chains that continue each other on the same baseline across a word gap (up to
    /// three glyph heights), so `Serial` and the serial after it stay one line. Each chain takes
    /// its nearest continuation; a few passes join whole lines.
    static func join(_ input: [[Blob]]) -> [[Blob]] {
        // Stray single components take no part: they would only add noise and work.
        var chains = input.filter { glyphCount($0) >= 2 }
        let singles = input.filter { glyphCount($0) < 2 }
        for _ in 0..<4 {
            chains.sort { $0[0].x0 < $1[0].x0 }
            let fits = chains.map { TextLine(glyphs: $0.map { PixelRect(x: $0.x0, y: $0.y0, width: $0.width, height: $0.height) }) }
            let grid = Grid(cell: 32, items: chains.indices.map { (chains[$0][0].x0, chains[$0][0].y1) })
            var next = [Int](repeating: -1, count: chains.count)
            var prevCost = [Double](repeating: .infinity, count: chains.count)
            var prev = [Int](repeating: -1, count: chains.count)
            for i in chains.indices {
                guard let fit = fits[i] else { continue }
                let h = fit.glyphHeight
                let end = chains[i].map(\.x1).max() ?? 0
                let predictedEnd = fit.baseline(at: Double(end))
                var best: (Double, Int)? = nil
                grid.forEach(x: Int(Double(end) - 0.3 * h)...Int(Double(end) + 3 * h),
                             y: Int(predictedEnd - 2 * h)...Int(predictedEnd + 2 * h)) { j in
                    guard j != i, let other = fits[j] else { return }
                    let first = chains[j][0]
                    let gap = Double(first.x0 - end)
                    guard gap > -h * 0.3, gap <= 3 * h else { return }
                    let ratio = other.glyphHeight / h
                    guard ratio > 0.7, ratio < 1.45 else { return }
                    // The other chain's baseline, at its start, where this one's predicts it.
                    let bottoms = chains[j].prefix(4).map { Double($0.y1 + 1) }
                    guard let lowest = bottoms.max(), abs(lowest - fit.baseline(at: first.cx)) <= 0.35 * h else { return }
                    if best.map({ gap < $0.0 }) ?? true { best = (gap, j) }
                }
                guard let (gap, j) = best, gap < prevCost[j] else { continue }
                if prev[j] >= 0 { next[prev[j]] = -1 }
                prev[j] = i; prevCost[j] = gap; next[i] = j
            }
            guard next.contains(where: { $0 >= 0 }) else { break }
            var merged: [[Blob]] = []
            var used = [Bool](repeating: false, count: chains.count)
            for i in chains.indices where prev[i] < 0 {
                var c = chains[i]
                used[i] = true
                var k = next[i]
                while k >= 0, !used[k] { used[k] = true; c += chains[k]; k = next[k] }
                merged.append(c.sorted { $0.x0 < $1.x0 })
            }
            for i in chains.indices where !used[i] { merged.append(chains[i]) }   // a cycle cannot form, but lose nothing
            chains = merged
        }
        return attach(singles, to: chains)
    }

    /// A line's first or last glyph cut off by a broken neighbour (an etched `7` in pieces too
    /// small to chain leaves the `K` after it alone) joins the line when it sits on the line's
    /// baseline, at its glyph height, within two glyph heights of its end. Returns the chains
    /// and the singles left over.
    static func attach(_ singles: [[Blob]], to input: [[Blob]]) -> [[Blob]] {
        var chains = input
        let items = singles.compactMap(\.first)
        var taken = [Bool](repeating: false, count: items.count)
        let grid = Grid(cell: 32, items: items.indices.map { (items[$0].x0, items[$0].y1) })
        for c in chains.indices where chains[c].count >= 3 {
            for _ in 0..<2 {
                guard let fit = TextLine(glyphs: chains[c].map { PixelRect(x: $0.x0, y: $0.y0, width: $0.width, height: $0.height) }) else { break }
                let h = fit.glyphHeight
                let start = chains[c].map(\.x0).min() ?? 0, end = chains[c].map(\.x1).max() ?? 0
                var best: (Double, Int)? = nil
                for (lo, hi) in [(Double(end) - 0.3 * h, Double(end) + 2 * h), (Double(start) - 3 * h, Double(start))] {
                    let y = fit.baseline(at: (lo + hi) / 2)
                    grid.forEach(x: Int(lo)...Int(hi), y: Int(y - h)...Int(y + h)) { k in
                        guard !taken[k] else { return }
                        let b = items[k]
                        let gap = b.x0 > end ? Double(b.x0 - end) : Double(start - b.x1)
                        guard gap > -0.3 * h, gap <= 2 * h, b.x1 < start || b.x0 > end - Int(0.3 * h) else { return }
                        let ratio = Double(b.height) / h
                        guard ratio >= 0.7, ratio <= 1.3, Double(b.width) <= 1.5 * h,
                              abs(Double(b.y1 + 1) - fit.baseline(at: b.cx)) <= 0.3 * h else { return }
                        if best.map({ gap < $0.0 }) ?? true { best = (gap, k) }
                    }
                }
                guard let (_, k) = best else { break }
                taken[k] = true
                chains[c] = (chains[c] + [items[k]]).sorted { $0.x0 < $1.x0 }
            }
        }
        return chains + singles.indices.filter { !taken[$0] }.map { singles[$0] }
    }

    /// Buckets of item indices by (x, y) cell, for neighbourhood queries.
    struct Grid {
        let cell: Int
        private var buckets: [Int64: [Int]] = [:]
        init(cell: Int, items: [(Int, Int)]) {
            self.cell = cell
            for (i, p) in items.enumerated() { buckets[Self.key(p.0 / cell, p.1 / cell), default: []].append(i) }
        }
        static func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: cy))) }
        /// Calls `body` with every item whose cell overlaps the ranges.
        func forEach(x: ClosedRange<Int>, y: ClosedRange<Int>, _ body: (Int) -> Void) {
            for cx in Self.floorDiv(x.lowerBound, cell)...Self.floorDiv(x.upperBound, cell) {
                for cy in Self.floorDiv(y.lowerBound, cell)...Self.floorDiv(y.upperBound, cell) {
                    for i in buckets[Self.key(cx, cy)] ?? [] { body(i) }
                }
            }
        }
        static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    }

    /// Whether `line` is the edge of a light and a dark area rather than text: the background
    /// above its glyphs differs from the background below them by more than 1.5 times the ink
    /// contrast (moiré and texture along a screen's card edge, a case's rim, break into
    /// glyph-sized pieces that chain). Text has the same background on both sides: on the
    /// development photos' text lines the ratio is at most 0.6. `pixels`: the 8-bit grey image
    /// the line was found in.
    public static func looksLikeEdge(_ line: TextLine, pixels: [UInt8], width w: Int, height h: Int) -> Bool {
        AnalysisClock.shared.measure { edgeRatioTest(line, pixels: pixels, width: w, height: h) }
    }

    static func edgeRatioTest(_ line: TextLine, pixels: [UInt8], width w: Int, height h: Int) -> Bool {
        guard w > 0, h > 0, pixels.count == w * h else { return false }
        let gh = line.glyphHeight
        var above = 0.0, below = 0.0, middle = 0.0, n = 0.0
        func at(_ x: Int, _ y: Double) -> Double { Double(pixels[min(h - 1, max(0, Int(y.rounded()))) * w + x]) }
        for x in stride(from: max(0, line.minX), to: min(w, line.maxX), by: 2) {
            let b = line.baseline(at: Double(x))
            for k in [0.15, 0.25, 0.35, 0.45] {
                above += at(x, b - gh - k * gh)
                below += at(x, b + k * gh)
            }
            for k in [0.2, 0.35, 0.5, 0.65, 0.8] { middle += at(x, b - k * gh) * 0.8 }   // 5 samples weighted as 4
            n += 4
        }
        guard n > 0 else { return false }
        let a = above / n, bl = below / n, m = middle / n
        let step = abs(a - bl), ink = abs(m - (a + bl) / 2)
        return step >= 8 && step > 1.5 * ink
    }

    /// Barcode bars and QR modules chain like glyphs: solid, or (bars hollowed by the local
    /// threshold) mostly far thinner than tall, where text has only its `1`s and `I`s.
    static func barcodeLike(_ chain: [Blob]) -> Bool {
        let solid = chain.filter { $0.fill > 0.85 }.count
        let thin = chain.filter { Double($0.width) <= 0.32 * Double($0.height) }.count
        return Double(solid) > 0.6 * Double(chain.count) || (chain.count >= 8 && Double(thin) >= 0.7 * Double(chain.count))
    }
}
