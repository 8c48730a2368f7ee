@testable import SerialReading
import Imaging
import Recognition
import Testing

/// The vote that turns several reads of one serial into an answer: plurality per position with
/// the engine's alternatives, the 12-character format's position rules, and reads one character
/// too long. Cases are the confusions seen on the real photos' crops (Models/README.md).
struct SerialVoteTests {
    static func read(_ text: String, _ method: String = "crop") -> SerialVote.Read {
        SerialVote.Read(text: text, weight: 1, method: method)
    }

    @Test func pluralityPerPositionAndAWeakPositionIsReported() throws {
        // One crop read the etched G as 6 (real-dev's G/6 confusion); two read it right.
        let v = try #require(SerialVote.vote([Self.read("C02Y94ZEJG5H"), Self.read("C02Y94ZEJ65H"), Self.read("C02Y94ZEJG5H")]))
        #expect(v.text == "C02Y94ZEJG5H")
        #expect(v.valid && v.reads == 3)
        #expect(abs(v.agreement - 2.0 / 3.0) < 1e-9)
        #expect(v.weakestSupport < 0.7, "the G/6 position is doubtful: \(v.weakestSupport)")
    }

    @Test func alternativesCarryPartOfTheVote() throws {
        // The real crops' S/5: two reads say 5 (at 0.4) with S a close runner-up (0.38), one
        // says S. By first choices alone 5 wins (0.8 vs 0.7); with the runners-up S does.
        func withChoices(_ text: String, at i: Int, _ alt: String) -> SerialVote.Read {
            var r = Self.read(text)
            r.choices = Array(text).enumerated().map { k, c in
                k == i ? [CharacterChoice(text: String(c), confidence: 0.4), CharacterChoice(text: alt, confidence: 0.38)]
                       : [CharacterChoice(text: String(c), confidence: 0.99)]
            }
            r.confidences = r.choices.map { $0[0].confidence }
            return r
        }
        let fives = [withChoices("C02XP2J5JG5H", at: 7, "S"), withChoices("C02XP2J5JG5H", at: 7, "S")]
        let v = try #require(SerialVote.vote(fives + [Self.read("C02XP2JSJG5H")]))
        #expect(v.text == "C02XP2JSJG5H")
        #expect(v.weakestSupport < 0.7, "a split position stays doubtful")
        // Without the runners-up, the plurality of first choices would have kept the 5.
        let bare = fives.map { var r = $0; r.choices = []; return r }
        #expect(SerialVote.vote(bare + [Self.read("C02XP2JSJG5H")])?.text == "C02XP2J5JG5H")
    }

    @Test func positionRulesFixACharacterThatCannotBeThere() throws {
        // 4th character: a half-year code (a letter); every read has the digit 5 there (S/5).
        let half = try #require(SerialVote.vote([Self.read("C025G4ZEJG5H"), Self.read("C025G4ZEJG5H")]))
        #expect(half.text == "C02SG4ZEJG5H")
        #expect(half.ruleFixes == 1 && half.valid)
        // 5th character: a week code, never 0 — read for a D (D/0).
        let week = try #require(SerialVote.vote([Self.read("C02Y0EYGLVCF"), Self.read("C02Y0EYGLVCF")]))
        #expect(week.text == "C02YDEYGLVCF")
        #expect(week.ruleFixes == 1)
    }

    @Test func aPlantPrefixOneLookAlikeFromAListedOneIsThatPrefix() throws {
        // The real photos under blur: the plant code's 2 read Z (`C0ZYQH9BLVCF`), with 2 as the
        // runner-up in one read. `C0Z` is no listed plant; `C02` is one Z/2 away.
        var blurred = Self.read("C0ZYQH9BLVCF")
        blurred.choices = Array(blurred.text).enumerated().map { k, c in
            k == 2 ? [CharacterChoice(text: "Z", confidence: 0.6), CharacterChoice(text: "2", confidence: 0.3)]
                   : [CharacterChoice(text: String(c), confidence: 0.99)]
        }
        let v = try #require(SerialVote.vote([blurred, Self.read("C0ZYQH9BLVCF")]))
        #expect(v.text == "C02YQH9BLVCF")
        #expect(v.ruleFixes == 1)
        #expect(v.weakestSupport < 0.7, "the fixed position keeps its own (small) support")
        // No read saw a 2 there: no evidence, no fix.
        #expect(SerialVote.vote([Self.read("C0ZYQH9BLVCF"), Self.read("C0ZYQH9BLVCF")])?.text == "C0ZYQH9BLVCF")
        // A listed prefix is left alone, even next to a more common one (C07, not C02).
        #expect(SerialVote.vote([Self.read("C07Y77VKJG5H"), Self.read("C07Y77VKJG5H")])?.text == "C07Y77VKJG5H")
    }

    @Test func readsThatHoldTheVotedSerialAndMoreWin() throws {
        // etched_00280 (seed 2026): three crops lost the first glyph (`02QTTJVMD6T`, 11
        // characters, invalid), the line read kept it. Trimming alone makes `02QTTJVMD6`, a
        // valid 10-character serial the line read holds whole.
        let crops = (0..<3).map { _ in Self.read("02QTTJVMD6T") }
        let v = try #require(SerialVote.vote(crops + [Self.read("C02QTTJVMD6T", "line")]))
        #expect(v.text == "C02QTTJVMD6T")
        #expect(v.repair == "whole" && v.valid && v.reads == 1)
        // Without the whole read, the trimmed answer stands, and says so.
        let trimmed = try #require(SerialVote.vote(crops))
        #expect(trimmed.text == "02QTTJVMD6" && trimmed.repair == "trimmed")
    }

    @Test func aSerialVotedWholeIsNotExtendedByALongerRead() throws {
        // screen_00222 (seed 97301): the value's crops read `YM4C258JGA`, a valid 10-character
        // serial; one row read took the chevron after it for `4T`, a valid 12-character one.
        let crops = (0..<3).map { _ in Self.read("YM4C258JGA") }
        let v = try #require(SerialVote.vote(crops + [Self.read("YM4C258JGA4T", "line")]))
        #expect(v.text == "YM4C258JGA" && v.repair.isEmpty)
        // A 9-character vote is not settled: the longer read still completes it.
        let short = (0..<3).map { _ in Self.read("MEJGYDY5L") }
        #expect(SerialVote.vote(short + [Self.read("MMEJGYDY5L", "line")])?.text == "MMEJGYDY5L")
    }

    @Test func aSerialTrimmedToAShorterFormatIsNeverConfident() throws {
        // etched_00243 (seed 2026): a 12-character serial whose last glyph lies past the photo's
        // edge reads `C02N7DRH005` six times; trimmed, `C02N7DRH00` is a valid 10-character
        // serial, but nothing shows it is not a cut 12-character one.
        let reads = (0..<6).map { _ in Self.read("C02N7DRH005") }
        let c = try #require(Calibration().score(reads, anchored: true, stage: .lines(.dark, rotation: 0))?.candidate)
        #expect(c.text == "C02N7DRH00")
        #expect(c.confidence < 0.8, "\(c.confidence)")
        // A 13-character read trimmed to 12 keeps the 12-character format's checks: not capped.
        let long = try #require(Calibration().score((0..<6).map { _ in Self.read("C02YQH9BLVCFF") }, anchored: true, stage: .lines(.dark, rotation: 0))?.candidate)
        #expect(long.text == "C02YQH9BLVCF" && long.confidence >= 0.8)
    }

    @Test func aMarkAfterTheSerialReadAsAnExtraCharacterIsDropped() throws {
        // Under blur the sticker's dash after the serial merged into the F (C02YQH9BLVCF-).
        let reads = ["C02YQH9BLVCFF", "C02YQH9BLVCFW", "C02YQH9BLVCFF", "C02YQH9BLVCF"].map { Self.read($0) }
        let v = try #require(SerialVote.vote(reads))
        #expect(v.text == "C02YQH9BLVCF")
        #expect(v.valid)
        // The last letter of a label before it (`l` of Serial read as 1): the first is dropped.
        #expect(SerialVote.trimmed(Self.read("1C02Y94ZEJG5H")).text == "C02Y94ZEJG5H")
        // A valid read, or one that no single cut makes valid, is left alone.
        #expect(SerialVote.trimmed(Self.read("C02Y94ZEJG5H")).text == "C02Y94ZEJG5H")
        #expect(SerialVote.trimmed(Self.read("COMP000000000872506")).text == "COMP000000000872506")
    }

    @Test func noPlausibleReadNoVote() {
        #expect(SerialVote.vote([Self.read("A1990"), Self.read("COMP000000000872506"), Self.read("")]) == nil)
    }

    /// Sightings of a serial (etched and sticker) confirm it only where one of them is sure of
    /// each character. From the real-dev photo at 60 %: the etched line read `6` at the model
    /// code's `5` in 4 of 7 crops, the sticker `5` in 3 of 5; neither confirms either answer.
    @Test func sightingsConfirmOnlyCharactersOneOfThemIsSureOf() throws {
        let etched = try #require(SerialVote.vote(["C02Y77VKJG6H", "C02Y77VKJG6H", "C02Y77VKJG5H", "C02Y77VKJG6H",
                                                   "C02Y77VKJG5H", "C02Y77VKJG5H", "C02Y77VKJG6H"].map { Self.read($0) }))
        let sticker = try #require(SerialVote.vote(["C02Y77VKJG6H", "C02Y77VKJG5H", "C02Y77VKJG5H",
                                                    "C02Y77VKJG5H", "C02Y77VKJG6H"].map { Self.read($0) }))
        #expect(etched.text == "C02Y77VKJG6H" && sticker.text == "C02Y77VKJG5H")
        #expect(!Calibration().confirmed("C02Y77VKJG6H", by: [etched, sticker]))
        #expect(!Calibration().confirmed("C02Y77VKJG5H", by: [etched, sticker]))
        // A sighting sure of the character the other doubts confirms it (real-dev WA0035's Q/0).
        let sure = try #require(SerialVote.vote(Array(repeating: Self.read("C02Y77VKJG5H"), count: 4)))
        #expect(Calibration().confirmed("C02Y77VKJG5H", by: [etched, sure]))
        #expect(Calibration().confirmed("C02Y77VKJG5H", by: [sure]))
        #expect(!Calibration().confirmed("C02Y77VKJG5H", by: [nil, etched]))
    }

    /// Two regions that read a serial a character apart vote together, but disagreeing they
    /// confirm nothing: the joint answer gets no sightings bonus. The real-dev photo WA0037 at
    /// half size: the labelled etched line read 8 in 5 of 7 crops, an unlabelled sticker B in 6
    /// of 7; with the bonus the joint `B` scored 0.89. (Here the etched line reads 8 in 4 of 7:
    /// without the engine's scores its own vote would otherwise be sure.)
    @Test func disagreeingRegionsVoteTogetherWithoutABonus() throws {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let etched = SerialPipeline.Region(box: box, rotation: 0, anchored: true,
                                           reads: ["C02XP181JG5H", "C02XP181JG5H", "C02XP1B1JG5H", "C02XP181JG5H", "C02XP1B1JG5H",
                                                   "C02XP1B1JG5H", "C02XP181JG5H"].map { Self.read($0) }, stage: .lines(.dark, rotation: 0))
        let sticker = SerialPipeline.Region(box: box, rotation: 0, anchored: false,
                                            reads: ["C02XP181JG5H", "C02XP1B1JG5H", "C02XP1B1JG5H", "C02XP1B1JG5H", "C02XP1B1JG5H",
                                                    "C02XP1B1JG5H", "C02XP1B1JG5H"].map { Self.read($0) }, stage: .lines(.dark, rotation: 0))
        let ranked = Ranking().rank(regions: [etched, sticker], weak: []).map(\.candidate)
        let top = try #require(ranked.first)
        #expect(top.confidence < 0.8, "\(top.text) at \(top.confidence) by \(top.method)")
        #expect(ranked.allSatisfy { !$0.method.contains("sightings") })
        // The same serial read alike in both places is confirmed by the second sighting.
        let twice = Ranking().rank(regions: [etched, SerialPipeline.Region(box: box, rotation: 0, anchored: false,
                                                                                  reads: Array(repeating: Self.read("C02XP181JG5H"), count: 5), stage: .lines(.dark, rotation: 0))], weak: []).map(\.candidate)
        #expect(twice.first?.text == "C02XP181JG5H")
        #expect(twice.first.map { $0.confidence >= 0.8 && $0.method.contains("sightings2") } == true)
    }
}
