import Imaging
@testable import PermitReading
import ReadingCore
import Recognition
import Testing

@Suite("Permit number extractor")
struct PermitNumberExtractorTests {
    func best(_ lines: [String]) -> PermitNumberCandidate? {
        PermitNumberExtractor.best(in: PermitTestText.make(lines).lines)
    }

    @Test(arguments: [
        ("N° 12345", "12345"),
        ("N° : 2023/00457", "2023/00457"),
        ("Numéro : 0457/2022", "0457/2022"),
        ("Autorisation n° 2022-7431", "2022-7431"),
        ("Réf. N° : 00457", "00457"),
        ("N°:2023/00457", "2023/00457"),
        ("N°2022-7431", "2022-7431"),
        ("Nº 0457 / 2022", "0457/2022"),
        ("N° 2021 /01034", "2021/01034"),
        ("Numéro d'autorisation : 88912", "88912"),
        ("N° 2O23/0O457", "2023/00457"),
        ("Autorisation n° 2020-0340 du 12/05/2020", "2020-0340"),
        ("Autorisation n/°2012-144 du 14/06/2022", "2012-144"),
        ("N/° 4521", "4521"),
        // A stamp's ring between the label and the digits, read as a bracket or a bar.
        ("N°{7503/2022", "7503/2022"),
        ("N°:|2019-0442", "2019-0442"),
        ("N°(64817", "64817"),
    ])
    func readsTheLabelledNumberExactlyAsPrinted(_ line: String, _ expected: String) {
        #expect(best(PermitTestText.permit(numberLine: line))?.text == expected, "\(line)")
    }

    /// `Réf. N° :` read with its point as a slash and no space (`Réf/N°:`, phone 105611 #165) is
    /// the label still: the number it labels is the permit's, not a lone group of digits the
    /// French read made of the Arabic header above it (`LS LI 5955`, answered `5953`).
    @Test(arguments: ["Réf/N°: 2018/28116", "Réf.N° 2018/28116", "Réf:N°2018/28116", "REF|N°: 2018/28116"])
    func aRefLabelReadAsOneWordIsALabel(_ numberLine: String) {
        var lines = PermitTestText.permit(numberLine: numberLine)
        lines.insert("LS LI 5955 Ministère de l'Intérieur", at: 1)
        let n = best(lines)
        #expect(n?.text == "2018/28116", "\(numberLine)")
        #expect(n?.label != nil, "\(numberLine)")
    }

    /// `Autorisation n°` whose `n°` the read garbled into letters labels the number after it,
    /// weakly (flat 105511 #127 `Autorisation bT 9528 du 14/10/2020`, phone 105611 #56
    /// `Autorisation ff 2019/27179`, both refused as without a number); French words after
    /// `Autorisation` are no label.
    @Test func aGarbledNAfterAutorisationIsAWeakLabel() {
        for (line, number) in [("Autorisation bT 9528 du 14/10/2020", "9528"), ("Autorisation ff 2019/27179", "2019/27179")] {
            let n = best(PermitTestText.permit(numberLine: line))
            #expect(n?.text == number, "\(line)")
            #expect(n?.label.map(PermitNumberExtractor.isWeakLabel) == true, "\(line)")
        }
        // Only a number of a common shape, no bare year: `Autorisation & 2017: 56464` (phone
        // 101211 #146) and `Autorisation K 2020800` (flat 104711 #127) give no labelled number.
        for line in ["Autorisation & 2017: 56464", "Autorisation K 2020800"] {
            #expect(best(PermitTestText.permit(numberLine: line))?.label == nil, "\(line)")
        }
        #expect(PermitNumberExtractor.label(at: 0, ["AUTORISATION", "DE", "2019"]) == nil)
        #expect(PermitNumberExtractor.label(at: 0, ["AUTORISATION", "N°", "2019"]) == nil)
        #expect(PermitNumberExtractor.label(at: 0, ["AUTORISATION", "BT", "DU"]) == nil)
    }

    @Test func theArabicLabelAnchorsOnEitherSide() {
        #expect(best(PermitTestText.permit(numberLine: "رقم : 2022-0759"))?.text == "2022-0759")
        let rtl = best(PermitTestText.permit(numberLine: "2022-0759 : رقم"))
        #expect(rtl?.text == "2022-0759")
        #expect(rtl?.label != nil)
    }

    @Test func theArabicLabelMayNameTheLicence() {
        // `رقم الرخصة :` (the licence's number) as the Arabic engine reads it, in either order
        // (generator seed 99411 phone #73 was refused: the word between label and number
        // stopped the label).
        for line in ["رقم الرخصة : 11776", "11776 : الرخصة رقم", "رقم الترخيص 2014/0457"] {
            let n = best(PermitTestText.permit(numberLine: line))
            #expect(n?.label != nil, "\(line)")
            #expect(n?.text == line.filter { $0.isNumber || $0 == "/" }, "\(line)")
        }
        // Another Arabic word there is no filler: `رقم الهاتف` is a phone's number.
        #expect(!PermitNumberExtractor.isFiller("الهاتف"))
    }

    @Test func ignoresLawReferencesDatesCapacitiesPhonesAndIDCards() {
        // No number line: every number on the page is a distractor.
        let lines = PermitTestText.permit().filter { !$0.hasPrefix("N°") }
        let found = best(lines)
        #expect(found == nil || found?.label == nil, "took \(found?.text ?? "") as the permit number")
        let all = PermitNumberExtractor.candidates(in: PermitTestText.make(lines).lines)
        #expect(all.allSatisfy { $0.rejected != nil || $0.label == nil })
    }

    @Test func prefersTheHeadingNumberOverABodyOne() {
        var lines = PermitTestText.permit(numberLine: "N° 2023/00457")
        lines.insert("enregistrée sous le N° 99999", at: 10)
        #expect(best(lines)?.text == "2023/00457")
    }

    /// Recitals and references as photos' reads garble them (seed 30001: phone permits 13, 47,
    /// 77, flat permit 86, where one was answered, at `high` twice): `Vu` misread, the
    /// reference's own word cut or misspelt, a sentence after the number. The permit's number,
    /// under them, is the answer.
    @Test(arguments: [
        "Vale es cmpanaque n° 2018-29 du Ÿ nas 2018 mlatyse de te Cobetrpee",
        "Ve a dé rguatque n° 2018-29 de © nat 2018 sbative au Cuxke des oct uRes",
        "Vaa Le dicrer n° 2006-1143",
        "et n° 1998-2167",
    ])
    func aGarbledReferenceIsNotThePermitNumber(_ reference: String) {
        let lines = ["RÉPUBLIQUE TUNISIENNE", "Commune de Sousse", "LICENCE DE RESTAURATION", reference, "2016-0814 : #5)",
                     "Le Président de la Commune de Sousse,", "Vu la demande présentée le 10/03/2022 ;", "ARRÊTE",
                     "Article 1 : Est autorisé(e) à exploiter un restaurant :"]
        let all = PermitNumberExtractor.candidates(in: PermitTestText.make(lines).lines)
        #expect(all.filter { $0.label != nil }.allSatisfy { $0.rejected != nil }, "\(reference)")
        #expect(best(lines)?.text == "2016-0814", "\(reference)")
    }

    /// Number lines as phone photos' reads garble them (seed 30001's phone permits 14, 18, 89,
    /// 112, each refused for want of a number): a filler word misspelt before the colon, a
    /// box's edge read as a bracket, a stamp's strokes after the number, a stray quote in `N°':`.
    @Test(arguments: [
        ("N° d'anonsation : 60918", "60918"),
        ("Numéro d'autorisaton: 88912", "88912"),
        ("[8965/2018 : ,s, |", "8965/2018"),
        ("N° d'autorisation : 3101-/", "3101"),
        ("Ré N°':267330", "267330"),
    ])
    func readsAGarbledNumberLine(_ line: String, _ expected: String) {
        #expect(best(PermitTestText.permit(numberLine: line))?.text == expected, "\(line)")
    }

    /// A phone's or an identity's word after `N°` is no filler: its number is not the permit's.
    @Test func aPhoneAfterNIsNotALabelledNumber() {
        let lines = ["RÉPUBLIQUE TUNISIENNE", "Commune de Sousse", "LICENCE DE RESTAURATION", "N° Tél : 73 522 312",
                     "Le Président de la Commune de Sousse,", "Vu la demande présentée le 10/03/2022 ;"]
        #expect(best(lines)?.label == nil)
    }

    /// A label's lead word cut by the read (`tion n°` of `Autorisation n°`) still anchors it.
    @Test func aCutLeadWordStillAnchorsTheNumber() {
        #expect(best(PermitTestText.permit(numberLine: "tion n° 2015/39010 du 11/01/2015"))?.text == "2015/39010")
        #expect(best(PermitTestText.permit(numberLine: "Autorisaton n° 2015/39010"))?.text == "2015/39010")
    }

    /// `Numéro` with its tail garbled by a stamp's ring (`Numéta»`, phone 101411 #124) is still
    /// the label: two edits from it, opening with `NUM`. Three edits, or another opening, are not.
    @Test func aNumeroGarbledAtItsEndIsStillTheLabel() {
        #expect(best(PermitTestText.permit(numberLine: "Numéta» 9817 du 11/11/2015"))?.label == "NUMETA»")
        #expect(best(PermitTestText.permit(numberLine: "Numéta» 9817 du 11/11/2015"))?.text == "9817")
        #expect(!PermitNumberExtractor.isNumero("NUMBTA»"))
        #expect(!PermitNumberExtractor.isNumero("NOMBRE"))
        #expect(!PermitNumberExtractor.isNumero("NUMERIQUE"))
    }

    /// Two letters are no cut lead word: `ON n°` (the holder's `CIN n°` misread) ends
    /// `AUTORISATION` as any word ending so would, and its number is a reference's, not the
    /// permit's. `ion n°` still anchors.
    @Test func twoLettersAreNoCutLeadWord() {
        let lines = ["RÉPUBLIQUE TUNISIENNE", "Commune de Sousse", "LICENCE DE RESTAURATION",
                     "ON n°: 08275351", "Le Président de la Commune de Sousse,"]
        #expect(best(lines) == nil)
        #expect(best(PermitTestText.permit(numberLine: "ion n° 2015/39010"))?.text == "2015/39010")
    }

    /// Two letters one edit from a lead word (`Re n°`, `Ré N°'`) make a weak label: they are
    /// what a read leaves of `Réf.` as often as of a reference's word (`Re n° 2004-1285` of
    /// `Décret n° 2004-1285` under a permit's title, flat 105811 #59, answered `high`). `Réf.`
    /// whole, or cut to three letters, labels firmly.
    @Test func twoLettersOfALeadWordMakeAWeakLabel() throws {
        let decree = try #require(best(PermitTestText.permit(numberLine: "| Re n° 2004-1285 h")))
        #expect(decree.text == "2004-1285")
        #expect(PermitNumberExtractor.isWeakLabel(try #require(decree.label)), "\(decree.label ?? "")")
        for line in ["Réf. n° 2015/39010", "Ref n° 2015/39010", "Réf N° : 2015/39010"] {
            let n = try #require(best(PermitTestText.permit(numberLine: line)))
            #expect(n.text == "2015/39010")
            #expect(!PermitNumberExtractor.isWeakLabel(try #require(n.label)), "\(line): \(n.label ?? "")")
        }
    }

    /// Digits glued to `N°` after `Réf.`: the number's box is the word that holds them, not
    /// `Réf.` (whose crop the re-read read as nothing: seed 30001's flat permit 39).
    @Test func gluedDigitsAfterRefAreBoxedInTheirOwnWord() throws {
        let text = PermitTestText.make(PermitTestText.permit(numberLine: "Réf. N°:2018-4517"))
        let n = try #require(PermitNumberExtractor.best(in: text.lines))
        #expect(n.text == "2018-4517")
        let line = try #require(text.lines.first { $0.text.hasPrefix("Réf") })
        #expect(n.box == line.words[1].box)
    }

    /// Digits glued to the label in one word: their box starts at their first character as the
    /// engine boxed it, not at the label (whose `N°` a crop's digits-only re-read reads as digits:
    /// `912503/2072` for `7503/2022`, phone 98001 #41).
    @Test func gluedDigitsAreBoxedWithoutTheirLabel() throws {
        let text = "N°:2018-4517"
        let symbols = text.enumerated().map { i, c in
            RecognizedSymbol(text: String(c), confidence: 0.9, box: PixelRect(x: 100 + 15 * i, y: 40, width: 13, height: 24), choices: [])
        }
        let word = RecognizedWord(text: text, confidence: 0.9, box: PixelRect(x: 100, y: 38, width: 15 * text.count, height: 28), symbols: symbols)
        let digits = PermitNumberExtractor.gluedDigitsBox(word, digits: 9)
        #expect(digits.x == 100 + 15 * 3)
        #expect(digits.maxX == symbols.last!.box.maxX)
        #expect(digits.y == 40 && digits.height == 24)
        // Characters the engine did not box one by one: the word's box.
        var unboxed = word
        unboxed.symbols = []
        #expect(PermitNumberExtractor.gluedDigitsBox(unboxed, digits: 9) == word.box)
    }

    @Test func aLawReferenceInTheHeadingIsStillRejected() {
        let lines = ["RÉPUBLIQUE TUNISIENNE", "Commune de Sfax", "LICENCE DE RESTAURATION",
                     "en application de la loi n° 2018-29", "N° 4521", "Vu le décret n° 2011-1374"]
        #expect(best(lines)?.text == "4521")
    }

    @Test func keepsLeadingZerosAndDropsSpaces() {
        #expect(best(PermitTestText.permit(numberLine: "N° 00 457"))?.text == "00457")
    }

    @Test func refusesShapesThatAreNotPermitNumbers() {
        #expect(!PermitNumberFormat.isValid("12/03/2021"))
        #expect(!PermitNumberFormat.isValid("202"))
        #expect(!PermitNumberFormat.isValid("12/34"))
        #expect(!PermitNumberFormat.isValid("2023/00457/1"))
        #expect(PermitNumberFormat.isValid("0457/2022"))
        #expect(PermitNumberFormat.isValid("2022-7431"))
        #expect(PermitNumberFormat.isValid("12345"))
        // A year's companion group of one or two digits is a group the read cut (`9/2022` of
        // `6399/2022`, generator seed 99811 phone #114 under the apps' compression).
        #expect(!PermitNumberFormat.isValid("9/2022") && !PermitNumberFormat.isValid("2022-77"))
        #expect(PermitNumberFormat.isValid("2024-315") && PermitNumberFormat.isValid("315/2024"))
    }

    @Test func unusualShapesAreValidButNotTypical() {
        #expect(PermitNumberFormat.isTypical("2023/00457") && PermitNumberFormat.isTypical("12345"))
        #expect(PermitNumberFormat.isValid("20265929") && !PermitNumberFormat.isTypical("20265929"))
        #expect(!PermitNumberFormat.isTypical("2016-513509"))
    }

    /// A steep slash read as `1` (`2024175778` of `2024/75778`, flat permit 20 of seed 100911)
    /// is read back as `/` beside a year, only where the read as it is has no permit's shape.
    @Test func aSlashReadAsOneBesideAYearIsReadBack() {
        #expect(PermitNumberFormat.slashRestored("2024175778") == "2024/75778")
        #expect(PermitNumberFormat.slashRestored("045712022") == "0457/2022")
        #expect(PermitNumberFormat.slashRestored("2023100457") == "2023/00457")
        // A read of a permit's shape stays as it is, even of an unusual one.
        #expect(PermitNumberFormat.slashRestored("12345") == "12345")
        #expect(PermitNumberFormat.slashRestored("20241757") == "20241757")
        // No `1` beside a year, no common shape once read back, or two places that fit.
        #expect(PermitNumberFormat.slashRestored("2024575778") == "2024575778")
        #expect(PermitNumberFormat.slashRestored("1234175778") == "1234175778")
        #expect(PermitNumberFormat.slashRestored("2024112022") == "2024112022")
        #expect(PermitNumberFormat.slashRestored("2024/75778") == "2024/75778")
    }

    @Test func aLoneNumberUnderTheTitleBeatsAnIDCardNumberInTheBody() {
        // The Arabic label dropped by the French read, `Article 1 :` lost and the CIN's `C`
        // misread: the CIN number is labelled, the permit number is not, yet the title's line wins.
        var lines = PermitTestText.permit(numberLine: "0878/2014 :")
        lines[9] = "+ M/Mme Leila Gharbi, titulaire de la € IN n° 00411166, est autorisé(e) à exploiter un"
        #expect(best(lines)?.text == "0878/2014")
    }

    @Test func aLawReferenceCutAtALineBreakIsRejected() {
        // `Vu la loi org` read as a separate line above what remains of the reference.
        var lines = PermitTestText.permit(numberLine: "2022-7294 : 29)")
        lines[7] = "anique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;"
        #expect(best(lines)?.text == "2022-7294")
        let ref = PermitNumberExtractor.candidates(in: PermitTestText.make(lines).lines).first { $0.text == "2018-29" }
        #expect(ref?.rejected != nil)
        // Blurred text: `relatree` for `relative`, `ongansqee` for `organique`.
        #expect(PermitNumberExtractor.followedByReference(PermitText.tokens("ds 9 ma 2018 relatree su Ce")) != nil)
        #expect(PermitNumberExtractor.isReferenceWord("DECRFT") && PermitNumberExtractor.isReferenceWord("ANIQUE"))
        #expect(!PermitNumberExtractor.isReferenceWord("AUTORISATION") && !PermitNumberExtractor.isReferenceWord("RESTAURANT"))
    }

    @Test func aNumberCitedWithItsActsDateIsAReference() {
        // The page read cut the recital's line at a column (a second source's clean photo):
        // `Vu la loi organique n` went to another block, `° 2018-29 du 9 mai 201` stayed in
        // the heading, and the permit's number, labelled in Arabic, was read as noise.
        var lines = PermitTestText.permit(numberLine: "9617/2020 65)")
        lines[7] = "° 2018-29 du 9 mai 201"
        let ref = PermitNumberExtractor.candidates(in: PermitTestText.make(lines).lines).first { $0.text == "2018-29" }
        #expect(ref?.rejected == "reference (n° … du 9 mai)")
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 1er fevrler 2011")) != nil)
        // A date in figures is not an act's citation: only a month spelled out is.
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 12/03/2023")) == nil)
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 40 mai")) == nil)
        // The year glued on the month, or the month cut where the line ends (second source
        // seed 17 #79 `n° 2018-29 du 9 mai2`, #87 `° 2018-29 du 9 ma`): a citation still.
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 9 mai2")) == "du 9 mai")
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 9 ma")) == "du 9 ma")
        // A cut month is only one the line ends with, of two letters or more.
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 9 ma relative")) == nil)
        #expect(PermitNumberExtractor.followedByActDate(PermitText.tokens("du 9 m")) == nil)
    }

    /// A tilted recital read in pieces (second source seed 18 #72): `n° 2018-29 du` stood in
    /// the heading, its date `9 mai 2018 relative` a piece of its own just right of it and a
    /// little higher, and the law's number was answered. A date at the start of the next row
    /// (the sentence wrapped at the margin) goes on the citation as well.
    @Test func aNumberWhoseCitationGoesOnInTheNextPieceIsAReference() {
        let piece = PermitTestText.piece
        var lines = PermitTestText.make(PermitTestText.permit(numberLine: "N° : 2023/14096")).lines
        let y = lines.remove(at: 7).box.y
        let number = piece("n° 2018-29 du", 330, y)
        let tilted = lines + [piece("Vu la loi organique", 50, y + 20), number, piece("9 mai 2018 relative", 530, y - 6)]
        let ref = PermitNumberExtractor.candidates(in: tilted).first { $0.text == "2018-29" }
        #expect(ref?.rejected == "reference (n° … du 9 mai)")
        #expect(PermitNumberExtractor.best(in: tilted)?.text == "2023/14096")
        // (The wrapped row in place of the decree's line under it; the recital level, in the body.
        // Its opening piece without the law's name: `organique` ending it makes a reference of the
        // `n°` after it by a rule of its own.)
        let wrapped = lines.filter { $0.box.y != y + 40 } + [piece("Vu la", 50, y), number,
                                                             piece("9 mai 2018 relative au Code", 50, y + 40)]
        #expect(PermitNumberExtractor.candidates(in: wrapped).first { $0.text == "2018-29" }?.rejected == "reference (n° … du 9 mai)")
        // Without a date after it, the piece is no citation by this rule.
        let alone = lines + [piece("Vu la loi organique", 50, y + 20), number, piece("relative au Code", 530, y - 6)]
        #expect(PermitNumberExtractor.candidates(in: alone).first { $0.text == "2018-29" }?.rejected?.hasPrefix("reference (n° … du") != true)
    }

    /// A decree's row the read split where its words stand apart (`Décret` | `n° 2015-641`,
    /// flat 104611 #221 as the apps compress it): the `n°` opening its piece is still the
    /// decree's, and the number under it, its Arabic label garbled, is the permit's. A piece
    /// left of the label that names no other text takes nothing from it.
    @Test func aReferenceWordEndingThePieceLeftOfALabelMakesItAReference() {
        let piece = PermitTestText.piece
        let lines = PermitTestText.make(["RÉPUBLIQUE TUNISIENNE", "Ministère des Affaires Locales", "Commune de Mahdia",
                                         "LICENCE DE RESTAURATION", "", "2012/36135 : Le )l c)", "Le Maire de Mahdia,",
                                         "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;"]).lines
        let split = lines + [piece("Décret", 300, 160), piece("n° 2015-641", 420, 160)]
        #expect(PermitNumberExtractor.candidates(in: split).first { $0.text == "2015-641" }?.rejected == "reference (DECRET / n°)")
        #expect(PermitNumberExtractor.best(in: split)?.text == "2012/36135")
        // The same `n°` after a piece of a label's words is the permit's.
        let labelled = lines + [piece("Autorisation", 250, 160), piece("n° 2015-641", 420, 160)]
        #expect(PermitNumberExtractor.best(in: labelled)?.text == "2015-641")
    }

    @Test func anArreteNumberTitlingThePermitIsAccepted() {
        let lines = ["RÉPUBLIQUE TUNISIENNE", "Commune de Nabeul",
                     "ARRÊTÉ N° 2023/457 portant autorisation d'exploitation d'un restaurant",
                     "Le Président de la Commune de Nabeul,", "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code ;",
                     "ARRÊTE :", "Article 1 : M. Ali Ben Salah, titulaire de la CIN n° 08975824, est autorisé à exploiter"]
        #expect(best(lines)?.text == "2023/457")
        #expect(PermitNumberExtractor.startsBody("ARRÊTE :") && !PermitNumberExtractor.startsBody("ARRÊTÉ N° 2023/457"))
    }

    /// A recital the layout read cut from its start (`Vu le décret` in another block) opens
    /// with its label and runs on into a title's words: a sentence, not the act's title.
    @Test func aRecitalCutFromItsStartIsNoTitle() {
        let cut = ["RÉPUBLIQUE TUNISIENNE", "Municipalité de Bizerte", "PERMIS D'EXPLOITATION — RESTAURANT",
                   "n° 2004-973 foant les condtions d'exploitation des établissements de"]
        #expect(PermitNumberExtractor.candidates(in: PermitTestText.make(cut).lines).first { $0.text == "2004-973" }?.rejected?.hasPrefix("in a sentence") == true)
        let titled = ["RÉPUBLIQUE TUNISIENNE", "ARRÊTÉ N° 2023/457 portant autorisation d'exploitation d'un restaurant"]
        #expect(PermitNumberExtractor.candidates(in: PermitTestText.make(titled).lines).first { $0.text == "2023/457" }?.rejected == nil)
    }

    /// A holder's ID card number is a reference on its line (`isReference`); split off its
    /// `CIN` by the layout read (`n° 04125835, est`), the same number is not one on its own.
    @Test func aReferenceIsToldApartFromOtherRejections() {
        let whole = PermitTestText.make(["RÉPUBLIQUE TUNISIENNE", "AUTORISATION D'EXPLOITATION D'UN RESTAURANT", "ARRÊTE :",
                                         "Article 1 : M. Ali Ben Salah, titulaire de la CIN n° 04125835, est autorisé"])
        let cin = PermitNumberExtractor.candidates(in: whole.lines).first { $0.text == "04125835" }
        #expect(cin?.isReference == true, "\(cin?.rejected ?? "not rejected")")
        let split = PermitTestText.make(["RÉPUBLIQUE TUNISIENNE", "AUTORISATION D'EXPLOITATION D'UN RESTAURANT", "ARRÊTE :",
                                         "alah, titulaire de la CIN", "Article 1 : M./Mme Ahmed Ben 5", "n° 04125835, est"])
        let alone = PermitNumberExtractor.candidates(in: split.lines).first { $0.text == "04125835" }
        #expect(alone?.isReference == false)
    }

    @Test func aLoneNumberUnderTheTitleIsAWeakCandidate() {
        // The Arabic label read as Latin noise by the French engine.
        let n = best(PermitTestText.permit(numberLine: "2022-0759 . ;"))
        #expect(n?.text == "2022-0759")
        #expect(n?.label == nil)
    }

    @Test func aLoneNumberAboveTheTitleLosesToTheOneUnderIt() {
        // The French read turns the Arabic header column into digits (`وزارة الداخلية` → `Al 5515,`)
        // and the Arabic label `رقم` into noise: both numbers stand alone in the heading.
        let lines = ["RÉPUBLIQUE TUNISIENNE Lidl a, A", "Al 5515,", "Ministère de l'Intérieur", "Commune de Monastir",
                     "PERMIS D'EXPLOITATION — RESTAURANT", "0188/2012 : »5,",
                     "Le Président de la Commune de Monastir,", "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code ;"]
        #expect(best(lines)?.text == "0188/2012")
        #expect(PermitNumberExtractor.isTitle("LICENCE DE RESTAURAT1ON") && PermitNumberExtractor.isTitle("رخصة استغلال مطعم"))
        #expect(!PermitNumberExtractor.isTitle("Ministère de l'Intérieur"))
    }

    @Test(arguments: [true, false])
    func aDecreeRecitalInTheHeadingDoesNotEndIt(_ aboveTitle: Bool) {
        // `Vu le décret n° 2000-1456` printed in the heading, above the title or between the title
        // and the number: the title and the number line stay in the heading block.
        let recital = "Vu le décret n° 2000-1456"
        var lines = ["RÉPUBLIQUE TUNISIENNE", "Ministère de l'Intérieur", "Commune de Sousse"]
        lines += aboveTitle ? [recital, "AUTORISATION D'EXPLOITATION D'UN RESTAURANT"] : ["AUTORISATION D'EXPLOITATION D'UN RESTAURANT", recital]
        lines += ["13409 : Je y", "Le Président de la Commune de Sousse,",
                  "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;",
                  "Vu le décret n° 2012-2768 fixant les conditions d'exploitation des établissements de",
                  "restauration ;", "ARRÊTE", "Article 1 : M. Sami Gharbi est autorisé à exploiter un restaurant."]
        let text = PermitTestText.make(lines)
        let heading = PermitNumberExtractor.headingFlags(text.lines)
        #expect(heading[4] && heading[5], "the title and the number line are in the heading")
        #expect(!heading[7], "the body still starts at its first recital")
        #expect(PermitNumberExtractor.best(in: text.lines)?.text == "13409")
        // The body's own recitals, one after the other, still open the body.
        let plain = PermitTestText.make(PermitTestText.permit())
        let flags = PermitNumberExtractor.headingFlags(plain.lines)
        #expect(flags[5] && !flags[7])
    }

    @Test(arguments: [
        ("N°: 2023/9%6704", "2023/96704", "2023/9%6704"),
        ("Numéro : 202 V00550", "20200550", "202 V00550"),
        ("N° d'autorisation : 8211/2628", "8211/2628", "8211/2628"),
        // A stamp's stroke read into the label, the `du` before the date lost: the date is not
        // part of the garbled digits (flat permit 68 of seed 100311, read row by row).
        ("Réf. N\\2013/92122 09/03/2023", "2013/92122", "N\\2013/92122"),
    ])
    func aLabelledNumberTheReadGarbledIsKeptForARereadOfItsCrop(_ line: String, _ text: String, _ raw: String) {
        let all = PermitNumberExtractor.candidates(in: PermitTestText.make(PermitTestText.permit(numberLine: line)).lines)
        let garbled = all.first { $0.rejected == PermitNumberExtractor.shapeRejection }
        #expect(garbled?.text == text)
        #expect(garbled?.raw == raw)
        #expect(garbled?.label != nil && garbled?.heading == true)
        // Never an answer on its own.
        #expect(best(PermitTestText.permit(numberLine: line)) == nil)
    }

    @Test func aGarbledRereadKeepsThePageReadsSeparatorAndStaysNearIt() {
        #expect(PermitPipeline.separatorFromPage("20221650", page: "202-1650") == "2022-1650")
        #expect(PermitPipeline.separatorFromPage("2023/96704", page: "2023/96704") == nil)
        #expect(PermitPipeline.separatorFromPage("20200550", page: "20200550") == nil)
        #expect(PermitPipeline.closeToPageRead("2023/96704", "2023/96704"))
        #expect(PermitPipeline.closeToPageRead("2022-1650", "202-1650"))
        #expect(!PermitPipeline.closeToPageRead("71568", "2023/96704"))
        // Digits the page read lost under a stamp (`2923-7` of `2023-078`, flat permit 87 of seed
        // 100311): up to two, besides the digits it misread.
        #expect(PermitPipeline.closeToPageRead("2023-078", "2923-7"))
        #expect(!PermitPipeline.closeToPageRead("2023-078", "29"))
        #expect(!PermitPipeline.closeToPageRead("2023/1995", "78"))
    }

    @Test func aLoneNumberAboveTheTitleIsNeverThePermitNumber() {
        // The commune's phone under its name, read without its `Tél` (seed 31001, phone 41), and
        // the number line under the title lost: no answer rather than the phone's digits.
        let lines = ["RÉPUBLIQUE TUNISIENNE", "Ministère du Tourisme", "Commune de Bizerte", "te 7252 703",
                     "AUTORISATION D'EXPLOITATION D'UN RESTAURANT", "Le Président de la Commune de Bizerte,",
                     "Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;"]
        #expect(best(lines) == nil)
        // Under the title, the same line is a lone candidate.
        var under = lines
        under.swapAt(3, 4)
        #expect(best(under)?.text == "7252703")
    }

    @Test func aLongArabicLabelReadAsNoiseLeavesALoneNumber() {
        // `رقم الرخصة : 26023` as the French engine reads it: the number, then Latin noise.
        var text = PermitTestText.make(PermitTestText.permit(numberLine: "26023 : Le )l c)"))
        let i = text.lines.firstIndex { $0.text.hasPrefix("26023") } ?? 0
        for w in text.lines[i].words.indices where !text.lines[i].words[w].text.contains("2") {
            text.lines[i].words[w].confidence = 0.3
        }
        #expect(PermitNumberExtractor.best(in: text.lines)?.text == "26023")
        // A line of real words with a number in it is not a label's noise.
        #expect(best(PermitTestText.permit(numberLine: "Dossier 26023 Sousse")).map(\.text) != "26023")
    }

    @Test func rereadsMayOnlyAddWhatThePageReadDropped() {
        #expect(PermitNumberVote.isSubsequence("2014/9722", of: "2014/97221"))
        #expect(PermitNumberVote.isSubsequence("201497221", of: "2014/97221"))
        #expect(!PermitNumberVote.isSubsequence("538927", of: "338927"))
        #expect(!PermitNumberVote.isSubsequence("2014/97221", of: "2014/97221"))
    }

    @Test func rereadsVoteOutADigitBlurMisreadOnce() {
        #expect(PermitNumberVote.winner(["0765/2017", "9765/2017", "9765/2017", "0769/2017"]) == "9765/2017")
        // Character by character when no two reads are identical.
        #expect(PermitNumberVote.winner(["0765/2017", "9765/2017", "2765/2017", "9763/2017"]) == "9765/2017")
        // No consensus, or shapes that are not permit numbers: no answer.
        #expect(PermitNumberVote.winner(["0765/2017", "9765/2017"]) == nil)
        #expect(PermitNumberVote.winner(["12/03/2021", "12/03/2021"]) == nil)
        #expect(PermitNumberVote.support("9765/2017", in: ["9765/2017", "0765/2017", "9765/2017"]) == 2)
    }

    /// Bold, blurred print merges a thin `/` into the digits beside it at some scales and not
    /// at others (`3649/2014` of seed 30001's phone permit 13): the reads that see it put it back.
    @Test func rereadsPutBackASeparatorSomeReadsLost() {
        #expect(PermitNumberVote.winner(["36492014", "36492014", "3649/2014", "3649/2014", "36492014"]) == "3649/2014")
        // One read alone does not make a separator.
        #expect(PermitNumberVote.winner(["36492014", "36492014", "3649/2014"]) == "36492014")
        // Different digits are not the same number with its separator lost.
        #expect(PermitNumberVote.winner(["36482014", "36492014", "3649/2014", "3649/2014"]) == "3649/2014")
        #expect(PermitNumberVote.addsSeparator("3649/2014", to: "36492014"))
        #expect(!PermitNumberVote.addsSeparator("3649/2014", to: "36482014"))
        #expect(!PermitNumberVote.addsSeparator("3649/2014", to: "3649-2014"))
    }

    /// A line with each word read at its own confidence.
    static func line(_ words: [(String, Double)], y: Int = 200) -> RecognizedLine {
        var x = 50
        var out: [RecognizedWord] = []
        for (w, c) in words {
            let box = PixelRect(x: x, y: y, width: 14 * w.count, height: 24)
            out.append(RecognizedWord(text: w, confidence: c, box: box,
                                      symbols: w.map { RecognizedSymbol(text: String($0), confidence: c, box: box, choices: []) }))
            x += 14 * w.count + 12
        }
        return RecognizedLine(words: out, box: PixelRect(x: 50, y: y, width: x - 50, height: 24), confidence: 0.9)
    }

    @Test func arabicNoiseReadAsADigitDoesNotJoinTheNumber() {
        // `35382 رقم` as the French read gives it: the label turned into a low-confidence `2`.
        let noisy = Self.line([("35382", 0.8), ("2", 0.41)])
        #expect(PermitNumberExtractor.candidates(in: [noisy], heading: [true]).first?.text == "35382")
        // A number printed with spaces, every part read confidently, stays whole.
        let spaced = Self.line([("N°", 0.9), ("2023", 0.93), ("/", 0.9), ("00457", 0.92)])
        #expect(PermitNumberExtractor.candidates(in: [spaced], heading: [true]).first?.text == "2023/00457")
        // `2011/46308 : رقم` read `2011/46308 «5,` with confidence (second source seed 19 #9,
        // #15: answered `2011/463085`): a word opening with a quote is another token.
        let quoted = Self.line([("2011/46308", 0.95), ("«5,", 0.9)])
        #expect(PermitNumberExtractor.candidates(in: [quoted], heading: [true]).first?.text == "2011/46308")
        #expect(PermitNumberExtractor.anyNumber(in: Self.line([("2013/52985", 0.95), ("(5", 0.9)]))?.text == "2013/52985")
        // The first word may open with one: a box's edge beside the number (`[8965/2018`).
        #expect(PermitNumberExtractor.candidates(in: [Self.line([("[8965/2018", 0.9)])], heading: [true]).first?.text == "8965/2018")
    }

    /// A group ending with its separator is no number alone: the digits after it join it however
    /// unsure their read (phone 105411 #44, English rows `We 2021/ 16048 : aad`: `16048` was
    /// answered for `2021/16048`). A low-confidence word after a whole number still does not.
    @Test func digitsAfterAGroupEndingInItsSeparatorJoinIt() {
        let row = Self.line([("We", 0.3), ("2021/", 0.9), ("16048", 0.4), (":", 0.2), ("aad", 0.1)])
        #expect(PermitNumberExtractor.anyNumber(in: row)?.text == "2021/16048")
        #expect(PermitNumberExtractor.anyNumber(in: Self.line([("2021-", 0.9), ("7431", 0.3)]))?.text == "2021-7431")
        #expect(PermitNumberExtractor.anyNumber(in: Self.line([("2021/7431", 0.9), ("2", 0.3)]))?.text == "2021/7431")
    }

    @Test func aPhoneNumberInTheHeadingIsNotALoneCandidate() {
        let phone = Self.line([("Tél.", 0.57), (":", 0.9), ("71", 0.92), ("497", 0.95), ("195", 0.94)])
        let found = PermitNumberExtractor.candidates(in: [phone], heading: [true])
        #expect(found.first?.text == "71497195")
        #expect(found.first?.rejected?.hasPrefix("a phone number") == true)
        // Grouped as a phone number without its word.
        let grouped = Self.line([("72", 0.92), ("735", 0.95), ("338", 0.94)])
        #expect(PermitNumberExtractor.candidates(in: [grouped], heading: [true]).first?.rejected?.hasPrefix("a phone number") == true)
        // A permit number of eight digits printed in one piece is not a phone number.
        let permit = Self.line([("20198441", 0.92)])
        #expect(PermitNumberExtractor.candidates(in: [permit], heading: [true]).first?.rejected == nil)
    }

    @Test func aDegreeSignWhoseNWasLostStillLabels() {
        let n = best(PermitTestText.permit(numberLine: "° d'autorisation : 2019/98441"))
        #expect(n?.text == "2019/98441")
        #expect(n?.label != nil)
    }

    @Test func aLoneNumberBesideAColonBeatsOneWithout() {
        // `1998-1867 قرار عدد` (another act's number) above `0671/2024 : رقم`.
        var lines = PermitTestText.permit(numberLine: "1998-1867 asc jä")
        lines.insert("0671/2024 : #53", at: 6)
        #expect(best(lines)?.text == "0671/2024")
    }

    @Test func theNextWordBoundsTheNumbersCrop() {
        // Arabic read as Latin noise beside the number: the crop stops short of it.
        let l = Self.line([("7159", 0.87), ("&e>", 0.01)])
        let c = PermitNumberExtractor.candidates(in: [l], heading: [true]).first
        #expect(c?.text == "7159")
        #expect(c?.nextWordX == l.words[1].box.x)
        #expect(c?.mayBeCut == false)
        // A number-like word left out for its low confidence may be the number's own end
        // (`2021 /68555`): the number may be cut, and its crop is not bounded.
        let cut = Self.line([("N°", 0.9), ("2021", 0.95), ("/68555", 0.3)])
        let d = PermitNumberExtractor.candidates(in: [cut], heading: [true]).first
        #expect(d?.text == "2021")
        #expect(d?.mayBeCut == true)
        #expect(d?.nextWordX == nil)
    }

    @Test func aDateRightAfterTheNumberBoundsItsCrop() {
        // `2013/92122 09/03/2023`, the `du` between them lost under a stamp and the date's box
        // drawn up to the number: however close, a whole date is another word.
        var l = Self.line([("N°", 0.9), ("2013/92122", 0.9), ("09/03/2023", 0.9)])
        let number = l.words[1].box
        l.words[2].box.x = number.maxX + 2
        let c = PermitNumberExtractor.candidates(in: [l], heading: [true]).first
        #expect(c?.text == "2013/92122")
        #expect(c?.nextWordX == number.maxX + 2)
        // Another word that close may be the number's own last glyph: no bound.
        var split = Self.line([("N°", 0.9), ("2013/9212", 0.9), ("2:", 0.9)])
        split.words[2].box.x = split.words[1].box.maxX + 2
        #expect(PermitNumberExtractor.candidates(in: [split], heading: [true]).first?.nextWordX == nil)
    }

    @Test func aNumberBoxedOverTheWordsAfterItEndsWhereTheyStart() throws {
        // `Réf. N° : 2014-43150 du 26/08/2020` as the page read of phone permit 78 of seed 98001
        // gave it: `2014-4315` (its last glyph lost) boxed to the line's end, over `du` and the date.
        var l = Self.line([("Réf.", 0.85), ("N°", 0.93), (":", 0.9), ("2014-4315", 0.8), ("du", 0.97), ("26/08/2020", 0.97)])
        let number = l.words[3].box, end = l.words[5].box.maxX
        l.words[3].box = PixelRect(x: number.x, y: number.y, width: end - number.x, height: number.height)
        let c = try #require(PermitNumberExtractor.candidates(in: [l], heading: [true]).first)
        #expect(c.text == "2014-4315")
        #expect(c.box.maxX == l.words[4].box.x)
    }

    @Test func aDateReadOnToANumbersCropIsDropped() {
        #expect(PermitNumberFormat.droppingTrailingDate("2014-4315026/08/2020") == "2014-43150")
        #expect(PermitNumberFormat.droppingTrailingDate("820404/08/2016") == "8204")
        #expect(PermitNumberFormat.droppingTrailingDate("2014-43150") == "2014-43150")
        #expect(PermitNumberFormat.droppingTrailingDate("26/08/2020") == "26/08/2020", "a date alone is left as read")
        #expect(PermitNumberFormat.droppingTrailingDate("2019-1583509/01/201") == "2019-1583509/01/201", "no whole date")
        #expect(PermitNumberFormat.droppingTrailingDate("201545/13/2020") == "201545/13/2020", "no month 13")
    }
}
