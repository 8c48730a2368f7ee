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
    static let labels = ["N°", "N° :", "Numéro :", "Autorisation n°", "Réf. N° :", "رقم :"]

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

    func draw(on c: Canvas, width w: Double, height h: Double, textures: TextureSet) -> SceneMarks {
        var rng = SplitMix64(seed: detailSeed)
        let paper = Paper.lay(c, width: w, height: h, textures: textures, rng: &rng)
        let ink = RGB(gray: rng.uniform(0.05, 0.2))
        var keyBox: Box?
        var glyph = 0.0
        paper.page(c) {
            let head = Font(sans, 19, .bold), headAr = Font(arabic, 22, .bold)
            let body = Font(serif, 19.5), bold = Font(serif, 19.5, .bold)
            let commune = (municipality ? "Municipalité de " : "Commune de ") + town.0
            var y = 70.0
            for (fr, ar) in [("RÉPUBLIQUE TUNISIENNE", "الجمهورية التونسية"), (ministry.0, ministry.1),
                             ("Gouvernorat de " + town.0, "ولاية " + town.1), (commune, "بلدية " + town.1)] {
                let lines = Paper.wrap(fr, head, maxWidth: 400, on: c)
                var ly = y
                for l in lines { c.text(l, head, x: 260, y: ly, color: ink, align: .center); ly += 25 }
                c.text(ar, headAr, x: 740, y: y - 4, color: ink, align: .center)
                y = max(ly, y + 36) + 4
            }
            y += 55
            for line in Paper.wrap(title, Font(serif, 28, .bold), maxWidth: 820, on: c) {
                c.text(line, Font(serif, 28, .bold), x: 500, y: y, color: ink, align: .center)
                y += 38
            }
            if rng.chance(0.5) {
                c.text("رخصة استغلال مطعم", Font(arabic, 26, .bold), x: 500, y: y, color: ink, align: .center)
                y += 44
            }
            y += 18
            let numberFont = Font(serif, 26, .bold)
            // Isolated left-to-right, so an Arabic label cannot make the bidi algorithm reorder
            // `2022-0759` into `0759-2022`: what is printed is exactly the label.
            let numberLine = numberLabel + " \u{2066}" + number + "\u{2069}"
            let nb = c.text(numberLine, numberFont, x: 500, y: y, color: ink, align: .center)
            // The number is at the end of the line (Pango puts it after an Arabic label too).
            let nw = c.measure(number, numberFont).width
            let arabicLabel = numberLabel.unicodeScalars.contains { $0.value >= 0x600 && $0.value <= 0x6FF }
            let numberBox = arabicLabel ? Box(x: nb.x, y: nb.y, width: nw, height: nb.height)
                                        : Box(x: nb.maxX - nw, y: nb.y, width: nw, height: nb.height)
            keyBox = c.deviceBox(of: numberBox)
            glyph = c.capHeight(numberFont)
            y += 70
            let day = rng.int(1...28), month = rng.int(1...12), year = rng.int(2015...2024)
            let date = String(format: "%02d/%02d/%d", day, month, year)
            let capacity = rng.int(16...180)
            let phone = "\(town.2) \(rng.int(100...999)) \(rng.int(100...999))"
            let cin = String(format: "0%07d", rng.int(0...9_999_999))
            let decree = "\(rng.int(1995...2012))-\(rng.int(100...2999))"
            y = Paper.paragraphs(c, [
                "Le Président de la \(commune.hasPrefix("Commune") ? "Commune" : "Municipalité") de \(town.0),",
                "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;",
                "Vu le décret n° \(decree) fixant les conditions d'exploitation des établissements de restauration ;",
                "Vu la demande présentée le \(date) par M./Mme \(holder) ;",
            ], body, x: 90, y: y, maxWidth: 820, color: ink)
            c.text("ARRÊTE", bold, x: 500, y: y + 4, color: ink, align: .center)
            y += 44
            y = Paper.paragraphs(c, [
                "Article 1 : M./Mme \(holder), titulaire de la CIN n° \(cin), est autorisé(e) à exploiter un restaurant dénommé « \(restaurant) » sis au \(rng.int(1...120)), \(street), \(town.0).",
                "Article 2 : La capacité d'accueil de l'établissement est fixée à \(capacity) places.",
                "Article 3 : La présente autorisation est personnelle et incessible. Tél. : \(phone).",
            ], body, x: 90, y: y, maxWidth: 820, color: ink)
            y += 20
            let signDate = String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), year)
            c.text("\(town.0), le \(signDate)", body, x: 910, y: y, color: ink, align: .right)
            y += 40
            c.text("Le Président de la Commune", bold, x: 870, y: y, color: ink, align: .right)
            let stampInk = rng.pick([RGB(0.15, 0.2, 0.6), RGB(0.35, 0.15, 0.5), RGB(0.1, 0.3, 0.55)])
            Ornaments.signature(c, x: 640, y: y + 40, w: 230, h: 80, color: RGB(0.1, 0.12, 0.35), rng: &rng)
            Ornaments.stamp(c, cx: rng.uniform(560, 700), cy: y + rng.uniform(80, 130), radius: rng.uniform(70, 90),
                            ring: "RÉPUBLIQUE TUNISIENNE * \(commune.uppercased())", center: town.0.uppercased(), color: stampInk, rng: &rng)
        }
        return SceneMarks(keyBox: keyBox, glyphPixels: glyph * paper.unit, variant: "restaurant_permit")
    }
}
