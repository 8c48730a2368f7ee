import Foundation

/// Non-text marks drawn by several scenes: QR-like blocks, barcodes, halftone print, marker
/// handwriting, rubber stamps and signatures. All randomness comes from the caller's stream.
enum Ornaments {
    /// A QR-code-looking block of `modules × modules` cells (three finder patterns, random data)
    /// with its top-left at (x, y) and side `size`.
    static func qrBlock(_ c: Canvas, x: Double, y: Double, size: Double, modules: Int = 25, color: RGB = .black,
                        rng: inout SplitMix64) {
        let m = size / Double(modules)
        c.setColor(color)
        // Each finder pattern: a dark frame, a light ring, a dark core.
        for (fx, fy) in [(0, 0), (modules - 7, 0), (0, modules - 7)] {
            let ox = x + Double(fx) * m, oy = y + Double(fy) * m
            c.setColor(color); c.rect(ox, oy, 7 * m, 7 * m); c.fill()
            c.setColor(.white); c.rect(ox + m, oy + m, 5 * m, 5 * m); c.fill()
            c.setColor(color); c.rect(ox + 2 * m, oy + 2 * m, 3 * m, 3 * m); c.fill()
        }
        c.setColor(color)
        for j in 0..<modules {
            for i in 0..<modules {
                let inFinder = (i < 8 && j < 8) || (i >= modules - 8 && j < 8) || (i < 8 && j >= modules - 8)
                if !inFinder && rng.chance(0.48) { c.rect(x + Double(i) * m, y + Double(j) * m, m * 1.02, m * 1.02) }
            }
        }
        c.fill()
    }

    /// Barcode-like bars filling `width × height` at (x, y).
    static func barcode(_ c: Canvas, x: Double, y: Double, width: Double, height: Double, color: RGB = .black,
                        rng: inout SplitMix64) {
        let unit = width / 190
        var cx = x + unit * 2
        c.setColor(color)
        var bar = true
        while cx < x + width - unit * 3 {
            let wUnits = Double(rng.int(1...4))
            if bar { c.rect(cx, y, unit * wUnits, height) }
            cx += unit * wUnits
            bar.toggle()
        }
        c.fill()
    }

    /// A patch of halftone dots (a printed logo worn by handling) inside `w × h` at (x, y).
    static func halftone(_ c: Canvas, x: Double, y: Double, w: Double, h: Double, rng: inout SplitMix64) {
        let step = max(2.5, w / 36)
        let cx = x + w * rng.uniform(0.4, 0.6), cy = y + h * rng.uniform(0.4, 0.6)
        c.setColor(RGB(gray: 0.25))
        var yy = y
        while yy < y + h {
            var xx = x
            while xx < x + w {
                let d = hypot((xx - cx) / w, (yy - cy) / h)
                let r = step * 0.45 * max(0, 1 - d * 1.9) * rng.uniform(0.6, 1)
                if r > 0.3 { c.circle(xx, yy, r) }
                xx += step
            }
            yy += step
        }
        c.fill()
    }

    /// Marker handwriting: `text` drawn letter by letter with jitter, in a slanted font.
    /// A box that holds whatever `marker` draws for these arguments (the widest family, every
    /// letter at its largest, jitter and slant included).
    static func markerBounds(_ c: Canvas, _ text: String, x: Double, y: Double, px: Double) -> Box {
        let width = c.measure(text, Font("DejaVu Sans", px * 1.15, .bold, italic: true)).width * 1.2
        return Box(x: x - 0.1 * px, y: y - 0.25 * px, width: width + 0.2 * px, height: 1.85 * px)
    }

    static func marker(_ c: Canvas, _ text: String, x: Double, y: Double, px: Double, color: RGB, rng: inout SplitMix64) {
        var cx = x
        let family = rng.pick(["DejaVu Sans", "Noto Sans", "Liberation Sans"])
        for ch in text {
            let f = Font(family, px * rng.uniform(0.85, 1.15), rng.chance(0.5) ? .bold : .regular, italic: true)
            c.withState {
                c.translate(cx, y + rng.uniform(-0.08, 0.08) * px)
                c.rotate(degrees: rng.uniform(-8, 8))
                let b = c.text(String(ch), f, x: 0, y: 0, color: color, alpha: 0.9)
                cx += b.width * rng.uniform(0.95, 1.2)
            }
        }
    }

    /// A round rubber stamp centred on (cx, cy): two rings, `ring` text around, `center` text
    /// in the middle, in ink `color`.
    static func stamp(_ c: Canvas, cx: Double, cy: Double, radius r: Double, ring: String, center: String, color: RGB,
                      rng: inout SplitMix64) {
        let alpha = rng.uniform(0.55, 0.85)
        c.withState {
            c.translate(cx, cy)
            c.rotate(degrees: rng.uniform(-30, 30))
            c.setColor(color, alpha: alpha)
            c.circle(0, 0, r); c.stroke(width: r * 0.035)
            c.circle(0, 0, r * 0.68); c.stroke(width: r * 0.02)
            let chars = Array(ring)
            let f = Font("DejaVu Sans", r * 0.17, .bold)
            let span = 1.7 * Double.pi
            for (i, ch) in chars.enumerated() {
                let a = -Double.pi / 2 - span / 2 + span * (Double(i) + 0.5) / Double(max(1, chars.count))
                c.withState {
                    c.rotate(degrees: (a + .pi / 2) * 180 / .pi)
                    c.text(String(ch), f, x: 0, y: -r * 0.96, color: color, alpha: alpha, align: .center)
                }
            }
            c.text(center, Font("DejaVu Sans", r * 0.2, .bold), x: 0, y: -r * 0.13, color: color, alpha: alpha, align: .center)
            // A star in the middle of the lower half, as on municipal stamps.
            let sr = r * 0.13, sy = r * 0.32
            for k in 0..<10 {
                let a = -Double.pi / 2 + Double(k) * .pi / 5
                let rr = k % 2 == 0 ? sr : sr * 0.45
                if k == 0 { c.moveTo(cos(a) * rr, sy + sin(a) * rr) } else { c.lineTo(cos(a) * rr, sy + sin(a) * rr) }
            }
            c.closePath(); c.setColor(color, alpha: alpha); c.fill()
        }
    }

    /// A signature: a few connected loops and a flourish in `w × h` at (x, y).
    static func signature(_ c: Canvas, x: Double, y: Double, w: Double, h: Double, color: RGB, rng: inout SplitMix64) {
        var px = x, py = y + h * 0.6
        c.moveTo(px, py)
        let loops = rng.int(4...8)
        for _ in 0..<loops {
            let nx = px + w / Double(loops) * rng.uniform(0.7, 1.3)
            let ny = y + h * rng.uniform(0.3, 0.8)
            c.curveTo(px + rng.uniform(-0.2, 0.4) * w / 4, y + rng.uniform(-0.2, 0.3) * h,
                      nx - rng.uniform(0, 0.3) * w / 4, y + h * rng.uniform(0.7, 1.2), nx, ny)
            px = nx; py = ny
        }
        c.curveTo(px + w * 0.1, py - h * 0.3, x + w * 0.2, y + h * 1.0, x - w * 0.05, y + h * 0.85)
        c.setColor(color, alpha: 0.85)
        c.stroke(width: max(1.2, h * 0.04))
    }
}
