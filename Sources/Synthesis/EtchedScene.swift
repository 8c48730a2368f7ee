import Foundation

/// The bottom case of a MacBook: the laser-etched regulatory block ("Designed by Apple in
/// California … Serial C02…"), light grey on brushed aluminium, optionally with a printed
/// inventory sticker (`Sl.# <serial>`, a `COMP…` code, a QR-like block) and marker notes.
struct EtchedScene: Scene {
    /// A MacBook model as etched on its case.
    struct Model: Sendable {
        var number: String, emc: String, rating: String, modelCodes: [String]
    }

    static let models: [Model] = [
        Model(number: "A1990", emc: "EMC 3215", rating: "Rated 20.2V ⎓ 4.3A max.", modelCodes: ["JG5H", "LVCF", "MD6T"]),
        Model(number: "A1990", emc: "EMC 3359", rating: "Rated 20.2V ⎓ 4.3A max.", modelCodes: ["LVCF", "MD6T"]),
        Model(number: "A2141", emc: "EMC 3347", rating: "Rated 20.5V ⎓ 4.7A max.", modelCodes: ["MD6N", "MD6M", "MD6R"]),
        Model(number: "A2179", emc: "EMC 3302", rating: "Rated 20.2V ⎓ 3.0A max.", modelCodes: ["Q6L4", "Q6LR"]),
        Model(number: "A1932", emc: "EMC 3184", rating: "Rated 20.2V ⎓ 3.0A max.", modelCodes: ["JK7L", "JK7M"]),
        Model(number: "A2159", emc: "EMC 3301", rating: "Rated 20.2V ⎓ 3.0A max.", modelCodes: ["LYWD", "LYWF"]),
        Model(number: "A2338", emc: "EMC 3578", rating: "Rated 20.2V ⎓ 3.0A max.", modelCodes: ["Q05D", "Q05G"]),
        Model(number: "A2289", emc: "EMC 3456", rating: "Rated 20.2V ⎓ 3.0A max.", modelCodes: ["ML7H", "ML7K"]),
    ]

    let kind = SceneKind.etched
    /// The serial etched (and printed on the sticker); `nil` for a negative scene.
    var serial: String?
    var model: Model
    var family: String
    /// Cap height of the small text at scale 1, pixels.
    var capHeight: Double
    var metal: RGB
    var darkText: Bool
    var blockCenterX: Double, blockTop: Double
    var hinge: Double?
    var sticker: Bool
    var comp: String
    var phone: String
    var markerText: String?
    var markerColor: RGB
    /// Split of the regulatory tokens between the two small lines.
    var lineBreak: Int
    /// Seed of the scene's remaining detail (QR cells, scratches, marker jitter).
    var detailSeed: UInt64
    /// A close-up: the block fills the frame (capitals ~15–25 px), its lines may run off the
    /// edges, but the serial line ends inside the frame at `serialRight` (fraction of width).
    var closeup = false
    var serialRight = 0.8
    /// Strength of the broad specular bloom a close-up catches (0 = none).
    var bloom = 0.0
    /// Baseline-to-baseline distance of the two small rows, in cap heights.
    var pitch = 2.35
    /// A fingertip entering the frame, if any: which edge (0 top, 1 right, 2 bottom, 3 left),
    /// where along it (0–1) and how far in (fraction of the frame's smaller side).
    var finger: (edge: Int, along: Double, reach: Double)?

    /// Share of etched scenes drawn as close-ups.
    static let closeupShare = 0.3

    /// The regulatory block's typefaces, most of them humanist sans like Apple's: compared with
    /// crops of `real-dev`, Open Sans and Cantarell come closest (narrow `0`, open `C`/`G`
    /// without a spur, `6`/`9` with curved stems); Inter, Noto, Liberation and DejaVu
    /// (grotesque, wider) keep a share so that a reader is not tuned to one shape.
    static let families = ["Open Sans", "Open Sans", "Open Sans", "Cantarell", "Cantarell", "Cantarell",
                           "Inter", "Inter", "Noto Sans", "Liberation Sans", "DejaVu Sans"]

    /// Row pitch (baseline to baseline) of the two small rows in cap heights: 2.1–2.6 on the
    /// real cases (e.g. real-dev WA0024: 34 px for capitals 14–15 px tall).
    static let rowPitch = 2.1...2.6

    /// Draws the content of one scene from `rng`; `serial` decides the model code it ends with.
    static func random(serial: String?, model: Model, rng: inout SplitMix64) -> EtchedScene {
        let spaceGrey = rng.chance(0.35)
        let base = spaceGrey ? rng.uniform(0.36, 0.5) : rng.uniform(0.7, 0.86)
        let tint = RGB(0.55, 0.58, 0.78)
        var scene = EtchedScene(
            serial: serial, model: model,
            family: rng.pick(families),
            capHeight: rng.uniform(8.5, 12),
            metal: RGB(gray: base).mixed(with: tint.scaled(base / tint.luma), rng.uniform(0.1, 0.6)),
            darkText: spaceGrey ? rng.chance(0.7) : rng.chance(0.95),
            blockCenterX: rng.uniform(0.3, 0.62), blockTop: rng.uniform(0.2, 0.45),
            hinge: rng.chance(0.55) ? rng.uniform(0.04, 0.22) : nil,
            sticker: rng.chance(0.5),
            comp: "COMP" + String(repeating: "0", count: 9) + String(rng.int(800_000...899_999)),
            phone: "080 - \(rng.int(60_000_000...69_999_999))",
            markerText: rng.chance(0.45) ? (rng.pick(["Rm-", "Rm - ", "RM", "Rm"]) + String(rng.int(50_000...59_999))) : nil,
            markerColor: rng.pick([RGB(0.7, 0.12, 0.15), RGB(0.75, 0.15, 0.2), RGB(0.15, 0.2, 0.65), RGB(0.1, 0.1, 0.15)]),
            lineBreak: rng.int(0...2), detailSeed: rng.next())
        scene.pitch = rng.uniform(rowPitch.lowerBound, rowPitch.upperBound)
        if rng.chance(0.15) { scene.finger = (rng.int(0...3), rng.uniform(0.1, 0.9), rng.uniform(0.12, 0.3)) }
        if rng.chance(0.08) {
            // Framed carelessly: the block runs off the left (its start cut, the serial whole)
            // or the right edge (the serial may be cut: recorded as occlusion).
            scene.blockCenterX = rng.chance(0.5) ? rng.uniform(0.05, 0.15) : rng.uniform(0.72, 0.9)
        }
        if rng.chance(closeupShare) {
            scene.closeup = true
            // Times the photographer's close-up zoom (0.95–1.05): capitals of 16–25 px.
            scene.capHeight = rng.uniform(17, 23.8)
            scene.blockTop = rng.uniform(0.2, 0.5)
            scene.serialRight = rng.uniform(0.6, 0.86)
            scene.hinge = nil
            scene.sticker = false
            // Real close-ups show dark glyphs on metal bright with reflected light.
            scene.darkText = rng.chance(0.85)
            scene.bloom = scene.darkText ? rng.uniform(0.15, 0.5) : 0
        }
        return scene
    }

    func draw(on c: Canvas, width w: Double, height h: Double, textures: TextureSet) -> SceneMarks {
        var rng = SplitMix64(seed: detailSeed)
        // Metal and brushed streaks (the specular sheen comes with the photographer's lighting).
        c.fill(metal)
        c.withState {
            // Seen closer, the brushing is coarser.
            let zoom = closeup ? capHeight / 10 : 1
            c.paintTile(textures.brushed, originX: rng.uniform(0, 1000), originY: rng.uniform(0, 200), scaleX: 3 * zoom, scaleY: zoom,
                        alpha: rng.uniform(0.06, 0.2))
        }
        if let hinge { drawHinge(c, w: w, h: h, bottom: hinge * h, textures: textures, rng: &rng) }
        scratches(c, w: w, h: h, rng: &rng)
        if bloom > 0 {
            // The washed-out specular bloom of a phone held close over bare aluminium; the
            // etched glyphs scatter it and stay dark.
            let bx = rng.uniform(0.2, 0.8) * w, by = rng.uniform(-0.1, 0.4) * h
            c.paintRadial(bx, by, radius: rng.uniform(0.5, 0.9) * w, [.init(offset: 0, color: .white, alpha: bloom),
                                                                      .init(offset: 0.5, color: .white, alpha: bloom * 0.4),
                                                                      .init(offset: 1, color: .white, alpha: 0)])
        }

        // The regulatory block, placed by baselines: a row's pitch never depends on which
        // fallback font a glyph such as `⎓` pulled into its layout.
        // Size the font so that its capitals are exactly `capHeight` tall.
        let em = capHeight * 100 / max(1, c.capHeight(Font(family, 100)))
        let small = Font(family, em, .regular, letterSpacing: capHeight * 0.03)
        let big = Font(family, em * 1.6, .light)
        // Real etched glyphs are dark on bright metal: WA0024's serial row ~60 on ~200 grey.
        let ink = darkText ? metal.scaled(closeup ? rng.uniform(0.22, 0.42) : rng.uniform(0.28, 0.55)) : metal.mixed(with: .white, rng.uniform(0.45, 0.65))
        let highlight = darkText ? metal.mixed(with: .white, 0.35) : metal.scaled(0.6)
        var tokens = ["Designed by Apple in California", "Assembled in China", "Model \(model.number)", model.emc, model.rating,
                      "FCC ID: BCG\(model.number) and IC: 579C-\(model.number)", "CAN ICES-3 (B)/NMB-3(B)"]
        if lineBreak == 1 { tokens.swapAt(3, 5) }
        let split = [5, 4, 5][lineBreak]
        let line1 = tokens[..<split].joined(separator: "  ")
        var line2 = tokens[split...].joined(separator: "  ")
        let serialPrefix = line2 + "  Serial "
        if let serial { line2 += "  Serial " + serial }
        // A close-up is placed by where its serial ends (the start of the lines may be cut off).
        let cx = closeup ? serialRight * w - c.measure(line2, small).width / 2 : blockCenterX * w
        var rows: [Box] = []
        var keyBox: Box?
        var serialBox: Box?
        // Laser etching: the groove's lower lip catches the light.
        func etch(_ s: String, _ f: Font, baseline: Double) -> Box {
            c.text(s, f, x: cx, y: baseline + max(0.6, capHeight * 0.08), color: highlight, alpha: 0.35, align: .center, baseline: true)
            let b = c.text(s, f, x: cx, y: baseline, color: ink, alpha: 0.92, align: .center, baseline: true)
            rows.append(c.lastInk)
            return b
        }
        var baseline = blockTop * h + capHeight
        _ = etch(line1, small, baseline: baseline)
        baseline += capHeight * pitch
        let b2 = etch(line2, small, baseline: baseline)
        let serialRow = c.lastInk
        if serial != nil {
            let prefixWidth = c.measure(serialPrefix, small).width
            let box = Box(x: b2.x + prefixWidth, y: b2.y, width: b2.width - prefixWidth, height: b2.height)
            serialBox = box
            keyBox = c.deviceBox(of: box)
        }
        // The certification mark line, the S-mark and the registration number, as on the cases.
        baseline += capHeight * pitch * 1.9
        _ = etch("IS 13252(Part 1)/IEC 60950-1", big, baseline: baseline)
        let sq = capHeight * 1.5
        let squareTop = baseline + capHeight * 0.7
        c.roundedRect(cx - sq / 2, squareTop, sq, sq, radius: sq * 0.15)
        c.setColor(ink, alpha: 0.85); c.stroke(width: max(0.8, capHeight * 0.09))
        c.text("S", Font(family, sq * 0.8), x: cx, y: squareTop + sq * 0.02, color: ink, alpha: 0.85, align: .center)
        baseline = squareTop + sq + capHeight * 2.1
        _ = etch("R-41000450", big, baseline: baseline)

        var fonts = [family]
        var sightings: [Sighting] = []
        if sticker {
            let at = (x: cx - w * rng.uniform(0.32, 0.12), y: baseline + capHeight * rng.uniform(4, 8))
            let drawn = drawSticker(c, x: at.x, y: at.y, w: w, rng: &rng)
            fonts.append(drawn.family)
            rows.append(drawn.box)
            if let sighting = drawn.sighting { sightings.append(sighting) }
        }
        if let markerText {
            // Written beside the block, never over its rows or the sticker: a few tries, else none.
            for _ in 0..<4 {
                let px = closeup ? capHeight * rng.uniform(3.5, 5) : capHeight * rng.uniform(5, 8)
                let x = closeup ? serialRight * w - w * rng.uniform(0.15, 0.3) : cx + w * rng.uniform(-0.1, 0.25)
                let y = serialRow.maxY + capHeight * (closeup ? rng.uniform(1, 3) : rng.uniform(1, 10))
                let box = Ornaments.markerBounds(c, markerText, x: x, y: y, px: px)
                if rows.contains(where: { $0.intersects(box) }) { continue }
                Ornaments.marker(c, markerText, x: x, y: y, px: px, color: markerColor, rng: &rng)
                rows.append(box)
                break
            }
        }
        var occlusion = 0.0
        if let finger {
            let covered = drawFinger(c, finger, w: w, h: h, rng: &rng)
            if let serialBox { occlusion = covered(serialBox) }
            // The sticker's serial, in device space: test the finger in the same space.
            for i in sightings.indices { sightings[i].occlusion = covered(c.userBox(of: sightings[i].keyBox)) }
        }
        return SceneMarks(keyBox: keyBox, glyphPixels: serial == nil ? 0 : capHeight,
                          variant: closeup ? "etched-closeup" : (sticker ? "etched+sticker" : "etched"), fonts: fonts,
                          rows: rows, occlusion: occlusion, otherSightings: sightings)
    }

    /// A fingertip pressed against the lens from one edge: skin, out of focus, opaque in its
    /// middle. Returns the share of a user-space box it hides.
    private func drawFinger(_ c: Canvas, _ f: (edge: Int, along: Double, reach: Double), w: Double, h: Double,
                            rng: inout SplitMix64) -> (Box) -> Double {
        let side = min(w, h)
        let halfWidth = side * rng.uniform(0.1, 0.16), halfLength = side * f.reach
        let (x, y, angle): (Double, Double, Double) = switch f.edge {
        case 0: (f.along * w, 0, 90.0)
        case 1: (w, f.along * h, 180.0)
        case 2: (f.along * w, h, 270.0)
        default: (0, f.along * h, 0.0)
        }
        let skin = rng.pick([RGB(0.87, 0.68, 0.56), RGB(0.76, 0.55, 0.42), RGB(0.55, 0.37, 0.27), RGB(0.92, 0.76, 0.66)])
            .scaled(rng.uniform(0.5, 0.9))
        c.withState {
            c.translate(x, y)
            c.rotate(degrees: angle + rng.uniform(-25, 25))
            c.scale(halfLength, halfWidth)
            c.paintRadial(0, 0, radius: 1, [.init(offset: 0, color: skin.mixed(with: .white, 0.15)),
                                             .init(offset: 0.75, color: skin),
                                             .init(offset: 1, color: skin.scaled(0.8), alpha: 0)])
        }
        // Hidden: inside the opaque core (three quarters of the radii), sampled on a grid.
        let cosA = cos(angle * .pi / 180), sinA = sin(angle * .pi / 180)
        return { box in
            var hidden = 0
            for i in 0..<24 {
                for j in 0..<6 {
                    let px = box.x + box.width * (Double(i) + 0.5) / 24 - x, py = box.y + box.height * (Double(j) + 0.5) / 6 - y
                    let u = (px * cosA + py * sinA) / halfLength, v = (-px * sinA + py * cosA) / halfWidth
                    if u * u + v * v < 0.75 * 0.75 { hidden += 1 }
                }
            }
            return Double(hidden) / 144
        }
    }

    /// The display lid and the dark gap above the bottom case.
    private func drawHinge(_ c: Canvas, w: Double, h: Double, bottom: Double, textures: TextureSet, rng: inout SplitMix64) {
        let gap = h * rng.uniform(0.04, 0.09)
        let lid = metal.mixed(with: .white, rng.uniform(0.1, 0.4))
        c.fill(lid, rect: Box(x: -w, y: -h, width: 3 * w, height: h + bottom - gap))
        c.withState {
            c.rect(-w, -h, 3 * w, h + bottom - gap); c.clip()
            c.paintTile(textures.brushed, originX: rng.uniform(0, 500), originY: 0, scaleX: 4, scaleY: 1, alpha: 0.12)
            c.paintLinear(0, bottom - gap - h * 0.12, 0, bottom - gap, [.init(offset: 0, color: .white, alpha: 0.0),
                                                                       .init(offset: 0.7, color: .white, alpha: 0.35),
                                                                       .init(offset: 1, color: .black, alpha: 0.3)])
        }
        c.fill(RGB(gray: rng.uniform(0.04, 0.12)), rect: Box(x: -w, y: bottom - gap, width: 3 * w, height: gap))
        c.fill(RGB(gray: 0.25), alpha: 0.6, rect: Box(x: -w, y: bottom - gap * 0.55, width: 3 * w, height: gap * 0.12))
        // The edge of the bottom case catches the light.
        c.fill(.white, alpha: rng.uniform(0.2, 0.5), rect: Box(x: -w, y: bottom, width: 3 * w, height: max(1.5, h * 0.004)))
    }

    /// Light scratches and dust specks.
    private func scratches(_ c: Canvas, w: Double, h: Double, rng: inout SplitMix64) {
        for _ in 0..<rng.int(3...14) {
            let x = rng.uniform(0, w), y = rng.uniform(0, h), len = rng.uniform(10, 120), a = rng.uniform(0, .pi)
            c.moveTo(x, y); c.lineTo(x + cos(a) * len, y + sin(a) * len)
            c.setColor(.white, alpha: rng.uniform(0.08, 0.3)); c.stroke(width: rng.uniform(0.6, 1.6))
        }
        for _ in 0..<rng.int(5...30) {
            c.circle(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.8, 2.5))
            c.setColor(rng.chance(0.5) ? .white : .black, alpha: rng.uniform(0.1, 0.4)); c.fill()
        }
    }

    /// The repair shop's inventory sticker, stuck on with tape. Returns its font family and the
    /// box it covers (tilt included).
    private func drawSticker(_ c: Canvas, x: Double, y: Double, w: Double, rng: inout SplitMix64)
        -> (family: String, box: Box, sighting: Sighting?) {
        let sw = w * rng.uniform(0.3, 0.38), sh = sw * rng.uniform(0.5, 0.58)
        var sighting: Sighting?
        let slack = 0.06 * sw
        let box = Box(x: x - slack, y: y - slack, width: sw + 2 * slack, height: sh + 2 * slack)
        let family: String = c.withState {
            c.translate(x, y)
            c.rotate(degrees: rng.uniform(-3, 3))
            // Tape around it.
            c.rect(-sw * 0.08, -sh * 0.1, sw * rng.uniform(1.5, 1.9), sh * 1.25)
            c.setColor(.white, alpha: rng.uniform(0.06, 0.14)); c.fill()
            c.roundedRect(0, 0, sw, sh, radius: sw * 0.04)
            c.setColor(RGB(gray: rng.uniform(0.9, 0.98)).mixed(with: RGB(0.95, 0.93, 0.85), 0.3)); c.fill()
            Ornaments.halftone(c, x: sw * 0.05, y: sh * 0.05, w: sw * 0.45, h: sh * 0.45, rng: &rng)
            Ornaments.qrBlock(c, x: sw * 0.58, y: sh * 0.06, size: sh * 0.42, rng: &rng)
            let family = rng.pick(["Liberation Sans", "DejaVu Sans", "Noto Sans"])
            let f = Font(family, sh * 0.12, .medium, letterSpacing: sh * 0.008)
            let ink = RGB(gray: 0.08)
            c.text(comp, f, x: sw / 2, y: sh * 0.52, color: ink, align: .center)
            if let serial {
                let b = c.text("Sl.#  " + serial, f, x: sw / 2, y: sh * 0.65, color: ink, align: .center)
                let prefix = c.measure("Sl.#  ", f).width
                sighting = Sighting(name: "sticker", keyBox: c.deviceBox(of: Box(x: b.x + prefix, y: b.y, width: b.width - prefix, height: b.height)),
                                    glyphPixels: c.capHeight(f))
            }
            c.text("found, call us on \(phone)", f, x: sw / 2, y: sh * 0.79, color: ink, align: .center)
            // Wear: dirty smudges.
            for _ in 0..<rng.int(2...6) {
                c.withState {
                    c.roundedRect(0, 0, sw, sh, radius: sw * 0.04); c.clip()
                    c.paintRadial(rng.uniform(0, sw), rng.uniform(0, sh), radius: rng.uniform(sh * 0.05, sh * 0.3),
                                  [.init(offset: 0, color: RGB(0.5, 0.45, 0.35), alpha: rng.uniform(0.08, 0.25)),
                                   .init(offset: 1, color: RGB(0.5, 0.45, 0.35), alpha: 0)])
                }
            }
            return family
        }
        return (family, box, sighting)
    }
}
