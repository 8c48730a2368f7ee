import Harness
import SerialReading
import Testing

@Suite("PresetChoice")
struct PresetChoiceTests {
    @Test func parsesAutoPermitAndTheCatalogsPresets() throws {
        let catalog = try PresetCatalog.builtIn()
        #expect(try PresetChoice(parsing: "auto", catalog: catalog) == .auto)
        #expect(try PresetChoice(parsing: "permit", catalog: catalog) == .permit)
        #expect(try PresetChoice(parsing: "sticker", catalog: catalog) == .named("sticker"))
        #expect(PresetChoice.named("etched").name == "etched" && PresetChoice.permit.name == "permit" && PresetChoice.auto.name == "auto")
    }

    @Test func refusesAnUnknownNameWithTheChoices() throws {
        let catalog = try PresetCatalog.builtIn()
        let error = #expect(throws: UnknownPreset.self) { try PresetChoice(parsing: "laser", catalog: catalog) }
        #expect(error?.description == "unknown preset 'laser'; choose one of: auto, permit, \(catalog.presets.keys.sorted().joined(separator: ", "))")
        #expect(throws: UnknownPreset.self) { try PresetChoice(parsing: "Etched", catalog: catalog) }
    }
}
