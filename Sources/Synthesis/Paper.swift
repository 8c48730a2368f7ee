import Foundation

/// A sheet of A4 paper lying on a table. Page content is drawn in page units: the sheet is
/// 1000 units wide and 1414 tall whatever its size in the photo.
struct Paper {
    /// Page units → scene pixels.
    var unit: Double
    var originX: Double, originY: Double
    static let pageWidth = 1000.0, pageHeight = 1414.0

    /// Draws the table and a blank sheet, and returns the sheet's placement.
    static func lay(_ c: Canvas, width w: Double, height h: Double, textures: TextureSet, rng: inout SplitMix64) -> Paper {
        let table = rng.pick([RGB(0.5, 0.35, 0.22), RGB(0.62, 0.47, 0.32), RGB(0.35, 0.35, 0.38), RGB(0.8, 0.78, 0.74), RGB(0.3, 0.22, 0.16)])
        c.fill(table)
        c.withState {
            c.paintTile(textures.wood, originX: rng.uniform(0, 900), originY: rng.uniform(0, 200), scaleX: 2.5, scaleY: 1.5,
                        alpha: rng.uniform(0.3, 0.7))
        }
        var pw = w * rng.uniform(0.84, 0.94)
        pw = min(pw, h * 0.95 / 1.414)
        let ph = pw * 1.414
        let x = (w - pw) / 2 + rng.uniform(-0.03, 0.03) * w, y = (h - ph) / 2 + rng.uniform(-0.015, 0.015) * h
        c.withState {
            c.translate(x + pw / 2, y + ph / 2)
            c.rotate(degrees: rng.uniform(-1.5, 1.5))
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
        return Paper(unit: pw / pageWidth, originX: x, originY: y)
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

    /// Draws wrapped paragraphs from `y` and returns the y below them.
    static func paragraphs(_ c: Canvas, _ texts: [String], _ font: Font, x: Double, y: Double, maxWidth: Double,
                           color: RGB, spacing: Double = 1.45, gap: Double = 0.5) -> Double {
        var y = y
        for t in texts {
            for line in wrap(t, font, maxWidth: maxWidth, on: c) {
                c.text(line, font, x: x, y: y, color: color)
                y += font.px * spacing
            }
            y += font.px * gap
        }
        return y
    }
}
