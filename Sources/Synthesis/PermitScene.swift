import Foundation

/// A Tunisian municipal restaurant permit on a table (see `design/permits.md`): bilingual
/// header, ministry, commune, the act's title, the labelled number under it, a body with
/// distractor numbers (law references, dates, capacity, phone), a round stamp and a signature.
/// Some permits also print a decree number or the commune's phone number near the heading, or
/// carry a stamp over their number: look-alikes and ink a reader must see past.
struct PermitScene: Scene {
    static let ministries: [(String, String)] = [
        ("Ministère de l'Intérieur", "وزارة الداخلية"),
        ("Ministère des Affaires Locales et de l'Environnement", "وزارة الشؤون المحلية والبيئة"),
        ("Ministère du Tourisme", "وزارة السياحة"),
        ("Ministère du Commerce", "وزارة التجارة"),
    ]
    static let titles = ["AUTORISATION D'EXPLOITATION D'UN RESTAURANT", "AUTORISATION D'OUVERTURE D'UN RESTAURANT",
                         "PERMIS D'EXPLOITATION — RESTAURANT", "LICENCE DE RESTAURATION",
                         "AUTORISATION D'EXPLOITATION D'UN ÉTABLISSEMENT DE RESTAURATION"]
    static let frenchLabels = ["N°", "N° :", "Numéro :", "Autorisation n°", "Réf. N° :", "N° d'autorisation :", "Numéro d'autorisation :"]
    /// Labels in Arabic only: nothing in French next to the number says what it is.
    static let arabicLabels = ["رقم :", "رقم", "رقم الرخصة :"]

    /// Look-alike numbers printed near the heading (each is a `n°`-labelled or digit-grouped
    /// number that is not the permit's).
    struct Distractors {
        /// The decree the permit applies, e.g. `Décret n° 2018-417` or `قرار عدد 2018-417`.
        var decree: String?
        /// Whether the decree line sits between the title and the number (else above the title).
        var decreeUnderTitle = false
        /// The commune's phone, e.g. `Tél : 71 234 567`.
        var phone: String?
        /// The labels.csv name: `decree+phone`, `decree`, `phone` or empty.
        var name: String { [decree.map { _ in "decree" }, phone.map { _ in "phone" }].compactMap { $0 }.joined(separator: "+") }
    }

    /// A stamp struck over the number. Its ink is translucent (the digits show through), except
    /// where the pad left a `solid` blot.
    struct NumberStamp {
        var solid: Bool
    }

    let kind = SceneKind.document
    var number: String
    var numberLabel: String
    var title: String
    var ministry: (String, String)
    var town: (String, String, String)
    var municipality: Bool
    var holder: String, restaurant: String, street: String
    var serif: String, sans: String, arabic: String
    var detailSeed: UInt64
    var distractors = Distractors()
    var stamp: NumberStamp?
    var surface = Paper.Surface.wood

    static func random(number: String, rng: inout SplitMix64) -> PermitScene {
        var scene = PermitScene(number: number, numberLabel: rng.chance(0.25) ? rng.pick(arabicLabels) : rng.pick(frenchLabels),
                                title: rng.pick(titles), ministry: rng.pick(ministries),
                                town: rng.pick(TunisianPlaces.towns), municipality: rng.chance(0.4), holder: rng.pick(TunisianPlaces.people),
                                restaurant: rng.pick(TunisianPlaces.restaurants), street: rng.pick(TunisianPlaces.streets),
                                serif: rng.pick(["Liberation Serif", "DejaVu Serif", "Noto Serif", "Liberation Sans"]),
                                sans: rng.pick(["Liberation Sans", "DejaVu Sans", "Noto Sans"]),
                                arabic: rng.pick(["Amiri", "Noto Naskh Arabic", "Noto Sans Arabic", "Noto Kufi Arabic"]), detailSeed: rng.next())
        if rng.chance(0.4) {
            // Shaped like a permit number (yyyy-nnn) on purpose; never the permit's own.
            var decree = "\(rng.int(1995...2021))-\(rng.int(100...2999))"
            if decree == number { decree += "1" }
            scene.distractors.decree = rng.chance(0.7) ? rng.pick(["Décret n° ", "Décret n°", "Vu le décret n° "]) + decree
                : "قرار عدد \u{2066}\(decree)\u{2069}"
            scene.distractors.decreeUnderTitle = rng.chance(0.5)
        }
        if rng.chance(0.4) {
            scene.distractors.phone = rng.pick(["Tél : ", "Tél. : ", "Tél/Fax : "]) + "\(scene.town.2) \(rng.int(100...999)) \(rng.int(100...999))"
        }
        if rng.chance(0.2) { scene.stamp = NumberStamp(solid: rng.chance(0.25)) }
        scene.surface = rng.pick(Paper.Surface.allCases)
        return scene
    }

    /// How one permit is laid out: municipalities print their own, so the header, the title,
    /// the number line and the body vary (drawn from a generator of their own, so the scene's
    /// other details stay as they were for a seed).
    struct Layout {
        enum Header: CaseIterable { case frenchLeft, arabicLeft, stacked, frenchOnly }
        var header: Header
        var titleCase: Bool
        var titleFont: String
        var titleSize: Double
        var numberAlign: TextAlign
        var numberFont: Font
        var boxed: Bool
        var dateAfterNumber: Bool
        var dateOnTop: Bool
        var fieldList: Bool
        var mayor: Bool
        var serif: String?
        var sans: String?
        var shadow: (from: Double, depth: Double)?

        static func random(_ rng: inout SplitMix64, serif: String, sans: String) -> Layout {
            // Fonts beyond the scene's own pick: what other offices' word processors use.
            let serifs = ["FreeSerif", "Nimbus Roman", "C059", "DejaVu Serif Condensed"]
            let sanses = ["FreeSans", "Nimbus Sans", "Inter", "DejaVu Sans Condensed", "Nimbus Sans Narrow"]
            let bodySerif = rng.chance(0.4) ? rng.pick(serifs) : nil
            let headSans = rng.chance(0.4) ? rng.pick(sanses) : nil
            let titleFont = rng.pick([bodySerif ?? serif, headSans ?? sans, serif])
            let numberFamily = rng.chance(0.2) ? rng.pick(["DejaVu Sans Mono", "Liberation Mono", "Nimbus Mono PS"]) : (bodySerif ?? serif)
            return Layout(header: rng.chance(0.55) ? .frenchLeft : rng.pick([Header.arabicLeft, .stacked, .frenchOnly]),
                          titleCase: rng.chance(0.2), titleFont: titleFont, titleSize: rng.uniform(24, 32),
                          numberAlign: rng.chance(0.7) ? .center : .left,
                          numberFont: Font(numberFamily, rng.uniform(21, 28), rng.chance(0.75) ? .bold : .regular),
                          boxed: rng.chance(0.15), dateAfterNumber: rng.chance(0.15), dateOnTop: rng.chance(0.25),
                          fieldList: rng.chance(0.3), mayor: rng.chance(0.3), serif: bodySerif, sans: headSans,
                          shadow: rng.chance(0.3) ? (rng.uniform(0.35, 0.8), rng.uniform(0.12, 0.3)) : nil)
        }
    }

    func draw(on c: Canvas, width w: Double, height h: Double, textures: TextureSet) -> SceneMarks {
        var rng = SplitMix64(seed: detailSeed)
        var layoutRNG = SplitMix64(seed: detailSeed ^ 0x5EED_1A70_0F_9E37)
        let layout = Layout.random(&layoutRNG, serif: serif, sans: sans)
        let serif = layout.serif ?? self.serif, sans = layout.sans ?? self.sans
        let paper = Paper.lay(c, width: w, height: h, surface: surface, textures: textures, rng: &rng)
        let ink = RGB(gray: rng.uniform(0.05, 0.2))
        var keyBox: Box?
        var glyph = 0.0
        var occlusion = 0.0
        // Ink boxes of the text rows, in page units.
        var rows: [Box] = []
        paper.page(c) {
            /// Draws one row of text and notes its ink.
            @discardableResult
            func line(_ s: String, _ f: Font, x: Double, y: Double, align: TextAlign = .left) -> Box {
                let b = c.text(s, f, x: x, y: y, color: ink, align: align)
                rows.append(c.lastInk)
                return b
            }
            let head = Font(sans, 19, .bold), headAr = Font(arabic, 22, .bold)
            let body = Font(serif, 19.5), bold = Font(serif, 19.5, .bold)
            let commune = (municipality ? "Municipalité de " : "Commune de ") + town.0
            var y = 70.0
            let header = [("RÉPUBLIQUE TUNISIENNE", "الجمهورية التونسية"), (ministry.0, ministry.1),
                          ("Gouvernorat de " + town.0, "ولاية " + town.1), (commune, "بلدية " + town.1)]
            switch layout.header {
            case .frenchLeft, .arabicLeft:
                let (fx, ax) = layout.header == .frenchLeft ? (260.0, 740.0) : (740.0, 260.0)
                for (fr, ar) in header {
                    let lines = Paper.wrap(fr, head, maxWidth: 400, on: c)
                    var ly = y
                    for l in lines { line(l, head, x: fx, y: ly, align: .center); ly += 25 }
                    line(ar, headAr, x: ax, y: y - 4, align: .center)
                    y = max(ly, y + 36) + 4
                }
                // The commune's phone under its name, in the French column.
                if let phone = distractors.phone { line(phone, Font(sans, 17), x: fx, y: y - 2, align: .center); y += 30 }
            case .stacked:
                // The Arabic line above its French translation, both centred.
                for (fr, ar) in header.prefix(2) {
                    line(ar, headAr, x: 500, y: y - 4, align: .center); y += 32
                    line(fr, head, x: 500, y: y, align: .center); y += 34
                }
                for (fr, _) in header.dropFirst(2) {
                    line(fr, Font(sans, 18), x: 90, y: y); y += 28
                }
                if let phone = distractors.phone { line(phone, Font(sans, 17), x: 90, y: y); y += 28 }
            case .frenchOnly:
                for (i, (fr, _)) in header.enumerated() {
                    line(fr, i == 0 ? Font(sans, 21, .bold) : head, x: i == 0 ? 500 : 90, y: y, align: i == 0 ? .center : .left)
                    y += i == 0 ? 44 : 27
                }
                if let phone = distractors.phone { line(phone, Font(sans, 17), x: 90, y: y); y += 28 }
            }
            let day = rng.int(1...28), month = rng.int(1...12), year = rng.int(2015...2024)
            let date = String(format: "%02d/%02d/%d", day, month, year)
            let signDate = String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), year)
            if layout.dateOnTop {
                line("\(town.0), le \(signDate)", body, x: 910, y: y + 10, align: .right)
                y += 30
            }
            let decreeFont = distractors.decree.map { $0.hasPrefix("قرار") ? Font(arabic, 21) : Font(serif, 19) }
            if let decree = distractors.decree, let f = decreeFont, !distractors.decreeUnderTitle {
                line(decree, f, x: 500, y: y + 30, align: .center)
                y += 40
            }
            y += 55
            let titleText = layout.titleCase ? title.lowercased().capitalizedFirst : title
            let titleFont = Font(layout.titleFont, layout.titleSize, .bold)
            for l in Paper.wrap(titleText, titleFont, maxWidth: 820, on: c) {
                line(l, titleFont, x: 500, y: y, align: .center)
                y += layout.titleSize * 1.36
            }
            if rng.chance(0.5) {
                line("رخصة استغلال مطعم", Font(arabic, 26, .bold), x: 500, y: y, align: .center)
                y += 44
            }
            if let decree = distractors.decree, let f = decreeFont, distractors.decreeUnderTitle {
                line(decree, f, x: 500, y: y + 2, align: .center)
                y += 36
            }
            y += 18
            let numberFont = layout.numberFont
            let arabicLabel = numberLabel.unicodeScalars.contains { $0.value >= 0x600 && $0.value <= 0x6FF }
            // Isolated left-to-right, so an Arabic label cannot make the bidi algorithm reorder
            // `2022-0759` into `0759-2022`: what is printed is exactly the label.
            let suffix = layout.dateAfterNumber && !arabicLabel ? " du \(signDate)" : ""
            let numberLine = numberLabel + " \u{2066}" + number + "\u{2069}" + suffix
            let anchorX = layout.numberAlign == .center ? 500.0 : 90.0
            let nb = line(numberLine, numberFont, x: anchorX, y: y, align: layout.numberAlign)
            let nw = c.measure(number, numberFont).width
            // Left to right the number follows the label; after an Arabic label (a right-to-left
            // line) Pango puts it at the line's left end.
            let before = c.measure(numberLabel + " \u{2066}" + number + "\u{2069}", numberFont).width - nw
            let numberBox = arabicLabel ? Box(x: nb.x, y: nb.y, width: nw, height: nb.height)
                                        : Box(x: nb.x + before, y: nb.y, width: nw, height: nb.height)
            if layout.boxed {
                c.rect(nb.x - 16, nb.y - 8, nb.width + 32, nb.height + 16)
                c.setColor(ink)
                c.stroke(width: 1.6)
            }
            keyBox = c.deviceBox(of: numberBox)
            glyph = c.capHeight(numberFont)
            y += 70
            let capacity = rng.int(16...180)
            let phone = "\(town.2) \(rng.int(100...999)) \(rng.int(100...999))"
            let cin = String(format: "0%07d", rng.int(0...9_999_999))
            let decree = "\(rng.int(1995...2012))-\(rng.int(100...2999))"
            let signer = layout.mayor ? "Le Maire de \(town.0)," : "Le Président de la \(commune.hasPrefix("Commune") ? "Commune" : "Municipalité") de \(town.0),"
            y = Paper.paragraphs(c, [
                signer,
                "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;",
                "Vu le décret n° \(decree) fixant les conditions d'exploitation des établissements de restauration ;",
                "Vu la demande présentée le \(date) par M./Mme \(holder) ;",
            ], body, x: 90, y: y, maxWidth: 820, color: ink, rows: &rows)
            line("ARRÊTE", bold, x: 500, y: y + 4, align: .center)
            y += 44
            let street = "\(rng.int(1...120)), \(street), \(town.0)"
            if layout.fieldList {
                // The holder and the establishment as a list of fields rather than prose.
                y = Paper.paragraphs(c, ["Article 1 : Est autorisé(e) à exploiter un restaurant :"], body, x: 90, y: y, maxWidth: 820,
                                     color: ink, rows: &rows)
                for (k, v) in [("Nom et prénom", holder), ("CIN n°", cin), ("Enseigne", restaurant), ("Adresse", street),
                               ("Capacité d'accueil", "\(capacity) places"), ("Tél.", phone)] {
                    line(k + " :", bold, x: 130, y: y)
                    line(v, body, x: 390, y: y)
                    y += 30
                }
                y = Paper.paragraphs(c, ["Article 2 : La présente autorisation est personnelle et incessible."], body, x: 90, y: y + 10,
                                     maxWidth: 820, color: ink, rows: &rows)
            } else {
                y = Paper.paragraphs(c, [
                    "Article 1 : M./Mme \(holder), titulaire de la CIN n° \(cin), est autorisé(e) à exploiter un restaurant dénommé « \(restaurant) » sis au \(street).",
                    "Article 2 : La capacité d'accueil de l'établissement est fixée à \(capacity) places.",
                    "Article 3 : La présente autorisation est personnelle et incessible. Tél. : \(phone).",
                ], body, x: 90, y: y, maxWidth: 820, color: ink, rows: &rows)
            }
            y += 20
            if !layout.dateOnTop {
                line("\(town.0), le \(signDate)", body, x: 910, y: y, align: .right)
                y += 40
            }
            line(layout.mayor ? "Le Maire" : "Le Président de la Commune", bold, x: 870, y: y, align: .right)
            let stampInk = rng.pick([RGB(0.15, 0.2, 0.6), RGB(0.35, 0.15, 0.5), RGB(0.1, 0.3, 0.55)])
            Ornaments.signature(c, x: 640, y: y + 40, w: 230, h: 80, color: RGB(0.1, 0.12, 0.35), rng: &rng)
            Ornaments.stamp(c, cx: rng.uniform(560, 700), cy: y + rng.uniform(80, 130), radius: rng.uniform(70, 90),
                            ring: "RÉPUBLIQUE TUNISIENNE * \(commune.uppercased())", center: town.0.uppercased(), color: stampInk, rng: &rng)
            if let shadow = layout.shadow {
                // The phone's or the photographer's shadow over part of the sheet.
                let from = Paper.pageWidth * shadow.from
                c.paintLinear(from, 0, from + 260, 300, [.init(offset: 0, color: .black, alpha: 0),
                                                         .init(offset: 1, color: .black, alpha: shadow.depth)])
            }
            if let stamp {
                occlusion = strike(stamp, over: numberBox, on: c, ring: "RÉPUBLIQUE TUNISIENNE * \(commune.uppercased())",
                                   ink: stampInk, rng: &rng)
            }
        }
        var marks = SceneMarks(keyBox: keyBox, glyphPixels: glyph * paper.unit, variant: "restaurant_permit",
                               rows: rows.filter { $0.width > 0 && $0.height > 0 }.map(paper.sceneBox), occlusion: occlusion)
        marks.pageCorners = paper.deviceCorners
        marks.alphabet = .digits
        return marks
    }

    /// Strikes `stamp` across `numberBox` (page units) and returns the share of the number hidden:
    /// the part under the solid blot times the blot's opacity (the translucent rings and letters
    /// hide nothing).
    private func strike(_ stamp: NumberStamp, over numberBox: Box, on c: Canvas, ring: String, ink: RGB,
                        rng: inout SplitMix64) -> Double {
        let r = rng.uniform(65, 90)
        // Centred on the number's line, so the disc always reaches part of it.
        let cx = numberBox.x + numberBox.width * rng.uniform(0.1, 0.9)
        let cy = numberBox.y + numberBox.height / 2 + rng.uniform(-0.6, 0.6) * r
        Ornaments.stamp(c, cx: cx, cy: cy, radius: r, ring: ring, center: rng.pick(["VISÉ", "ENREGISTRÉ", town.0.uppercased()]),
                        color: ink, rng: &rng)
        guard stamp.solid else { return 0 }
        // The pad left a blot of ink somewhere on the stamp's face: a few overlapping discs.
        let a = rng.uniform(0, 2 * .pi), d = rng.uniform(0, 0.6) * r
        let bx = cx + cos(a) * d, by = cy + sin(a) * d, br = rng.uniform(0.1, 0.2) * r
        let blot: [(x: Double, y: Double, r: Double)] = (0..<3).map { _ in
            (bx + rng.uniform(-0.6, 0.6) * br, by + rng.uniform(-0.4, 0.4) * br, br * rng.uniform(0.55, 1))
        }
        let opacity = rng.uniform(0.8, 0.95)
        for disc in blot { c.circle(disc.x, disc.y, disc.r) }
        c.setColor(ink, alpha: opacity)
        c.fill()
        var covered = 0
        for i in 0..<24 {
            for j in 0..<6 {
                let px = numberBox.x + numberBox.width * (Double(i) + 0.5) / 24, py = numberBox.y + numberBox.height * (Double(j) + 0.5) / 6
                if blot.contains(where: { (px - $0.x) * (px - $0.x) + (py - $0.y) * (py - $0.y) <= $0.r * $0.r }) { covered += 1 }
            }
        }
        return Double(covered) / 144 * opacity
    }
}

extension String {
    /// The first letter upper-cased, the rest as is (`Autorisation d'exploitation …`).
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
