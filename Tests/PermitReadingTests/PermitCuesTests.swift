@testable import PermitReading
import ReadingCore
import Testing

@Suite("Permit document cues")
struct PermitCuesTests {
    func scan(_ lines: [String], heading: Int = 6) -> PermitCueReport {
        PermitCueLexicon.standard.scan(lines.enumerated().map { ($0.element, $0.offset < heading) })
    }

    @Test func aPermitHasEveryCue() {
        let r = scan(PermitTestText.permit())
        #expect(r.missing.isEmpty)
        #expect(r.isPermit && r.isStrong)
    }

    /// `fold` folds ASCII and Latin letters without Foundation (a table for U+0080–U+024F): each
    /// of them folds as Foundation's folding does, and a line folds as its scalars one by one.
    @Test func foldsLatinAsFoundationDoes() {
        let special: Set<UInt32> = [0x00BA, 0x00B0, 0x0060, 0x00B4, 0x02BC]
        for v in UInt32(0x20)...0x24F where !special.contains(v) {
            guard let ch = Unicode.Scalar(v) else { continue }
            #expect(PermitText.fold(String(ch)) == PermitText.foldedScalar(ch), "U+\(String(v, radix: 16))")
        }
        #expect(PermitText.fold("Réf. N° : 2013/92122 — Ministère de l’Intérieur, Œuvre") == "REF. N° : 2013/92122 - MINISTERE DE L'INTERIEUR, ŒUVRE")
    }

    @Test func toleratesOCRNoise() {
        let r = scan(["REPUBLIOUE TUNISIENNF", "Ministére de I'lntérieur", "Cornmune de Sfax",
                      "AUTORlSATION D'EXPLOITATION D'UN RESTAURAMT", "N° 12345"])
        #expect(r.missing.isEmpty, "missing \(r.missing)")
        #expect(r.isPermit)
    }

    @Test func arabicCuesCount() {
        let r = scan(["الجمهورية التونسية", "بلدية صفاقس", "رخصة استغلال مطعم", "رقم : 2022-0759"])
        #expect(r.missing.isEmpty, "missing \(r.missing)")
    }

    @Test func anInvoiceIsRefusedEvenFromARestaurantSupplier() {
        let r = scan(["FROID SERVICE TUNISIE SUARL", "12, rue de Marseille, Tunis", "FACTURE N° 2023-0456",
                      "Client : Restaurant « Le Golfe »", "Total TTC 4 512,000 DT"])
        #expect(!r.isPermit)
        #expect(r.refusalDetail.contains("invoice"))
    }

    @Test func aFrenchBuildingPermitIsRefused() {
        let r = scan(["RÉPUBLIQUE FRANÇAISE", "Commune de Lyon", "ARRÊTÉ ACCORDANT UN PERMIS DE CONSTRUIRE",
                      "PERMIS DE CONSTRUIRE N° PC 069 123 22 A0012", "transformation d'un local en restaurant"])
        #expect(!r.isPermit)
        #expect(!r.found(.country))
    }

    @Test func aTradeRegisterExtractIsRefused() {
        let r = scan(["RÉPUBLIQUE TUNISIENNE", "Registre National des Entreprises",
                      "EXTRAIT DU REGISTRE NATIONAL DES ENTREPRISES", "N° d'extrait : 2022-000451",
                      "Activité principale : Restauration", "Il ne vaut pas autorisation d'exercer"])
        #expect(!r.isPermit)
        #expect(r.refusalDetail.contains("trade-register"))
    }

    @Test func aDeviceLabelIsRefused() {
        let r = scan(["Designed by Apple in California", "Model A2338", "Serial No. C02XK1ZZJHD3", "FCC ID: BCG-E3512A"])
        #expect(!r.isPermit)
    }

    /// The letterhead naming the authority lost (blur, a stamp), the title still names a
    /// Tunisian restaurant authorisation: a permit, never a strong one. Without the country,
    /// the act or the establishment it is none, and a sign of another document still decides.
    @Test func aPermitMayBeReadWithoutItsAuthority() {
        let r = scan(["RÉPUBLIQUE TUNISIENNE", "Bizerte, le 23/11/2015", "AUTORISATION D'EXPLOITATION D'UN",
                      "RESTAURANT", "N° 2015-9552"])
        #expect(r.missing == [.authority])
        #expect(r.isPermit && !r.hasEveryCue && !r.isStrong)
        #expect(!scan(["Ville de Lyon", "AUTORISATION D'EXPLOITATION D'UN", "RESTAURANT", "N° 2015-9552"]).isPermit)
        #expect(!scan(["RÉPUBLIQUE TUNISIENNE", "AUTORISATION DE BÂTIR", "N° 2015-9552"]).isPermit)
        #expect(!scan(["RÉPUBLIQUE TUNISIENNE", "Restaurant Dar Zmen", "FACTURE N° 2015-9552", "autorisation"]).isPermit)
    }

    @Test func aTownNameIsEvidenceOfTheCountry() {
        let r = scan(["Municipalité de Bizerte", "LICENCE DE RESTAURATION", "N° 1790/2021"])
        #expect(r.found(.country))
        #expect(r.isPermit)
    }

    @Test func theArabicColumnNamesTheCountryAndAuthority() {
        // A blurred photo whose French header is illegible: the Arabic column still is.
        let r = scan(["الجمهورية السويمسية", "وزارة السجاية", "ولاية المنسنير", "بلدية المنستير",
                      "AUTORISATION D'OUVERTURE D'UN", "RESTAURANT"])
        #expect(r.found(.country) && r.found(.authority), "missing \(r.missing)")
        #expect(r.isPermit)
    }

    @Test func editDistanceIsBounded() {
        #expect(PermitText.editDistance("RESTAURAMT", "RESTAURANT") == 1)
        #expect(PermitText.editDistance("TUNIS", "TUNISIE", limit: 1) == 2)
        #expect(PermitText.fold("Réf. N° Municipalité") == "REF. N° MUNICIPALITE")
    }
}
