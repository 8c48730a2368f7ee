import Foundation
import SerialReading
import Testing

@Suite("Presets")
struct PresetTests {
    @Test func builtInPresetsLoad() throws {
        let c = try PresetCatalog.builtIn()
        #expect(Set(c.presets.keys).isSuperset(of: ["etched", "screen", "sticker"]))
        let e = try c.preset("etched")
        #expect(e.name == "etched")
        #expect(e.rotations.first == 0)
        #expect(e.crop.targetHeights.allSatisfy { $0 > 10 })
        #expect(e.flatParameters["preset"] == "etched")
    }

    @Test func userFileOverridesAndAdds() throws {
        let base = try PresetCatalog.builtIn()
        let yaml = try base.yaml()
        var user = try PresetCatalog.parse(yaml)
        #expect(user.presets.count == base.presets.count, "YAML round trip")
        #expect(user.presets["screen"]?.deblur == base.presets["screen"]?.deblur && base.presets["screen"]?.deblur != nil)
        let extra = try PresetCatalog.parse(yaml.replacingOccurrences(of: "etched:", with: "etched2:"))
        user = base.merging(extra)
        #expect(user.presets["etched2"] != nil)
    }

    /// `extract_params` names everything a preset reads with: before, two etched presets that
    /// differed in `conclusive_lines`, a crop margin or a calibration weight reported the same
    /// parameters.
    @Test func everyValueOfThePresetIsAReportedParameter() throws {
        let etched = try PresetCatalog.builtIn().preset("etched")
        let flat = etched.flatParameters
        #expect(flat["lines"]?.contains("min_glyph_px=4,conclusive_confidence=0.6,conclusive_lines=3,serial_first=true") == true, "\(flat["lines"] ?? "")")
        #expect(flat["lines"]?.contains(",read_variant=background_norm,") == true, "\(flat["lines"] ?? "")")
        #expect(flat["crop.settle_reads"] == "4")
        #expect(flat["crop.token_margin"] == "0.6")
        #expect(flat["page.search_needs_label"] == "true")
        #expect(flat["calibration.valid_base"] == "0.45")
        #expect(flat["calibration.learned.samples"] == "504")
        #expect(flat["anchors"]?.hasPrefix("SERIAL,") == true)
        #expect(flat["reads.token_weight"] == "0.3")
        #expect(flat["crop.reach"] == "13.0", "the keys named before keep their form")
        // The summarised sections are not repeated key by key, nor is the description.
        #expect(!flat.keys.contains { $0.hasPrefix("lines.") || $0.hasPrefix("deblur.") || $0 == "description" })

        var other = etched
        other.crop.tokenMargin = 0.75
        #expect(other.flatParameters["crop.token_margin"] == "0.75")
        other = etched
        other.lines?.conclusiveLines = 1
        #expect(other.flatParameters != flat)
        other = etched
        other.calibration.agreementWeight = 0.3
        #expect(other.flatParameters["calibration.agreement_weight"] == "0.3")
    }

    @Test func badFileIsAClearError() {
        do { _ = try PresetCatalog.parse("presets:\n  x:\n    page: 3\n"); Issue.record("parsed") } catch {
            #expect(error.description.contains("not a valid preset file"))
        }
        #expect(throws: PresetCatalog.LoadError.self) { try PresetCatalog.builtIn().preset("nope") }
    }

    @Test(arguments: [("MacBook", "etched"), ("iMac", "etched"), ("Mac mini", "etched"), ("iPhone", "screen"),
                      ("iPad Pro", "screen"), ("Apple Watch", "sticker"), ("accessory", "sticker"), ("Toaster", "etched"), ("", "etched")])
    func deviceMapping(_ device: String, _ preset: String) {
        #expect(PresetCatalog.presetName(forDevice: device) == preset)
    }
}
