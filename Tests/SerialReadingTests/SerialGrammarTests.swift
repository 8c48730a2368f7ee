import SerialReading
import Testing

@Suite("Serial grammar")
struct SerialGrammarTests {
    @Test(arguments: ["C02Y94ZEJG5H", "C02G414GMD6N", "C02F5D3XMD6M", "FVFFDR2UQ05D"])
    func twelveCharacterSerialsAreValid(_ s: String) {
        let v = SerialGrammar.validate(s)
        #expect(v.isValid && v.format == .twelve)
    }

    @Test(arguments: ["M06CK45V4G", "QYDFW209XH"])
    func tenCharacterSerialsAreValid(_ s: String) {
        #expect(SerialGrammar.validate(s).format == .randomized)
        #expect(SerialGrammar.validate(s).isValid)
    }

    @Test func elevenCharacterFormat() {
        #expect(SerialGrammar.validate("W8812ABCDEF").isValid)      // year 8, week 12
        #expect(!SerialGrammar.validate("W8899ABCDEF").isValid)     // week 99
    }

    @Test func positionRulesOfTheTwelveCharacterFormat() {
        let bad4 = SerialGrammar.validate("C02A94ZEJG5H")           // A is no half-year code
        #expect(!bad4.isValid && bad4.reason.contains("4th"))
        let bad5 = SerialGrammar.validate("C02Y04ZEJG5H")           // 0 is no week code
        #expect(!bad5.isValid && bad5.reason.contains("5th"))
    }

    @Test func appleNeverUsesOorI() {
        #expect(SerialGrammar.normalize("c02y94 zejg5h") == "C02Y94ZEJG5H")
        #expect(SerialGrammar.normalize("CO2YQH9BLVCF") == "C02YQH9BLVCF")
        #expect(SerialGrammar.normalize("FVFHF0IQQ05D") == "FVFHF01QQ05D")
        #expect(!SerialGrammar.validate("CO2YQH9BLVCF").isValid)
    }

    @Test(arguments: ["COMP000000000872506", "C0MP00000000896468", "08067988007", "A1990", "BCGA1990", "41000450",
                      // `IS 13252(Part 1)/IEC 60950-1` read as one token (seen on synthetic etched cases)
                      "IS13252PART", "43252PART1", "PART1IEC60950", "1S13252PART1",
                      // the zeros of `COMP000000000871864` read upside down on a real sticker
                      "1D00000000", "MP00000000",
                      // the BIS registration number `R-41000450` under them, with the stray letters read before it
                      "R41000450", "PR41000450", "EESR41000450"])
    func distractorsAreRejected(_ s: String) {
        #expect(!SerialGrammar.isPlausible(SerialGrammar.normalize(s)))
        #expect(!SerialGrammar.validate(SerialGrammar.normalize(s)).isValid)
    }

    @Test func fourAlikeInARowAreStillASerial() {
        // Four alike in a row are rare in random characters but possible; five are rejected.
        #expect(SerialGrammar.validate("C02T30000QLR").isValid)
        #expect(SerialGrammar.validate("H4K90000VX").isValid)
        #expect(!SerialGrammar.validate("H4K00000VX").isValid)
    }

    @Test func twelveCharacterSerialsMayHaveNoDigit() {
        // Plant FVF and seven random characters: no digit in about one of twelve.
        #expect(SerialGrammar.isPlausible("FVFPNHCZKWXR"))
        #expect(SerialGrammar.validate("FVFPNHCZKWXR").isValid)
        // Letters only are not enough in the other formats or off the 12-character grammar.
        #expect(!SerialGrammar.isPlausible("KAPMVRBXWJ"))
        #expect(!SerialGrammar.isPlausible("FVFAAAAAAAAA"))
    }

    /// A phone's Wi-Fi and Bluetooth addresses as the lines read them (generated and
    /// second-source screen photos): colons, or hyphens and dots for some of them.
    @Test(arguments: [("90:FD:FE:A8:AE:33", "90FDFEA8AE33"), ("8B:DC:4A:DC:E5:EB", "8BDC4ADCE5EB"),
                      ("90-FD-FE:A8:AE33", "90FDFEA8AE33"), ("E1-:94-B807:1C4E", "E194B8071C4E"),
                      ("57ED-20-C9E1B7", "57ED20C9E1B7"), ("68FA05-41E147", "68FA0541E147")])
    func hardwareAddressesAreRecognised(_ word: String, _ hex: String) {
        #expect(SerialGrammar.hardwareAddress(inWord: word) == hex)
    }

    /// Serials, with or without their label, and the screen's other values are not addresses.
    @Test(arguments: ["C02Y94ZEJG5H", "S/N:C02Y94ZEJG5H", "Serial:C02Y94ZEJG5H", "-57ED20C9E1B7", "2.38.05", "12.71",
                      "MQ0G3ZD/A", "IEC60950-1", "35:551657:3304178"])
    func otherWordsAreNoAddresses(_ word: String) {
        #expect(SerialGrammar.hardwareAddress(inWord: word) == nil)
    }

    @Test func anAddressReadWithoutItsColonsIsStillIt() {
        let seen: Set<String> = ["90FDFEA8AE33"]
        #expect(SerialGrammar.isAddress("90FDFEA8AE33", among: seen))
        #expect(SerialGrammar.isAddress("00FDFEA8AE33", among: seen))   // a glyph misread
        #expect(SerialGrammar.isAddress("0FDFEA8AE33", among: seen))    // one lost
        #expect(!SerialGrammar.isAddress("F17ZGJU0LYWF", among: seen))
        #expect(!SerialGrammar.isAddress("90FDFEA8AE33", among: []))
    }

    /// Apple's regulatory rows name the device (`Model A1932`, `EMC 3184`); a serial's row or
    /// a model number without its word does not.
    @Test func theRegulatoryBlockIsToldFromItsWords() {
        #expect(SerialGrammar.namesRegulatoryBlock(["Assembled", "in", "China", "Model", "A1932", "EMC", "31064"]))
        #expect(SerialGrammar.namesRegulatoryBlock(["Ma", "EMC", "3184", "Rated"]))
        #expect(!SerialGrammar.namesRegulatoryBlock(["Serial", "G8WH44ZMJK7L"]))
        #expect(!SerialGrammar.namesRegulatoryBlock(["IC:", "579C-A1932", "CAN", "ICES-3"]))
        #expect(!SerialGrammar.namesRegulatoryBlock(["Model", "A19"]))
    }
}
