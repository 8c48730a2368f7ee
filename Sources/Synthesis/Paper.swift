import Foundation

/// A sheet of A4 paper lying on a table. Page content is drawn in page units: the sheet is
/// 1000 units wide and 1414 tall whatever its size in the photo.
struct Paper {
    /// Page units → scene pixels.
    var unit: Double
    var originX: Double, originY: Double
    /// The sheet's corners in canvas device pixels (top-left, top-right, bottom-right,
    /// bottom-left of the page), where the photographer's tilt and zoom put them.
    var deviceCorners: [SIMD2<Double>] = []
    static let pageWidth = 1000.0, pageHeight = 1414.0

    /// What the sheet lies on; a phone photo shows a good deal of it around the page.
    enum Surface: String, CaseIterable, Sendable {
        /// A wooden table top.
        case wood
        /// A plain laminate or painted desk, grey or beige.
        case laminate
        /// Speckled stone or terrazzo (a counter).
        case stone
        /// A dark tablecloth or fabric.
        case fabric
        /// A white desk, hardly darker than the paper: the page's edge is faint.
        case white
    }

    /// Draws `surface` over the whole canvas (whatever its transform) in colours drawn from `rng`;
    /// its texture is left out inside the convex polygon `hidden` (where the sheet will lie), which
    /// saves most of the texture's cost when the page fills the photo.
    static func drawSurface(_ surface: Surface, on c: Canvas, hidden: [SIMD2<Double>], textures: TextureSet, rng: inout SplitMix64) {
        let ox = rng.uniform(0, 900), oy = rng.uniform(0, 200)
        let colour: RGB
        switch surface {
        case .wood: colour = rng.pick([RGB(0.5, 0.35, 0.22), RGB(0.62, 0.47, 0.32), RGB(0.35, 0.35, 0.38), RGB(0.8, 0.78, 0.74), RGB(0.3, 0.22, 0.16)])
        case .laminate: colour = rng.pick([RGB(0.62, 0.62, 0.6), RGB(0.72, 0.68, 0.6), RGB(0.45, 0.47, 0.5), RGB(0.55, 0.5, 0.42)])
        case .stone: colour = rng.pick([RGB(0.78, 0.76, 0.72), RGB(0.42, 0.42, 0.44), RGB(0.7, 0.64, 0.56)])
        case .fabric: colour = rng.pick([RGB(0.2, 0.24, 0.4), RGB(0.18, 0.35, 0.25), RGB(0.5, 0.15, 0.17), RGB(0.15, 0.15, 0.15), RGB(0.55, 0.48, 0.4)])
        case .white: colour = RGB(gray: rng.uniform(0.8, 0.9))
        }
        c.fill(colour)
        // Everything but the hidden polygon: a huge rectangle, then the polygon the other way
        // round (non-zero winding leaves it out).
        let big = 1e5
        c.rect(-big, -big, 2 * big, 2 * big)
        for (i, p) in hidden.reversed().enumerated() { if i == 0 { c.moveTo(p.x, p.y) } else { c.lineTo(p.x, p.y) } }
        c.closePath()
        c.clip()
        switch surface {
        case .wood:
            c.paintTile(textures.wood, originX: ox, originY: oy, scaleX: 2.5, scaleY: 1.5, alpha: rng.uniform(0.3, 0.7))
        case .laminate:
            c.paintTile(textures.paper, originX: ox, originY: oy, scaleX: 2, scaleY: 2, alpha: rng.uniform(0.15, 0.35))
        case .stone:
            // Marble: the wood grain, stretched and turned, reads as veins.
            c.paintTile(textures.wood, originX: ox, originY: oy, scaleX: 0.7, scaleY: 2.2, rotationDegrees: rng.uniform(20, 70),
                        alpha: rng.uniform(0.25, 0.45))
            c.paintTile(textures.paper, originX: oy, originY: ox, scaleX: 2, scaleY: 2, alpha: rng.uniform(0.3, 0.5))
        case .fabric:
            // A weave: the grain's fine bands, small, across and along.
            c.paintTile(textures.wood, originX: ox, originY: oy, scaleX: 0.3, scaleY: 0.3, alpha: rng.uniform(0.2, 0.35))
            c.paintTile(textures.wood, originX: oy, originY: ox, scaleX: 0.3, scaleY: 0.3, rotationDegrees: 90, alpha: rng.uniform(0.2, 0.35))
        case .white:
            c.paintTile(textures.wood, originX: ox, originY: oy, scaleX: 3, scaleY: 2, alpha: rng.uniform(0.04, 0.1))
        }
    }

    /// Draws the table (`surface`) and a blank sheet, and returns the sheet's placement.
    static func lay(_ c: Canvas, width w: Double, height h: Double, surface: Surface, textures: TextureSet, rng: inout SplitMix64) -> Paper {
        var pw = w * rng.uniform(0.84, 0.94)
        pw = min(pw, h * 0.95 / 1.414)
        let ph = pw * 1.414
        let x = (w - pw) / 2 + rng.uniform(-0.03, 0.03) * w, y = (h - ph) / 2 + rng.uniform(-0.015, 0.015) * h
        let turn = rng.uniform(-1.5, 1.5)
        // The sheet's corners, a pixel inside, where the table's texture would not show.
        let a = turn * .pi / 180, centre = SIMD2(x + pw / 2, y + ph / 2)
        let sheet = [SIMD2(-1.0, -1.0), [1, -1], [1, 1], [-1, 1]].map { k -> SIMD2<Double> in
            let p = k * SIMD2(pw / 2 - 1, ph / 2 - 1)
            return centre + SIMD2(p.x * cos(a) - p.y * sin(a), p.x * sin(a) + p.y * cos(a))
        }
        c.withState { drawSurface(surface, on: c, hidden: sheet, textures: textures, rng: &rng) }
        let corners = [SIMD2(-1.0, -1.0), [1, -1], [1, 1], [-1, 1]].map { k -> SIMD2<Double> in
            let p = k * SIMD2(pw / 2, ph / 2)
            return c.devicePoint(centre + SIMD2(p.x * cos(a) - p.y * sin(a), p.x * sin(a) + p.y * cos(a)))
        }
        c.withState {
            c.translate(x + pw / 2, y + ph / 2)
            c.rotate(degrees: turn)
            c.translate(-pw / 2, -ph / 2)
            // Soft shadow, then the sheet.
            c.rect(pw * 0.008, ph * 0.01, pw, ph); c.setColor(.black, alpha: 0.25); c.fill()
            c.rect(0, 0, pw, ph); c.setColor(RGB(0.97, 0.96, 0.93).mixed(with: .white, rng.uniform(0, 0.6))); c.fill()
            c.rect(0, 0, pw, ph); c.clip()
            c.paintTile(textures.paper, originX: rng.uniform(0, 200), originY: rng.uniform(0, 200), alpha: 0.1)
            // A fold across the middle catches the light differently.
            if rng.chance(0.5) {
                let fy = ph * rng.uniform(0.3, 0.6)
                c.paintLinear(0, fy - ph * 0.05, 0, fy + ph * 0.05, [.init(offset: 0, color: .black, alpha: 0),
                                                                      .init(offset: 0.5, color: .black, alpha: 0.08),
                                                                      .init(offset: 1, color: .white, alpha: 0)])
            }
        }
        return Paper(unit: pw / pageWidth, originX: x, originY: y, deviceCorners: corners)
    }

    /// A box in page units in the scene's user space (the sheet's slight turn left out: the page's
    /// content is drawn without it).
    func sceneBox(_ b: Box) -> Box {
        Box(x: originX + b.x * unit, y: originY + b.y * unit, width: b.width * unit, height: b.height * unit)
    }

    /// Runs `body` with the canvas in page units (the caller re-applies the sheet's slight turn
    /// by drawing nothing outside the page).
    func page<R>(_ c: Canvas, _ body: () -> R) -> R {
        c.withState {
            c.translate(originX, originY)
            c.scale(unit, unit)
            return body()
        }
    }

    /// Splits `text` into lines no wider than `maxWidth` in `font`.
    static func wrap(_ text: String, _ font: Font, maxWidth: Double, on c: Canvas) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && c.measure(candidate, font).width > maxWidth {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Draws wrapped paragraphs from `y` and returns the y below them; each line's ink box (page
    /// units) is appended to `rows`.
    static func paragraphs(_ c: Canvas, _ texts: [String], _ font: Font, x: Double, y: Double, maxWidth: Double,
                           color: RGB, rows: inout [Box], spacing: Double = 1.45, gap: Double = 0.5) -> Double {
        var y = y
        for t in texts {
            for line in wrap(t, font, maxWidth: maxWidth, on: c) {
                c.text(line, font, x: x, y: y, color: color)
                rows.append(c.lastInk)
                y += font.px * spacing
            }
            y += font.px * gap
        }
        return y
    }
}
