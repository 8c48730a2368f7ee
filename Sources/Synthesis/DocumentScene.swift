import Foundation

/// A document that is not a Tunisian restaurant permit and must be refused: an invoice with
/// its own `FACTURE N°`, a French building permit, a Tunisian trade-register extract.
struct DocumentScene: Scene {
    /// Which document.
    enum DocumentType: String, Sendable, CaseIterable {
        case invoice
        case frenchBuildingPermit = "french_building_permit"
        case tradeRegister = "trade_register"
    }

    let kind = SceneKind.document
    var type: DocumentType
    var town: (String, String, String)
    var person: String, restaurant: String, street: String
    var serif: String, sans: String, arabic: String
    var detailSeed: UInt64
    var surface = Paper.Surface.wood

    static func random(_ type: DocumentType, rng: inout SplitMix64) -> DocumentScene {
        var scene = DocumentScene(type: type, town: rng.pick(TunisianPlaces.towns), person: rng.pick(TunisianPlaces.people),
                                  restaurant: rng.pick(TunisianPlaces.restaurants), street: rng.pick(TunisianPlaces.streets),
                                  serif: rng.pick(["Liberation Serif", "DejaVu Serif", "Noto Serif"]),
                                  sans: rng.pick(["Liberation Sans", "DejaVu Sans", "Noto Sans", "Inter"]),
                                  arabic: rng.pick(["Amiri", "Noto Naskh Arabic", "Noto Sans Arabic"]), detailSeed: rng.next())
        scene.surface = rng.pick(Paper.Surface.allCases)
        return scene
    }

    func draw(on c: Canvas, width w: Double, height h: Double, textures: TextureSet) -> SceneMarks {
        var rng = SplitMix64(seed: detailSeed)
        let paper = Paper.lay(c, width: w, height: h, surface: surface, textures: textures, rng: &rng)
        let ink = RGB(gray: rng.uniform(0.05, 0.2))
        var rows: [Box] = []
        paper.page(c) {
            switch type {
            case .invoice: invoice(c, ink, &rng, &rows)
            case .frenchBuildingPermit: buildingPermit(c, ink, &rng, &rows)
            case .tradeRegister: tradeRegister(c, ink, &rng, &rows)
            }
        }
        var marks = SceneMarks(keyBox: nil, glyphPixels: 0, variant: type.rawValue,
                               rows: rows.filter { $0.width > 0 && $0.height > 0 }.map(paper.sceneBox))
        marks.pageCorners = paper.deviceCorners
        return marks
    }

    /// Draws one piece of a text row and notes its ink box (page units) in `rows`.
    private func put(_ c: Canvas, _ rows: inout [Box], _ s: String, _ f: Font, x: Double, y: Double, color: RGB,
                     align: TextAlign = .left) {
        c.text(s, f, x: x, y: y, color: color, align: align)
        rows.append(c.lastInk)
    }

    private func invoice(_ c: Canvas, _ ink: RGB, _ rng: inout SplitMix64, _ rows: inout [Box]) {
        let body = Font(sans, 19), bold = Font(sans, 19, .bold)
        let company = rng.pick(["SOCIÉTÉ MÉDITERRANÉENNE D'ÉQUIPEMENT SARL", "ALIMENTATION GÉNÉRALE BEN YOUSSEF", "FROID SERVICE TUNISIE SUARL",
                                "STÉ DISTRIBUTION DU SAHEL"])
        var y = 70.0
        put(c, &rows, company, Font(sans, 24, .bold), x: 80, y: y, color: ink); y += 38
        for l in ["\(rng.int(1...90)), \(rng.pick(TunisianPlaces.streets)), \(town.0)", "MF : \(rng.int(1_000_000...1_999_999))/\(rng.pick(["A", "B", "M"]))/M/000",
                  "Tél. : \(town.2) \(rng.int(100...999)) \(rng.int(100...999))   RC : B\(rng.int(10_000...99_999))\(rng.int(2010...2022))"] {
            put(c, &rows, l, body, x: 80, y: y, color: ink); y += 28
        }
        y += 40
        let number = "\(rng.int(2019...2024))-\(String(format: "%04d", rng.int(1...9999)))"
        put(c, &rows, "FACTURE N° \(number)", Font(sans, 30, .bold), x: 500, y: y, color: ink, align: .center); y += 56
        put(c, &rows, "Date : \(String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), rng.int(2019...2024)))", body, x: 80, y: y, color: ink)
        put(c, &rows, "Client : Restaurant « \(restaurant) »", body, x: 520, y: y, color: ink); y += 28
        put(c, &rows, "\(rng.int(1...90)), \(street), \(town.0)", body, x: 520, y: y, color: ink); y += 50
        let cols: [Double] = [80, 560, 680, 800]
        c.fill(ink, alpha: 0.12, rect: Box(x: 70, y: y - 6, width: 860, height: 34))
        for (t, x) in zip(["Désignation", "Qté", "P.U. HT", "Total HT"], cols) { put(c, &rows, t, bold, x: x, y: y, color: ink) }
        y += 40
        var total = 0.0
        for item in ["Chambre froide positive 6 m³", "Friteuse électrique 2 x 8 L", "Plan de travail inox", "Hotte aspirante 2 m",
                     "Installation et mise en service", "Lave-vaisselle à capot"].prefix(rng.int(3...6)) {
            let q = rng.int(1...4), pu = rng.uniform(150, 4500)
            total += Double(q) * pu
            put(c, &rows, item, body, x: cols[0], y: y, color: ink)
            put(c, &rows, String(q), body, x: cols[1], y: y, color: ink)
            put(c, &rows, String(format: "%.3f", pu), body, x: cols[2], y: y, color: ink)
            put(c, &rows, String(format: "%.3f", Double(q) * pu), body, x: cols[3], y: y, color: ink)
            y += 32
        }
        y += 20
        for (l, v) in [("Total HT", total), ("TVA 19 %", total * 0.19), ("Timbre fiscal", 1.0), ("Total TTC", total * 1.19 + 1)] {
            put(c, &rows, l, bold, x: 600, y: y, color: ink); put(c, &rows, String(format: "%.3f DT", v), body, x: 800, y: y, color: ink); y += 30
        }
        y += 30
        _ = Paper.paragraphs(c, ["Arrêtée la présente facture à la somme indiquée ci-dessus. Paiement par virement à 30 jours. Merci de votre confiance."],
                             body, x: 80, y: y, maxWidth: 840, color: ink, rows: &rows)
        Ornaments.stamp(c, cx: 760, cy: 1200, radius: 75, ring: company.prefix(24) + " * " + town.0.uppercased(), center: "MF",
                        color: RGB(0.15, 0.2, 0.6), rng: &rng)
    }

    private func buildingPermit(_ c: Canvas, _ ink: RGB, _ rng: inout SplitMix64, _ rows: inout [Box]) {
        let body = Font(serif, 19), bold = Font(serif, 19, .bold)
        let commune = rng.pick(["Lyon", "Marseille", "Toulouse", "Nantes", "Montpellier", "Lille"])
        var y = 70.0
        put(c, &rows, "RÉPUBLIQUE FRANÇAISE", Font(serif, 22, .bold), x: 500, y: y, color: ink, align: .center); y += 30
        put(c, &rows, "Liberté — Égalité — Fraternité", Font(serif, 17, italic: true), x: 500, y: y, color: ink, align: .center); y += 50
        put(c, &rows, "Commune de \(commune)", bold, x: 80, y: y, color: ink); y += 28
        put(c, &rows, "Dossier déposé le \(String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), rng.int(2019...2024)))", body, x: 80, y: y, color: ink)
        y += 60
        put(c, &rows, "ARRÊTÉ ACCORDANT UN PERMIS DE CONSTRUIRE", Font(serif, 26, .bold), x: 500, y: y, color: ink, align: .center); y += 36
        put(c, &rows, "délivré par le Maire au nom de la commune", body, x: 500, y: y, color: ink, align: .center); y += 44
        let pc = "PC \(String(format: "%03d %03d", rng.int(1...95), rng.int(1...999))) \(rng.int(19...24)) \(rng.pick(["A", "B", "C"]))\(String(format: "%04d", rng.int(1...999)))"
        put(c, &rows, "PERMIS DE CONSTRUIRE N° \(pc)", Font(serif, 24, .bold), x: 500, y: y, color: ink, align: .center); y += 60
        y = Paper.paragraphs(c, [
            "Le Maire de \(commune),",
            "Vu la demande de permis de construire présentée par M./Mme \(person), demeurant \(rng.int(1...80)) rue de la République, \(commune) ;",
            "Vu le code de l'urbanisme, notamment ses articles L. 421-1 et suivants et R. 421-1 et suivants ;",
            "Vu le plan local d'urbanisme approuvé le \(String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), rng.int(2005...2018))) ;",
            "Considérant que le projet consiste en la construction d'une maison individuelle d'une surface de plancher de \(rng.int(80...240)) m² ;",
        ], body, x: 90, y: y, maxWidth: 820, color: ink, rows: &rows)
        put(c, &rows, "ARRÊTE", bold, x: 500, y: y, color: ink, align: .center); y += 40
        y = Paper.paragraphs(c, ["Article 1 : Le permis de construire est ACCORDÉ pour le projet décrit dans la demande susvisée.",
                                 "Article 2 : Les travaux ne pourront commencer qu'après affichage sur le terrain."],
                             body, x: 90, y: y, maxWidth: 820, color: ink, rows: &rows)
        put(c, &rows, "Fait à \(commune), le \(String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), rng.int(2019...2024)))", body, x: 910, y: y + 20, color: ink, align: .right)
        put(c, &rows, "Le Maire", bold, x: 870, y: y + 60, color: ink, align: .right)
        Ornaments.signature(c, x: 660, y: y + 90, w: 220, h: 80, color: RGB(0.1, 0.1, 0.3), rng: &rng)
        Ornaments.stamp(c, cx: 560, cy: y + 140, radius: 75, ring: "MAIRIE DE \(commune.uppercased()) * RÉPUBLIQUE FRANÇAISE", center: "",
                        color: RGB(0.2, 0.25, 0.55), rng: &rng)
    }

    private func tradeRegister(_ c: Canvas, _ ink: RGB, _ rng: inout SplitMix64, _ rows: inout [Box]) {
        let body = Font(sans, 19), bold = Font(sans, 19, .bold)
        var y = 70.0
        put(c, &rows, "RÉPUBLIQUE TUNISIENNE", Font(sans, 20, .bold), x: 260, y: y, color: ink, align: .center)
        put(c, &rows, "الجمهورية التونسية", Font(arabic, 24, .bold), x: 740, y: y - 4, color: ink, align: .center); y += 34
        put(c, &rows, "Registre National des Entreprises", Font(sans, 18, .bold), x: 260, y: y, color: ink, align: .center)
        put(c, &rows, "السجل الوطني للمؤسسات", Font(arabic, 22, .bold), x: 740, y: y - 4, color: ink, align: .center); y += 90
        put(c, &rows, "EXTRAIT DU REGISTRE NATIONAL DES ENTREPRISES", Font(sans, 25, .bold), x: 500, y: y, color: ink, align: .center); y += 36
        put(c, &rows, "مضمون من السجل الوطني للمؤسسات", Font(arabic, 24), x: 500, y: y, color: ink, align: .center); y += 50
        let extract = "\(rng.int(2020...2024))-\(String(format: "%06d", rng.int(1...999_999)))"
        put(c, &rows, "N° d'extrait : \(extract)", bold, x: 80, y: y, color: ink); y += 50
        let activity = rng.pick(["Commerce de détail de vêtements", "Travaux de maçonnerie générale", "Vente de matériel informatique",
                                 "Conseil en gestion", "Transport routier de marchandises", "Commerce de gros de produits alimentaires"])
        let legal = rng.pick(["SUARL", "SARL", "Personne physique", "SA"])
        let uid = "\(rng.int(1_000_000...1_999_999))\(rng.pick(["A", "B", "D", "M", "P"]))"
        for (k, v) in [("Identifiant unique", uid), ("Dénomination", "\(rng.pick(["STÉ", "ETS"])) \(person.uppercased())"),
                       ("Forme juridique", legal), ("Capital social", "\(rng.int(1...100) * 1000) DT"),
                       ("Activité principale", activity), ("Adresse du siège", "\(rng.int(1...99)), \(street), \(town.0)"),
                       ("Date d'immatriculation", String(format: "%02d/%02d/%d", rng.int(1...28), rng.int(1...12), rng.int(2008...2023))),
                       ("Gérant", person), ("Situation", "Active")] {
            put(c, &rows, k + " :", bold, x: 80, y: y, color: ink)
            let lines = Paper.wrap(v, body, maxWidth: 520, on: c)
            for (i, line) in lines.enumerated() {
                put(c, &rows, line, body, x: 390, y: y + Double(i) * 27, color: ink)
            }
            // A wrapped value pushes the next field down rather than running into it.
            y += max(40, Double(lines.count) * 27 + 13)
        }
        y += 30
        _ = Paper.paragraphs(c, ["Le présent extrait est délivré conformément à la loi n° 2018-52 du 29 octobre 2018 relative au Registre National des Entreprises. Il ne vaut pas autorisation d'exercer une activité réglementée."],
                             body, x: 80, y: y, maxWidth: 840, color: ink, rows: &rows)
        Ornaments.stamp(c, cx: 720, cy: 1220, radius: 80, ring: "REGISTRE NATIONAL DES ENTREPRISES * \(town.0.uppercased())",
                        center: "RNE", color: RGB(0.15, 0.2, 0.6), rng: &rng)
    }
}
