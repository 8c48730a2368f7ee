import CTesseract

extension Image {
    /// Grey in which coloured ink fades into the paper while black print stays black.
    ///
    /// Each pixel becomes its brightest channel plus `boost` times its chroma (brightest minus
    /// darkest channel), capped at white. A blue stamp (about 96, 97, 151 once photographed)
    /// has a brightest channel of ~150 — still half-way to the paper — and a chroma of ~55,
    /// so it ends near white; a red seal does too. Black and grey print, dark in every channel
    /// with next to no chroma, is unchanged, and so is black print under a stamp (the inks
    /// multiply to black). Where the stamp's ink was laid over the print like paint instead (a
    /// digit under a stroke is then the ink's colour, darkened), the print under it is found by
    /// `StampInk` (the page's stamp ink and paper, estimated from its pixels) and kept as dark
    /// as it is, if that is at least `printUnderInk`. A stamp pressed over a printed number
    /// then no longer hides it.
    /// A grey image is returned as grey.
    ///
    /// `chromaSpread` (a side, in pixels, made odd): each pixel is faded by the most chroma of
    /// the square around it (Leptonica's grey dilation of the chroma) rather than its own. A JPEG
    /// keeps colour at half resolution: the edges of a stamp's hairline are dark but nearly grey,
    /// and faded by their own chroma stay a grey outline of the line. Print right beside a stamp's
    /// ink is lightened with it.
    public func coloredInkFaded(boost: Double = 1.5, chromaSpread: Int = 1) throws(ImagingError) -> Image {
        guard depth == 32 else { return try grayscale() }
        let w = width, h = height
        let (src, swpl) = withUnsafePix { pix in (pixGetData(pix), Int(pixGetWpl(pix))) }
        guard let src, let out = pixCreate(Int32(w), Int32(h), 8), let dst = pixGetData(out) else {
            throw ImagingError(.operationFailed, "could not allocate a \(w)×\(h) image")
        }
        let dwpl = Int(pixGetWpl(out))
        let k = Int((boost * 256).rounded())
        // The chroma each pixel is faded by: its own, or the most of its neighbourhood.
        var spread: [UInt8] = []
        if chromaSpread > 1 {
            var chroma = [UInt8](repeating: 0, count: w * h)
            withExtendedLifetime(self) {
                for y in 0..<h { let s = src + y * swpl; for x in 0..<w { chroma[y * w + x] = UInt8(Self.brightestAndChroma(s[x]).chroma) } }
            }
            let g = try Image.gray(width: w, height: h, pixels: chroma)
            let d = try Image.wrap(g.withUnsafePix { pixDilateGray($0, Int32(chromaSpread | 1), Int32(chromaSpread | 1)) }, "dilate the chroma")
            spread = try d.grayBytes()
        }
        // The print under a stamp's strokes, dark in the stamp's colour, is kept dark.
        let ink = StampInk.estimate(withExtendedLifetime(self) {
            var census = StampInk.Census()
            for y in 0..<h { let s = src + y * swpl; for x in 0..<w { census.add(Self.channels(s[x])) } }
            return census
        })
        withExtendedLifetime(self) {
            for y in 0..<h {
                let s = src + y * swpl, d = dst + y * dwpl
                var x = 0
                while x < w {
                    var word: UInt32 = 0
                    for i in 0..<4 {
                        var v: UInt32 = 255
                        if x + i < w {
                            var (hi, chroma) = Self.brightestAndChroma(s[x + i])
                            if !spread.isEmpty { chroma = Int(spread[y * w + x + i]) }
                            v = UInt32(min(255, hi + (chroma * k) >> 8))
                            if let ink, chroma >= Self.printUnderInkChroma {
                                let dark = ink.printDarkness(Self.channels(s[x + i]))
                                if dark >= Self.printUnderInk { v = min(v, UInt32((255 * (1 - dark)).rounded())) }
                            }
                        }
                        word |= v << UInt32(24 - 8 * i)
                    }
                    d[x >> 2] = word
                    x += 4
                }
            }
        }
        return Image(owning: out)
    }
}

extension Image {
    /// The share of pixels inside `rect` (clamped) whose chroma (brightest minus darkest
    /// channel) is at least `minChroma`: how much coloured ink — a stamp — lies there. 0 for a
    /// grey image or an empty rectangle.
    public func colouredShare(in rect: PixelRect, minChroma: Int = 28) -> Double {
        guard depth == 32, let r = rect.clamped(width: width, height: height) else { return 0 }
        let (data, wpl) = withUnsafePix { pix in (pixGetData(pix), Int(pixGetWpl(pix))) }
        guard let data else { return 0 }
        var coloured = 0
        withExtendedLifetime(self) {
            for y in r.y..<r.maxY {
                let line = data + y * wpl
                for x in r.x..<r.maxX {
                    if Self.brightestAndChroma(line[x]).chroma >= minChroma { coloured += 1 }
                }
            }
        }
        return Double(coloured) / Double(r.width * r.height)
    }
}

extension Image {
    /// A Leptonica RGB pixel's (red in the high byte, then green, blue) channels.
    @inline(__always)
    static func channels(_ p: UInt32) -> SIMD3<UInt8> {
        SIMD3(UInt8(p >> 24), UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF))
    }

    /// The chroma from which a pixel may be print under a stamp's ink rather than grey.
    static let printUnderInkChroma = 16
    /// The print darkness under a stamp's ink (`StampInk.printDarkness`) from which a pixel
    /// keeps it rather than fading with the stamp. On the 74 stamped legible permits of the
    /// development sets, 34 read exactly at 0.5; 33 at 0.3 (and 22 false refusals, not 17);
    /// 25 at 0.3 with the darkness scaled by 1.5.
    static let printUnderInk = 0.5

    /// A Leptonica RGB pixel's brightest channel and chroma (brightest minus darkest channel).
    @inline(__always)
    static func brightestAndChroma(_ p: UInt32) -> (hi: Int, chroma: Int) {
        let r = Int(p >> 24), g = Int((p >> 16) & 0xFF), b = Int((p >> 8) & 0xFF)
        let hi = max(r, max(g, b))
        return (hi, hi - min(r, min(g, b)))
    }
}
