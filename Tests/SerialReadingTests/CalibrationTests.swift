@testable import SerialReading
import Testing

/// The confidence formula and its caps, on hand-made votes.
struct CalibrationTests {
    static func vote(_ text: String = "C02Y94ZEJG5H", reads: Int = 6, agreement: Double = 1, support: Double = 1,
                     weakest: Double = 1, valid: Bool = true, repair: String = "") -> SerialVote.Result {
        SerialVote.Result(text: text, agreement: agreement, positionSupport: support, weakestSupport: weakest,
                          reads: reads, ruleFixes: 0, valid: valid, repair: repair)
    }

    @Test func aSureAnchoredSerialReachesTheMaximum() {
        // 0.45 + 0.35 + 0.15 + 0.05 = 1.0, capped at 0.99.
        #expect(Calibration().confidence(of: Self.vote(), anchored: true) == 0.99)
    }

    @Test func twoAgreeingReadsAreNotEnoughForPointEight() {
        // One corroborating read of three: 0.45 + 0.35 / 3 + 0.15 + 0.05.
        let c = Calibration().confidence(of: Self.vote(reads: 2), anchored: true)
        #expect(c == 0.7667)
        #expect(c < 0.8)
    }

    @Test func anInvalidSerialIsCappedAtOneHalf() {
        #expect(Calibration().confidence(of: Self.vote(valid: false), anchored: true) == 0.5)
    }

    @Test func aDoubtfulCharacterCapsTheSerialUnderPointEight() {
        #expect(Calibration().confidence(of: Self.vote(weakest: 0.69), anchored: true) == 0.79)
        #expect(Calibration().confidence(of: Self.vote(weakest: 0.7), anchored: true) == 0.99)
        // The etched preset's `doubtful_support: 0.8` doubts more.
        #expect(Calibration(doubtfulSupport: 0.8).confidence(of: Self.vote(weakest: 0.75), anchored: true) == 0.79)
    }

    /// The built-in etched preset doubts a character with 0.86 of its position's votes (fresh
    /// etched 101711 #200, `C02SHSVELYWD` read `…SH5VE…` at 0.99 when it took 0.8), not one with 0.9.
    @Test func theEtchedPresetDoubtsACharacterUnderNineTenthsOfItsVotes() throws {
        let etched = Calibration(try PresetCatalog.builtIn().preset("etched"))
        #expect(etched.confidence(of: Self.vote(weakest: 0.86), anchored: true) == 0.79)
        #expect(etched.confidence(of: Self.vote(weakest: 0.9), anchored: true) > 0.8)
    }

    @Test func aSerialTrimmedToAShorterFormatIsDoubtful() {
        #expect(Calibration().confidence(of: Self.vote("C02N7DRH00", repair: "trimmed"), anchored: true) == 0.79)
        #expect(Calibration().confidence(of: Self.vote(repair: "trimmed"), anchored: true) == 0.99)
    }

    @Test func tenCharactersOpeningLikeTwelveAreDoubtful() {
        // `FVF` plant, `S` half-year, `P` week: a 12-character serial whose last glyphs were lost.
        #expect(Calibration().confidence(of: Self.vote("FVFSPLHRM1"), anchored: true) == 0.79)
        // A random 10-character serial is not (`M06CK45V4G`), nor one with an unlisted plant or a
        // fourth character no half-year code (`FVF1…`).
        #expect(Calibration().confidence(of: Self.vote("M06CK45V4G"), anchored: true) == 0.99)
        #expect(Calibration().confidence(of: Self.vote("FVF1PLHRM1"), anchored: true) == 0.99)
        #expect(!SerialGrammar.opensLikeTwelve("C02Y94ZEJG5H") && SerialGrammar.opensLikeTwelve("C02Y94ZEJG"))
    }

    @Test func aSerialWithoutALabelIsCappedAtThreeQuarters() {
        #expect(Calibration().confidence(of: Self.vote(), anchored: false) == 0.75)
    }

    @Test func hexDigitsWithoutALabelAreNoMoreThanALoneToken() {
        // A Wi-Fi address read without its colons (`9F 437CCA12BA` on a screen photo).
        #expect(Calibration().confidence(of: Self.vote("437CCA12BA"), anchored: false) == 0.5)
        #expect(Calibration().confidence(of: Self.vote("9F437CCA12BA"), anchored: false) == 0.5)
        // After a serial's label it is a serial; with one letter past `F` it is no address.
        #expect(Calibration().confidence(of: Self.vote("437CCA12BA"), anchored: true) == 0.99)
        #expect(Calibration().confidence(of: Self.vote("437CCA12BK"), anchored: false) == 0.75)
    }

    @Test func theFormulaReadsItsNumbersFromThePreset() {
        var s = Preset.Calibration()
        s.agreementWeight = 0.3
        s.doubtfulCap = 0.6
        let c = Calibration(settings: s)
        #expect(c.confidence(of: Self.vote(), anchored: true) == 0.95)
        #expect(c.confidence(of: Self.vote(weakest: 0.5), anchored: true) == 0.6)
    }

    @Test func anUnanchoredTokenHasALowPrior() {
        let c = Calibration()
        // No character confidences: a mean of 0.5. Valid: 0.2 + 0.1 + 0.1.
        let valid = c.tokenPrior(SerialVote.Read(text: "C02Y94ZEJG5H", method: "page-token"))
        #expect(valid.confidence == 0.4 && valid.strictValid)
        #expect(valid.candidate.method == "page-token" && valid.candidate.stage == "page")
        var s = Preset.Calibration()
        s.tokenBase = 0.45
        #expect(Calibration(settings: s).tokenPrior(SerialVote.Read(text: "C02Y94ZEJG5H", method: "page-token")).confidence == 0.5)
    }

    @Test func aConfirmingSightingAddsItsBonusUpToTheMaximum() throws {
        let c = Calibration()
        let a = try #require(c.score(Array(repeating: SerialVote.Read(text: "C02Y94ZEJG5H", method: "line"), count: 2), anchored: true, stage: .lineImage))
        let confirmed = c.confirming(a, sightings: 2)
        #expect(confirmed.confidence == a.confidence + 0.1)
        #expect(confirmed.candidate.method.hasSuffix("+anchor+sightings2"))
        var sure = a
        sure.confidence = 0.95
        #expect(c.confirming(sure, sightings: 3).confidence == 0.99)
    }
}
