import Imaging
import ReadingCore

/// Finds text lines without Tesseract's layout analysis: the photo fitted to `max_side`, its
/// glyphs found in one polarity, chained in each quarter turn the preset reads, the turn with
/// the most text kept, and lines that look like edges moved last.
struct LineFinding {
    var settings: Preset.Lines
    /// The preset's rotations (a quarter turn is chained only when it or its opposite is tried).
    let rotations: [Int]

    /// The fitted photo the lines are found in.
    struct Page {
        /// Fitted size over the photo's.
        var fit: Double
        var width: Int
        var height: Int
        /// The fitted photo's pixels (the edge test).
        var pixels: [UInt8]
        /// The pixels glyphs are found in (box-blurred when the preset asks: a screen's moiré).
        var inkPixels: [UInt8]
        /// The polarities to try, in order (light text first on a dark-mode screen).
        var polarities: [Preset.Lines.Polarity]
    }

    /// The lines of one polarity in their best quarter turn.
    struct Found {
        var glyphs: TextLineFinder.GlyphSet
        /// 0 or 90: the turn in which lines chain (upright or upside down is not known yet).
        var rotation: Int
        /// Longest first.
        var lines: [TextLine]
    }

    /// Fits `gray` and prepares its pixels.
    func page(_ gray: Image, clock: inout StageClock) throws -> Page {
        let fit = min(1.0, Double(settings.maxSide) / Double(max(gray.width, gray.height)))
        let small = try clock.time("lines:fit") { try fit < 1 ? gray.scaled(by: fit) : gray.copy() }
        // The small copy's pixels serve the threshold, the edge test and the dark-mode check.
        let pixels = try small.grayBytes()
        var inkPixels = pixels
        if let size = settings.smooth, size > 1 {
            inkPixels = try clock.time("lines:smooth") { try small.boxBlurred(halfWidth: size / 2).grayBytes() }
        }
        var polarities = settings.polarities
        if let limit = settings.darkModeMedian, Self.medianGray(pixels) < limit { polarities.reverse() }
        return Page(fit: fit, width: small.width, height: small.height, pixels: pixels, inkPixels: inkPixels, polarities: polarities)
    }

    /// The lines of `polarity` in the quarter turn with the most chained glyphs: lines chain
    /// only when horizontal, so that turn is upright or upside down. Nil when none chain.
    func lines(in page: Page, polarity: Preset.Lines.Polarity, clock: inout StageClock) -> Found? {
        var options = TextLineFinder.Options()
        options.darkText = polarity == .dark
        options.minGlyphs = settings.minGlyphs
        if let m = settings.minGlyphHeight { options.minGlyph = max(2, m) }
        if let c = settings.minContrast { options.minContrast = c }
        let glyphs = clock.time("lines:glyphs") { TextLineFinder.glyphs(pixels: page.inkPixels, width: page.width, height: page.height, options: options) }
        var found: [Found] = []
        for r in [0, 90] where rotations.contains(r) || rotations.contains(r + 180) {
            let lines = clock.time("lines:chain\(r == 0 ? "" : "/rot90")") { glyphs.turned(r / 90).lines(minGlyphs: settings.minGlyphs) }
            found.append(Found(glyphs: glyphs, rotation: r, lines: lines))
        }
        let smoothed = (settings.smooth ?? 0) > 1
        guard let best = found.max(by: { Self.mass($0.lines, smoothed: smoothed) < Self.mass($1.lines, smoothed: smoothed) }),
              !best.lines.isEmpty else { return nil }
        return best
    }

    /// The lines of `glyphs` turned to `rotation`, text first.
    func lines(of glyphs: TextLineFinder.GlyphSet, turnedTo rotation: Int, in page: Page) -> [TextLine] {
        textFirst(glyphs.turned(rotation / 90).lines(minGlyphs: settings.minGlyphs), turned: rotation / 90, in: page)
    }

    /// `lines` (in the page turned `q` quarters) with those that chain like an edge moved
    /// last: they are read last, and probe no orientation. With `serial_first`, of the
    /// `max_lines` longest text lines, those ending in a serial-shaped word (`SerialShape`) come
    /// first, each after the lines it continues on its row: they probe the orientation and are
    /// read before longer prose.
    func textFirst(_ lines: [TextLine], turned q: Int, in page: Page) -> [TextLine] {
        let sideways = q % 2 != 0
        let width = sideways ? page.height : page.width, height = sideways ? page.width : page.height
        let px = q == 0 ? page.pixels : Self.turn(page.pixels, width: page.width, height: page.height, quarterTurns: q)
        let edge = lines.map { TextLineFinder.looksLikeEdge($0, pixels: px, width: width, height: height) }
        var text = lines.indices.filter { !edge[$0] }.map { lines[$0] }
        if settings.serialFirst == true {
            // Among the lines read (the longest), so that noise in a serial's shape (brushed
            // metal's texture) never pushes text out of them.
            let read = Array(text.prefix(settings.maxLines))
            let shaped = read.map { SerialShape.endsInSerialWord($0, pixels: px, width: width, height: height) }
            text = SerialShape.serialFirst(read, shaped: shaped) + text.dropFirst(settings.maxLines)
        }
        return text + lines.indices.filter { edge[$0] }.map { lines[$0] }
    }

    /// Glyphs in lines: how much text an orientation shows. Only single glyphs count: merged
    /// components also chain across vertical text. In `smoothed` glyphs a word's letters merge
    /// (small text under the box mean), and a word turned on end is a tall single "glyph" that
    /// chains with the next row's: there a merged word counts as the letters its width holds,
    /// or a small screen is read sideways (a second source's iPhone photos, glyphs of 9–13 px:
    /// the 15 photos in 92 whose line stage found no serial had each read a polarity's lines
    /// a quarter turn over). A line of one or two components is no text there: moiré stripes
    /// turned across the rows merge into long bars (seed 97301 screen #137).
    static func mass(_ lines: [TextLine], smoothed: Bool = false) -> Int {
        if smoothed { return lines.filter { $0.glyphs.count >= Self.minSmoothedComponents }.reduce(0) { $0 + $1.glyphCount } }
        return lines.reduce(0) { $0 + $1.glyphs.filter { Double($0.width) <= 1.2 * Double($0.height) }.count }
    }

    /// Components a line of `smoothed` glyphs needs to count as text in `mass`.
    static let minSmoothedComponents = 3

    /// The median of 8-bit grey pixels.
    static func medianGray(_ pixels: [UInt8]) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        var seen = 0
        let half = (pixels.count + 1) / 2
        for (v, n) in histogram.enumerated() {
            seen += n
            if seen >= half { return v }
        }
        return 255
    }

    /// 8-bit pixels of a `width`×`height` image turned by `quarterTurns` × 90° clockwise (as
    /// `Image.rotated(quarterTurns:)` and `GlyphSet.turned`).
    static func turn(_ px: [UInt8], width w: Int, height h: Int, quarterTurns: Int) -> [UInt8] {
        let q = ((quarterTurns % 4) + 4) % 4
        guard q != 0, px.count == w * h else { return px }
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let v = px[y * w + x]
                switch q {
                case 1: out[x * h + (h - 1 - y)] = v                  // new width h
                case 2: out[(h - 1 - y) * w + (w - 1 - x)] = v
                default: out[(w - 1 - x) * h + y] = v                 // new width h
                }
            }
        }
        return out
    }
}
