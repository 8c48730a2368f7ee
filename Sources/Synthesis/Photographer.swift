import Foundation
import Imaging

/// One rendered photograph and what it shows.
struct Shot {
    /// The final image (after every degradation, before JPEG encoding).
    var image: Image
    /// The scene's marks (key text box in pre-warp device pixels, glyph height).
    var marks: SceneMarks
    /// What the labelled text looks like in the photo (all zero when there is none): its main
    /// sighting's facts, or those of a legible other sighting when the main one is illegible.
    var facts: RenderFacts
    /// Which sighting `facts` describe: `primary` or an other sighting's name (`sticker`).
    var sighting: String
    /// The sheet's corners in the final image (pixel centres at integer coordinates), top-left,
    /// top-right, bottom-right, bottom-left of the page; empty when the scene has no sheet.
    var pageCorners: [SIMD2<Double>] = []
    /// The box of the labelled text `facts` describe (the main sighting's, or the other one's
    /// that speaks for the image) as four corners in the final image, in the order of
    /// `pageCorners` as the text stands upright; empty when the scene shows no labelled text.
    var textCorners: [SIMD2<Double>] = []
}

/// Turns a scene into a phone photograph: tilt and zoom while drawing, then lighting, sensor
/// noise, perspective, defocus and orientation.
struct Photographer {
    let textures: TextureSet

    /// Renders `scene` at `width × height` with degradation `d`. `fx` supplies the random
    /// placement of lighting and noise. `upscale > 1` renders a clean high-resolution copy
    /// (the degradation is then expected to be `.none`).
    func shoot(_ scene: some Scene, width: Int, height: Int, degradation d: Degradation,
               fx: inout SplitMix64, upscale: Double = 1) throws(SynthesisError) -> Shot {
        try TextRendering.serialized { () throws(SynthesisError) -> Shot in
            try render(scene, width: width, height: height, degradation: d, fx: &fx, upscale: upscale)
        }
    }

    /// `shoot`'s work, with the text-rendering lock held.
    private func render(_ scene: some Scene, width: Int, height: Int, degradation d: Degradation,
                        fx: inout SplitMix64, upscale: Double) throws(SynthesisError) -> Shot {
        let cw = Int((Double(width) * upscale).rounded()), ch = Int((Double(height) * upscale).rounded())
        let canvas = try Canvas(width: cw, height: ch)
        let w = Double(width), h = Double(height)
        let marks: SceneMarks = canvas.withState {
            canvas.scale(upscale, upscale)
            canvas.translate(w / 2, h / 2)
            canvas.rotate(degrees: d.tiltDegrees)
            // Most of a slight oblique view is an affine shear, free here; the true projective
            // warp below (ten times dearer) is drawn for about a third of the images.
            canvas.transform(xx: 1, yx: d.shearY, xy: d.shearX, yy: 1, x0: 0, y0: 0)
            canvas.scale(d.scale, d.scale)
            canvas.translate(-w / 2, -h / 2)
            var m = scene.draw(on: canvas, width: w, height: h, textures: textures)
            m.glyphPixels *= d.scale * upscale
            return m
        }
        // Lighting is smooth: draw it on a 1/8-size layer and stretch it once over the photo.
        let layer = try Canvas(width: max(2, cw / 8), height: max(2, ch / 8))
        layer.scale(Double(layer.width) / Double(cw), Double(layer.height) / Double(ch))
        applyLighting(layer, width: Double(cw), height: Double(ch), d, fx: &fx)
        if d.shadow > 0 { PhoneCapture.castShadow(on: layer, width: Double(cw), height: Double(ch), depth: d.shadow, fx: &fx) }
        canvas.paintStretched(layer)
        let blurSigma = RenderFacts.blurSigma(defocusHalfWidth: d.blur, motionLength: d.motionBlur)
        var facts = RenderFacts(glyphPixels: marks.glyphPixels, blurSigma: blurSigma, noiseSigma: d.noise, alphabet: marks.alphabet)
        if let key = marks.keyBox { facts.contrast = Self.contrast(of: canvas, in: key) }
        var others = marks.otherSightings.map {
            (name: $0.name, box: $0.keyBox, facts: RenderFacts(glyphPixels: $0.glyphPixels * d.scale * upscale,
                                                              contrast: Self.contrast(of: canvas, in: $0.keyBox),
                                                              occlusion: $0.occlusion, blurSigma: blurSigma, noiseSigma: d.noise,
                                                              alphabet: marks.alphabet))
        }
        let moire = upscale == 1 ? marks.moire : nil
        let noiseSeed = fx.next()
        var raster = Raster(canvas)
        var visible: [SIMD2<Double>] = [[0, 0], [Double(cw), 0], [Double(cw), Double(ch)], [0, Double(ch)]]
        if d.perspective > 0 {
            visible = d.obliqueView ? PhoneCapture.obliqueQuad(width: Double(cw), height: Double(ch), strength: d.perspective, fx: &fx)
                : keystone(width: Double(cw), height: Double(ch), d.perspective, fx: &fx)
            raster = raster.perspectiveWarped(source: visible)
        }
        if d.blur > 0 { raster = raster.defocused(halfWidth: d.blur) }
        if d.motionBlur > 1 { raster = raster.motionBlurred(length: d.motionBlur, angleDegrees: d.motionAngle) }
        // The sensor's noise and its aliasing with a screen's pixel grid come after the lens'
        // blur: noise added before it was smoothed away (blurred synthetic photos had a tenth
        // of real-dev's Laplacian variance).
        if d.noise > 0 || moire != nil { addNoise(&raster, sigma: d.noise, moire: moire, seed: noiseSeed) }
        // The phone's processing: tone mapping stretches the range, then sharpening (which also
        // sharpens the noise). Real-dev's photos span grey 34…235 (p5…p95, medians).
        let slope = raster.toneStretch(strength: d.toneStretch)
        facts.contrast *= slope
        facts.noiseSigma *= slope
        for i in others.indices { others[i].facts.contrast *= slope; others[i].facts.noiseSigma *= slope }
        raster = raster.sharpened(amount: d.sharpen)
        var image = try raster.image()
        do {
            if d.quarterTurns % 4 != 0 { image = try image.rotated(quarterTurns: d.quarterTurns) }
        } catch {
            throw SynthesisError(.imagingFailed, error.message)
        }
        var sighting = "primary"
        var textBox = marks.keyBox
        if let key = marks.keyBox {
            let outside = Self.shareOutside(key, visible)
            facts.occlusion = min(1, marks.occlusion + outside)
            if d.perspective > 0 { facts.glyphPixels *= Self.warpMagnification(of: key, from: visible, width: Double(cw), height: Double(ch)) }
            // When the main sighting is illegible, a legible other one (the sticker) speaks
            // for the image.
            for i in others.indices { others[i].facts.occlusion = min(1, others[i].facts.occlusion + Self.shareOutside(others[i].box, visible)) }
            if !facts.legible, let other = others.first(where: { $0.facts.legible }) {
                facts = other.facts
                sighting = other.name
                textBox = other.box
            }
        }
        func inPhoto(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
            Self.photoPoints(points, warpedFrom: d.perspective > 0 ? visible : nil, width: cw, height: ch, quarterTurns: d.quarterTurns)
        }
        let text = textBox.map { b in inPhoto([[b.x, b.y], [b.maxX, b.y], [b.maxX, b.maxY], [b.x, b.maxY]]) } ?? []
        return Shot(image: image, marks: marks, facts: facts, sighting: sighting, pageCorners: inPhoto(marks.pageCorners), textCorners: text)
    }

    /// Stroke-to-background contrast inside `box` (device pixels): the gap between the mean
    /// luma of the two classes an Otsu threshold splits the box's pixels into.
    static func contrast(of canvas: Canvas, in box: Box) -> Double {
        let x0 = max(0, Int(box.x)), x1 = min(canvas.width, Int(box.maxX.rounded(.up)))
        let y0 = max(0, Int(box.y)), y1 = min(canvas.height, Int(box.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        canvas.withPixels { data, stride in
            for y in y0..<y1 {
                let row = data + y * stride
                for x in x0..<x1 {
                    let p = row + 4 * x  // little-endian ARGB32: B, G, R, A
                    let luma = (Int(p[2]) * 299 + Int(p[1]) * 587 + Int(p[0]) * 114) / 1000
                    histogram[luma] += 1
                }
            }
        }
        return Self.otsuGap(histogram)
    }

    /// The difference between the class means of the Otsu split of `histogram`.
    static func otsuGap(_ histogram: [Int]) -> Double {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return 0 }
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var best = -1.0, gap = 0.0, weightBelow = 0, sumBelow = 0.0
        for t in 0..<255 {
            weightBelow += histogram[t]
            sumBelow += Double(t * histogram[t])
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let meanBelow = sumBelow / Double(weightBelow), meanAbove = (sum - sumBelow) / Double(weightAbove)
            let between = Double(weightBelow) * Double(weightAbove) * (meanAbove - meanBelow) * (meanAbove - meanBelow)
            if between > best { best = between; gap = meanAbove - meanBelow }
        }
        return gap
    }

    /// The share of `box` outside the convex quad `visible` (what the photo keeps), sampled on a
    /// 24 × 6 grid.
    static func shareOutside(_ box: Box, _ visible: [SIMD2<Double>]) -> Double {
        func inside(_ p: SIMD2<Double>) -> Bool {
            var sign = 0.0
            for i in 0..<visible.count {
                let a = visible[i], b = visible[(i + 1) % visible.count]
                let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                if cross != 0 {
                    if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
                }
            }
            return true
        }
        var out = 0, n = 0
        for i in 0..<24 {
            for j in 0..<6 {
                let p = SIMD2(box.x + box.width * (Double(i) + 0.5) / 24, box.y + box.height * (Double(j) + 0.5) / 6)
                n += 1
                if !inside(p) { out += 1 }
            }
        }
        return Double(out) / Double(n)
    }

    /// Uneven exposure (a darkening gradient), a specular glare spot and a vignette. Black OVER
    /// at alpha a multiplies by (1 − a) and white OVER is a screen: the same looks as blend
    /// modes, on pixman's fast paths.
    private func applyLighting(_ canvas: Canvas, width w: Double, height h: Double, _ d: Degradation, fx: inout SplitMix64) {
        // A broad specular sheen across the surface (metal, glass, glossy paper).
        let a = fx.uniform(-0.6, 0.6), x0 = w * fx.uniform(0.2, 0.8)
        canvas.paintLinear(x0 - cos(a) * w * 0.5, h * 0.5 - sin(a) * w * 0.5, x0 + cos(a) * w * 0.5, h * 0.5 + sin(a) * w * 0.5, [
            .init(offset: 0, color: .black, alpha: fx.uniform(0.0, 0.2)),
            .init(offset: fx.uniform(0.35, 0.65), color: .white, alpha: fx.uniform(0.05, 0.3)),
            .init(offset: 1, color: .black, alpha: fx.uniform(0.05, 0.3)),
        ])
        let angle = fx.uniform(0, 2 * .pi)
        let cx = w / 2, cy = h / 2, r = max(w, h) * 0.6
        let e0 = min(1, d.exposure * fx.uniform(1.0, 1.2)), e1 = min(1, d.exposure * fx.uniform(0.65, 0.95))
        if e0 < 1 || e1 < 1 {
            canvas.paintLinear(cx - cos(angle) * r, cy - sin(angle) * r, cx + cos(angle) * r, cy + sin(angle) * r,
                               [.init(offset: 0, color: .black, alpha: 1 - e0), .init(offset: 1, color: .black, alpha: 1 - e1)])
        }
        if d.exposure > 1 {
            canvas.paintLinear(0, 0, w, h, [.init(offset: 0, color: .white, alpha: (d.exposure - 1) * 0.8),
                                            .init(offset: 1, color: .white, alpha: (d.exposure - 1) * 0.4)])
        }
        if d.glare > 0 {
            let gx = fx.uniform(0.1, 0.9) * w, gy = fx.uniform(0.1, 0.9) * h
            let gr = fx.uniform(0.15, 0.45) * max(w, h)
            canvas.paintRadial(gx, gy, radius: gr, [.init(offset: 0, color: .white, alpha: d.glare),
                                                    .init(offset: 0.35, color: .white, alpha: d.glare * 0.45),
                                                    .init(offset: 1, color: .white, alpha: 0)])
        }
        canvas.paintRadial(cx + fx.uniform(-0.1, 0.1) * w, cy + fx.uniform(-0.1, 0.1) * h, radius: max(w, h) * 0.75,
                           [.init(offset: 0.55, color: .black, alpha: 0), .init(offset: 1, color: .black, alpha: fx.uniform(0.1, 0.35))])
    }

    /// Adds the same approximately Gaussian noise to R, G and B (luminance noise), `sigma` grey
    /// levels, from a xorshift stream seeded by `seed`, plus the moiré stripes if any.
    private func addNoise(_ raster: inout Raster, sigma: Double, moire: Moire?, seed: UInt64) {
        let w = raster.width, h = raster.height
        // The sum of two uniform bytes minus 255 has σ ≈ 104.1; scale it in 8.8 fixed point.
        let k = Int((sigma / 104.1 * 256).rounded())
        var s = seed | 1
        // Moiré: phase advances by (fx, fy) periods per pixel, looked up in a 256-entry table.
        let lut: [Int] = (0..<256).map { Int(((moire?.amplitude ?? 0) * cos(Double($0) / 256 * 2 * .pi)).rounded()) }
        let angle = (moire?.angleDegrees ?? 0) * .pi / 180, period = max(1, moire?.period ?? 1)
        let fx = Int((cos(angle) / period * 65536 * 256).rounded()), fy = Int((sin(angle) / period * 65536 * 256).rounded())
        let r = moire?.region ?? Box(x: 0, y: 0, width: 0, height: 0)
        let mx0 = max(0, Int(r.x)), mx1 = min(w, Int(r.maxX)), my0 = max(0, Int(r.y)), my1 = min(h, Int(r.maxY))
        raster.withBytes { data, stride in
            for y in 0..<h {
                let row = data + y * stride
                if moire != nil && y >= my0 && y < my1 && mx1 > mx0 {
                    var phase = mx0 * fx + y * fy
                    for x in mx0..<mx1 {
                        let v = lut[(phase >> 16) & 0xFF]
                        let p = row + 4 * x
                        p[0] = UInt8(clamping: Int(p[0]) + v)
                        p[1] = UInt8(clamping: Int(p[1]) + v)
                        p[2] = UInt8(clamping: Int(p[2]) + v)
                        phase &+= fx
                    }
                }
                if k == 0 { continue }
                var x = 0
                while x < w {
                    s ^= s << 13; s ^= s >> 7; s ^= s << 17
                    var bits = s
                    for _ in 0..<4 where x < w {
                        let n = Int(bits & 0xFF) + Int((bits >> 8) & 0xFF) - 255
                        bits >>= 16
                        let delta = (n * k) >> 8
                        let p = row + 4 * x
                        p[0] = UInt8(clamping: Int(p[0]) + delta)
                        p[1] = UInt8(clamping: Int(p[1]) + delta)
                        p[2] = UInt8(clamping: Int(p[2]) + delta)
                        x += 1
                    }
                }
            }
        }
    }

    /// A source quad inside the image whose warp onto the full frame looks like the camera was
    /// not square to the surface: one side shrinks by `strength` of the image size.
    private func keystone(width w: Double, height h: Double, _ strength: Double, fx: inout SplitMix64) -> [SIMD2<Double>] {
        let a = strength * fx.uniform(0.6, 1.0), b = strength * fx.uniform(0, 0.4)
        let j = { (rng: inout SplitMix64) in rng.uniform(0, 0.012) }
        var corners: [SIMD2<Double>] = [[j(&fx) * w, j(&fx) * h], [w - j(&fx) * w, j(&fx) * h],
                                        [w - j(&fx) * w, h - j(&fx) * h], [j(&fx) * w, h - j(&fx) * h]]
        switch fx.int(0...3) {
        case 0: corners[0].x += a * w; corners[1].x -= a * w; corners[0].y += b * h; corners[1].y += b * h  // top recedes
        case 1: corners[3].x += a * w; corners[2].x -= a * w; corners[3].y -= b * h; corners[2].y -= b * h  // bottom recedes
        case 2: corners[0].y += a * h; corners[3].y -= a * h; corners[0].x += b * w; corners[3].x += b * w  // left recedes
        default: corners[1].y += a * h; corners[2].y -= a * h; corners[1].x -= b * w; corners[2].x -= b * w // right recedes
        }
        return corners
    }
}
