@testable import SerialReading
import Evaluation
import Foundation
import Testing

/// The pipeline's tuning numbers live in the preset: spelled out in the built-in file with
/// today's values, optional in user files, reachable by `sweep`'s dotted paths.
struct PresetTuningTests {
    @Test func theBuiltInPresetsSpellOutTodaysNumbers() throws {
        for (name, p) in try PresetCatalog.builtIn().presets {
            // The formula's numbers are today's; the learned model on top is data of its own
            // (a preset file without `learned` reads as the formula alone, as before).
            var formula = p.calibration
            formula.learned = nil
            #expect(formula == Preset.Calibration(), "\(name)")
            #expect(p.calibration.learned?.isUsable == true, "\(name)")
            #expect(p.reads == Preset.Reads(), "\(name)")
            #expect(p.orientation == Preset.Orientation(), "\(name)")
            #expect(p.crop.tokenMargin == 0.6 && p.crop.anchorMargin == 0.5 && p.crop.endMargin == 0.4 && p.crop.gapLead == 0.6, "\(name)")
            #expect(p.crop.nextWordMargin == 1.5 && p.crop.bandPadding == 0.35 && p.crop.regionOverlap == 0.4 && p.crop.settleReads == 4, "\(name)")
        }
        let c = Preset.Calibration()
        #expect(c.validBase == 0.45 && c.invalidBase == 0.2 && c.agreementWeight == 0.35 && c.corroborationReads == 3)
        #expect(c.positionWeight == 0.15 && c.anchoredBonus == 0.05 && c.invalidCap == 0.5 && c.doubtfulCap == 0.79)
        #expect(c.unanchoredCap == 0.75 && c.maxConfidence == 0.99 && c.sightingsBonus == 0.1 && c.confirmationSupport == 0.7)
        #expect(c.tokenCap == 0.5 && c.tokenBase == 0.2 && c.tokenConfidenceWeight == 0.2 && c.tokenValidBonus == 0.1)
    }

    @Test func aPresetFileWithoutTheKeysReadsAsToday() throws {
        let yaml = """
        presets:
          mine:
            description: an older preset file
            page: {max_side: 1600, scales: [1.0], variants: [gray], psm: auto}
            crop: {target_heights: [32], variants: [gray], psm: single_line, whitelist: ABC, reach: 13, tilt_slack: 0.03}
            anchors: [SERIAL]
            rotations: [0]
            early_stop_confidence: 0.85
            max_processing_time: 30
            min_confidence: 0.0
            calibration: {agreement_weight: 0.3}
        """
        let p = try PresetCatalog.parse(yaml).preset("mine")
        var expected = Preset.Calibration()
        expected.agreementWeight = 0.3
        #expect(p.calibration == expected)
        #expect(p.reads == Preset.Reads() && p.orientation == Preset.Orientation())
        #expect(p.crop.tokenMargin == 0.6 && p.crop.settleReads == 4 && p.crop.regionOverlap == 0.4)
    }

    @Test func presetsRoundTripThroughTheirCoding() throws {
        let catalog = try PresetCatalog.builtIn()
        #expect(try PresetCatalog.parse(catalog.yaml()).presets == catalog.presets)
        for (name, p) in catalog.presets {
            var back = try JSONDecoder().decode(Preset.self, from: JSONEncoder().encode(p))
            back.name = name
            #expect(back == p, "\(name)")
        }
    }

    /// `scanbench sweep --param calibration.agreement_weight=0.3` edits the preset's JSON by
    /// its dotted path, as `SweepCommand` does.
    @Test(arguments: [("calibration.agreement_weight", JSONValue.double(0.3)), ("reads.token_weight", .double(0.25)),
                      ("orientation.flip_margin", .double(0.1)), ("crop.token_margin", .double(0.7)), ("calibration.corroboration_reads", .int(4))])
    func sweepReachesTheTuningNumbers(_ path: String, _ value: JSONValue) throws {
        let p = try PresetCatalog.builtIn().preset("etched")
        var json = try JSONValue.parse(String(decoding: JSONEncoder().encode(p), as: UTF8.self))
        #expect(json.value(atPath: path) != nil)
        json.set(path: path, to: value)
        let text = JSONValue.object([("presets", .object([("etched", json)]))]).serialized(pretty: false)
        let tuned = try PresetCatalog.parse(text).preset("etched")
        #expect(tuned != p)
        switch path {
        case "calibration.agreement_weight": #expect(tuned.calibration.agreementWeight == 0.3)
        case "reads.token_weight": #expect(tuned.reads.tokenWeight == 0.25)
        case "orientation.flip_margin": #expect(tuned.orientation.flipMargin == 0.1)
        case "crop.token_margin": #expect(tuned.crop.tokenMargin == 0.7)
        default: #expect(tuned.calibration.corroborationReads == 4)
        }
    }
}
