import Foundation

/// The independent kinds of evidence that a document is a Tunisian restaurant permit.
public enum PermitCue: String, CaseIterable, Hashable, Sendable, Codable {
    /// Tunisia: `RÉPUBLIQUE TUNISIENNE`, `TUNISIE`, `الجمهورية التونسية`, `Gouvernorat`.
    case country
    /// The issuing authority: `Commune`, `Municipalité`, `Ministère`, `بلدية`, `وزارة`.
    case authority
    /// The establishment: `RESTAURANT`, `RESTAURATION`, `مطعم`.
    case restaurant
    /// The act: `AUTORISATION`, `PERMIS`, `LICENCE`, `رخصة`, `ترخيص`.
    case authorisation
}

/// One lexicon phrase found in one line.
public struct PermitCueMatch: Hashable, Sendable, Codable {
    /// The cue it supports, or `nil` for a sign of another document.
    public var cue: PermitCue?
    /// The lexicon phrase (folded).
    public var phrase: String
    /// What the phrase says about the document when it is a negative sign.
    public var negative: String?
    /// Index of the line it was found in.
    public var line: Int
    /// Edit distance between the phrase and the text (0: exact).
    public var distance: Int
    /// Whether the line is in the heading block (above the number / the body).
    public var heading: Bool
}

/// Everything the lexicon found in a document's text.
public struct PermitCueReport: Hashable, Sendable, Codable {
    public var matches: [PermitCueMatch]

    /// Creates a report from matches.
    public init(matches: [PermitCueMatch]) { self.matches = matches }

    /// Matches supporting `cue`.
    public func matches(for cue: PermitCue) -> [PermitCueMatch] { matches.filter { $0.cue == cue } }
    /// Whether `cue` has any support.
    public func found(_ cue: PermitCue) -> Bool { matches.contains { $0.cue == cue } }
    /// Whether `cue` has an exact match, or several fuzzy ones.
    public func strong(_ cue: PermitCue) -> Bool {
        let m = matches(for: cue)
        return m.contains { $0.distance == 0 } || m.count >= 2
    }
    /// Cues without any support, in declaration order.
    public var missing: [PermitCue] { PermitCue.allCases.filter { !found($0) } }
    /// Signs of another kind of document that decide on their own.
    public var decisiveNegatives: [PermitCueMatch] { matches.filter { $0.negative != nil } }
    /// Cues a permit may be read without: the issuing authority is named in small letterhead
    /// lines (`Ministère du Commerce / Gouvernorat de … / Commune de …`) that blur, a stamp or a
    /// fold lose first, while the country, the act and the establishment name the document in
    /// its title. Another document lacks more: an invoice the act, a trade-register extract the
    /// act and the establishment, a building permit the establishment.
    public static let optional: Set<PermitCue> = [.authority]
    /// Every cue found (but the optional ones), none of another document.
    public var isPermit: Bool { missing.allSatisfy { Self.optional.contains($0) } && decisiveNegatives.isEmpty }
    /// Every cue found, the optional ones too, none of another document: a read that settles
    /// the document (one without its authority is read on, where the authority may be found).
    public var hasEveryCue: Bool { missing.isEmpty && decisiveNegatives.isEmpty }
    /// Every cue strong, and the act and the establishment named in the heading block.
    public var isStrong: Bool {
        isPermit && PermitCue.allCases.allSatisfy { strong($0) }
            && matches(for: .restaurant).contains { $0.heading } && matches(for: .authorisation).contains { $0.heading }
    }

    /// A short explanation of a refusal: the other document recognised, else the cues missing.
    public var refusalDetail: String {
        if let n = decisiveNegatives.first, let what = n.negative { return what }
        let names = missing.map { cue -> String in
            switch cue {
            case .country: "no mention of Tunisia"
            case .authority: "no issuing authority (commune, municipality, ministry)"
            case .restaurant: "no restaurant named"
            case .authorisation: "no authorisation, permit or licence named"
            }
        }
        return names.joined(separator: "; ")
    }

    /// Merges another report's matches (e.g. an Arabic re-read of the header).
    public mutating func add(_ other: PermitCueReport) { matches += other.matches }
}

/// The phrases that support each cue, and the signs of documents that must be refused,
/// matched fuzzily against OCR text (see `PermitText.allowedDistance`).
public struct PermitCueLexicon: Sendable {
    /// One phrase.
    public struct Entry: Sendable {
        public var phrase: String
        public var cue: PermitCue?
        public var negative: String?
        /// Only an exact token match counts (short or ambiguous words).
        public var exact: Bool
        /// A negative counted only in the heading block (a permit's body may cite it).
        public var headingOnly: Bool
        /// Arabic: matched as a part of a token (Arabic glues `ال`, `و`, `ب` … to words).
        public var infix: Bool

        init(_ phrase: String, _ cue: PermitCue? = nil, negative: String? = nil, exact: Bool = false, headingOnly: Bool = false) {
            self.phrase = PermitText.fold(phrase)
            self.cue = cue
            self.negative = negative
            self.exact = exact
            self.headingOnly = headingOnly
            self.infix = PermitText.hasArabic(phrase)
        }
    }

    public var entries: [Entry]

    /// The lexicon of `permits.md`: French and Arabic, with the documents it names as refusals.
    public static let standard = PermitCueLexicon(entries: [
        Entry("TUNISIE", .country), Entry("TUNISIENNE", .country), Entry("TUNISIEN", .country),
        Entry("TUNIS", .country, exact: true), Entry("GOUVERNORAT", .country),
        Entry("تونس", .country), Entry("التونسية", .country), Entry("ولاية", .country),
    ] + PermitCueLexicon.places.map { Entry($0, .country, exact: $0.count <= 5) }
      + PermitCueLexicon.arabicPlaces.map { Entry($0, .country) } + [
        Entry("COMMUNE", .authority), Entry("MUNICIPALITE", .authority), Entry("MINISTERE", .authority),
        Entry("MUNICIPAL", .authority), Entry("بلدية", .authority), Entry("وزارة", .authority),
        Entry("RESTAURANT", .restaurant), Entry("RESTAURATION", .restaurant), Entry("RESTAURANTS", .restaurant),
        Entry("مطعم", .restaurant), Entry("مطاعم", .restaurant),
        Entry("AUTORISATION", .authorisation), Entry("PERMIS", .authorisation), Entry("LICENCE", .authorisation),
        Entry("رخصة", .authorisation), Entry("ترخيص", .authorisation),
        Entry("FACTURE", negative: "it reads as an invoice (FACTURE)"),
        Entry("REPUBLIQUE FRANCAISE", negative: "it is a French document (RÉPUBLIQUE FRANÇAISE)"),
        Entry("PERMIS DE CONSTRUIRE", negative: "it is a building permit (PERMIS DE CONSTRUIRE)"),
        Entry("REGISTRE NATIONAL DES ENTREPRISES", negative: "it is a trade-register extract (Registre National des Entreprises)", headingOnly: true),
        Entry("REGISTRE DE COMMERCE", negative: "it is a trade-register extract (Registre de commerce)", headingOnly: true),
        Entry("EXTRAIT DU REGISTRE", negative: "it is a trade-register extract", headingOnly: true),
        Entry("RNE", negative: "it is a trade-register extract (RNE)", exact: true, headingOnly: true),
        Entry("السجل الوطني للمؤسسات", negative: "it is a trade-register extract (السجل الوطني للمؤسسات)", headingOnly: true),
        Entry("SERIAL", negative: "it is a device label (serial number)"),
        Entry("IMEI", negative: "it is a device label (IMEI)", exact: true),
        Entry("FCC ID", negative: "it is a device label (FCC ID)"),
        Entry("DESIGNED BY APPLE", negative: "it is a device label"),
    ])

    /// Tunisia's governorates and larger towns: the issuing municipality's name is evidence of
    /// the country when `RÉPUBLIQUE TUNISIENNE` was not read.
    public static let places = [
        "ARIANA", "BEN AROUS", "MANOUBA", "NABEUL", "ZAGHOUAN", "BIZERTE", "BEJA", "JENDOUBA", "SILIANA", "SOUSSE",
        "MONASTIR", "MAHDIA", "SFAX", "KAIROUAN", "KASSERINE", "SIDI BOUZID", "GABES", "MEDENINE", "TATAOUINE", "GAFSA",
        "TOZEUR", "KEBILI", "HAMMAMET", "DJERBA", "HOUMT SOUK", "CARTHAGE", "SIDI BOU SAID", "ZARZIS", "TABARKA",
        "KELIBIA", "MSAKEN", "MOKNINE", "KSAR HELLAL", "MENZEL BOURGUIBA", "HAMMAM LIF", "LA GOULETTE", "MATEUR",
        "METLAOUI", "NEFTA", "LA MARSA", "RADES", "EZZAHRA", "KORBA", "MIDOUN", "EL JEM", "BARDO",
    ]

    /// The governorates in Arabic (the header's right column names the wilaya and the
    /// municipality: `ولاية سوسة`, `بلدية المنستير`).
    public static let arabicPlaces = [
        "أريانة", "بن عروس", "منوبة", "نابل", "زغوان", "بنزرت", "باجة", "جندوبة", "الكاف", "سليانة", "سوسة",
        "المنستير", "المهدية", "صفاقس", "القيروان", "القصرين", "سيدي بوزيد", "قابس", "مدنين", "تطاوين", "قفصة",
        "توزر", "قبلي", "الحمامات", "جربة", "قرطاج", "طبرقة", "قليبية",
    ]

    /// Finds every phrase in `lines` (text, and whether the line is in the heading block).
    public func scan(_ lines: [(text: String, heading: Bool)]) -> PermitCueReport {
        var out: [PermitCueMatch] = []
        for (i, line) in lines.enumerated() {
            let tokens = PermitText.tokens(line.text)
            guard !tokens.isEmpty else { continue }
            for e in entries {
                if e.headingOnly && !line.heading { continue }
                if let d = Self.distance(of: e, in: tokens) {
                    out.append(PermitCueMatch(cue: e.cue, phrase: e.phrase, negative: e.negative, line: i, distance: d, heading: line.heading))
                }
            }
        }
        return PermitCueReport(matches: out)
    }

    /// The best edit distance of `entry` against windows of `tokens`, or `nil` when none is
    /// within budget. Windows one token shorter or longer than the phrase absorb words OCR
    /// split or merged; spaces are ignored in the comparison.
    static func distance(of entry: Entry, in tokens: [String]) -> Int? {
        let words = entry.phrase.split(separator: " ").map(String.init)
        let target = words.joined()
        if entry.exact {
            guard words.count == 1 else { return nil }
            return tokens.contains(target) ? 0 : nil
        }
        if entry.infix {
            let arabicTarget = words.joined(separator: " ")
            let line = tokens.joined(separator: " ")
            if line.contains(arabicTarget) { return 0 }
            if words.count == 1 && target.count >= 5 {
                for t in tokens where abs(t.count - target.count) <= 2 {
                    let d = PermitText.editDistance(t, target, limit: 1)
                    if d <= 1 { return d }
                }
            }
            return nil
        }
        let budget = PermitText.allowedDistance(target.count)
        var best: Int?
        for size in max(1, words.count - 1)...(words.count + 1) where size <= tokens.count {
            for start in 0...(tokens.count - size) {
                let window = tokens[start..<(start + size)].joined()
                if abs(window.count - target.count) > budget {
                    // A long keyword glued to its neighbours (`DUNRESTAURANT`) still counts.
                    if size == 1 && target.count >= 7 && window.contains(target) { best = 0 }
                    continue
                }
                let d = PermitText.editDistance(window, target, limit: budget)
                if d <= budget { best = min(best ?? d, d) }
            }
        }
        return best
    }
}
