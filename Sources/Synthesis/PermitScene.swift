import Foundation

/// A Tunisian municipal restaurant permit on a table (see `design/permits.md`): bilingual
/// header, ministry, commune, the act's title, the labelled number under it, a body with
/// distractor numbers (law references, dates, capacity, phone), a round stamp and a signature.
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
    static let labels = ["N°", "N° :", "Numéro :", "Autorisation n°", "Réf. N° :", "رقم :",
                         "N° d'autorisation :", "Numéro d'autorisation :", "رقم الرخصة :"]

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

    static func random(number: String, rng: inout SplitMix64) -> PermitScene {
        PermitScene(number: number, numberLabel: rng.pick(labels), title: rng.pick(titles), ministry: rng.pick(ministries),
                    town: rng.pick(TunisianPlaces.towns), municipality: rng.chance(0.4), holder: rng.pick(TunisianPlaces.people),
                    restaurant: rng.pick(TunisianPlaces.restaurants), street: rng.pick(TunisianPlaces.streets),
                    serif: rng.pick(["Liberation Serif", "DejaVu Serif", "Noto Serif", "Liberation Sans"]),
                    sans: rng.pick(["Liberation Sans", "DejaVu Sans", "Noto Sans"]),
                    arabic: rng.pick(["Amiri", "Noto Naskh Arabic", "Noto Sans Arabic", "Noto Kufi Arabic"]), detailSeed: rng.next())
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
        let paper = Paper.lay(c, width: w, height: h, textures: textures, rng: &rng)
        let ink = RGB(gray: rng.uniform(0.05, 0.2))
        var keyBox: Box?
        var glyph = 0.0
        paper.page(c) {
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
                    for l in lines { c.text(l, head, x: fx, y: ly, color: ink, align: .center); ly += 25 }
                    c.text(ar, headAr, x: ax, y: y - 4, color: ink, align: .center)
                    y = max(ly, y + 36) + 4
                }
            case .stacked:
                // The Arabic line above its French translation, both centred.
                for (fr, ar) in header.prefix(2) {
                    c.text(ar, headAr, x: 500, y: y - 4, color: ink, align: .center); y += 32
                    c.text(fr, head, x: 500, y: y, color: ink, align: .center); y += 34
                }
                for (fr, _) in header.dropFirst(2) {
                    c.text(fr, Font(sans, 18), x: 90, y: y, color: ink); y += 28
                }
            case .frenchOnly:
                for (i, (fr, _)) in header.enumerated() {
                    c.text(fr, i == 0 ? Font(sans, 21, .bold) : head, x: i == 0 ? 500 : 90, y: y, color: ink, align: i == 0 ? .center : .left)
                    y += i == 0 ? 44 : 27
                }
            }
            let day = rng.int(1...28), month = rng.int(1...12), year = rng.int(2015...2024)
            let date = String(format: "%02d/%02d/%d", day, month, year)
            let signDate = String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), year)
            if layout.dateOnTop {
                c.text("\(town.0), le \(signDate)", body, x: 910, y: y + 10, color: ink, align: .right)
                y += 30
            }
            y += 55
            let titleText = layout.titleCase ? title.lowercased().capitalizedFirst : title
            let titleFont = Font(layout.titleFont, layout.titleSize, .bold)
            for line in Paper.wrap(titleText, titleFont, maxWidth: 820, on: c) {
                c.text(line, titleFont, x: 500, y: y, color: ink, align: .center)
                y += layout.titleSize * 1.36
            }
            if rng.chance(0.5) {
                c.text("رخصة استغلال مطعم", Font(arabic, 26, .bold), x: 500, y: y, color: ink, align: .center)
                y += 44
            }
            y += 18
            let numberFont = layout.numberFont
            let arabicLabel = numberLabel.unicodeScalars.contains { $0.value >= 0x600 && $0.value <= 0x6FF }
            // Isolated left-to-right, so an Arabic label cannot make the bidi algorithm reorder
            // `2022-0759` into `0759-2022`: what is printed is exactly the label.
            let suffix = layout.dateAfterNumber && !arabicLabel ? " du \(signDate)" : ""
            let numberLine = numberLabel + " \u{2066}" + number + "\u{2069}" + suffix
            let anchorX = layout.numberAlign == .center ? 500.0 : 90.0
            let nb = c.text(numberLine, numberFont, x: anchorX, y: y, color: ink, align: layout.numberAlign)
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
            ], body, x: 90, y: y, maxWidth: 820, color: ink)
            c.text("ARRÊTE", bold, x: 500, y: y + 4, color: ink, align: .center)
            y += 44
            let street = "\(rng.int(1...120)), \(street), \(town.0)"
            if layout.fieldList {
                // The holder and the establishment as a list of fields rather than prose.
                y = Paper.paragraphs(c, ["Article 1 : Est autorisé(e) à exploiter un restaurant :"], body, x: 90, y: y, maxWidth: 820, color: ink)
                for (k, v) in [("Nom et prénom", holder), ("CIN n°", cin), ("Enseigne", restaurant), ("Adresse", street),
                               ("Capacité d'accueil", "\(capacity) places"), ("Tél.", phone)] {
                    c.text(k + " :", bold, x: 130, y: y, color: ink)
                    c.text(v, body, x: 390, y: y, color: ink)
                    y += 30
                }
                y = Paper.paragraphs(c, ["Article 2 : La présente autorisation est personnelle et incessible."], body, x: 90, y: y + 10, maxWidth: 820, color: ink)
            } else {
                y = Paper.paragraphs(c, [
                    "Article 1 : M./Mme \(holder), titulaire de la CIN n° \(cin), est autorisé(e) à exploiter un restaurant dénommé « \(restaurant) » sis au \(street).",
                    "Article 2 : La capacité d'accueil de l'établissement est fixée à \(capacity) places.",
                    "Article 3 : La présente autorisation est personnelle et incessible. Tél. : \(phone).",
                ], body, x: 90, y: y, maxWidth: 820, color: ink)
            }
            y += 20
            if !layout.dateOnTop {
                c.text("\(town.0), le \(signDate)", body, x: 910, y: y, color: ink, align: .right)
                y += 40
            }
            c.text(layout.mayor ? "Le Maire" : "Le Président de la Commune", bold, x: 870, y: y, color: ink, align: .right)
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
        }
        return SceneMarks(keyBox: keyBox, glyphPixels: glyph * paper.unit, variant: "restaurant_permit")
    }
}

extension String {
    /// The first letter upper-cased, the rest as is (`Autorisation d'exploitation …`).
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
