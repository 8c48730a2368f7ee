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
