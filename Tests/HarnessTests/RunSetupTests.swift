import Evaluation
import Foundation
import Harness
import PermitReading
import Reporting
import SerialReading
import Testing
import TestSupport

@Suite("RunSetup")
struct RunSetupTests {
    @Test func walksTheFolderAndReadsItsLabels() throws {
        let folder = try BundledSubset.make("sticker", count: 3)
        let setup = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil)
        #expect(setup.preset == .named("sticker"))
        #expect(setup.listing.items.count == 3)
        #expect(setup.labels.issues.isEmpty, "\(setup.labels.issues)")
        #expect(setup.datasetBaseName == "sticker")
        #expect(setup.extractParams == setup.catalog.presets["sticker"]?.flatParameters)
        let info = setup.info(minConfidence: 0.2, workers: 2, startedAt: Date(), version: "test")
        #expect(info.preset == "sticker" && info.workers == 2 && info.versions["scanbench"] == "test")
    }

    /// The run records the digest of every model file it reads with, so that a run with a
    /// retrained or swapped model (`SCANBENCH_MODELS`) differs in its set-up.
    @Test func theRunNamesTheModelsItReadsWith() throws {
        let folder = try BundledSubset.make("sticker", count: 1)
        let etched = try RunSetup(dataset: folder.path, presetName: "etched", presetFile: nil).modelDigests
        let sticker = try RunSetup(dataset: folder.path, presetName: "sticker", presetFile: nil).modelDigests
        let auto = try RunSetup(dataset: folder.path, presetName: "auto", presetFile: nil).modelDigests
        let permit = try RunSetup(dataset: folder.path, presetName: "permit", presetFile: nil).modelDigests
        #expect(Array(etched.keys) == ["model.serial_best"] && Array(sticker.keys) == ["model.serial"])
        #expect(Set(auto.keys) == ["model.serial", "model.serial_best"] && Array(permit.keys) == ["model.permit"])
        for d in [etched, sticker, permit].flatMap(\.values) { #expect(d.count == 16 && d.allSatisfy(\.isHexDigit), "\(d)") }
        #expect(etched["model.serial_best"] != sticker["model.serial"])
        #expect(auto["model.serial"] == sticker["model.serial"], "the same file, the same digest")
    }

    @Test func aPermitFolderGetsThePermitReader() throws {
        let folder = try BundledSubset.make("permit", count: 2)
        let setup = try RunSetup(dataset: folder.path, presetName: "permit", presetFile: nil, clientCompression: true)
        #expect(setup.preset == .permit)
        #expect(setup.labels.schema == .permit)
        #expect(setup.extractParams == ["preset": "permit", "client_compression": "true"])
        #expect(try setup.readers(minConfidence: nil, maxPixels: 1 << 26).make() is PermitSampleReader)
        let serial = try RunSetup(dataset: folder.path, presetName: "auto", presetFile: nil)
        #expect(serial.extractParams == ["preset": "auto"])
        #expect(try serial.readers(minConfidence: nil, maxPixels: 1 << 26).make() is SerialSampleReader)
    }

    @Test func refusesAnUnknownPresetAndAMissingFolder() throws {
        let folder = try BundledSubset.make("screen", count: 1)
        #expect(throws: UnknownPreset.self) { try RunSetup(dataset: folder.path, presetName: "laser", presetFile: nil) }
        #expect(throws: DatasetWalker.WalkError.self) {
            try RunSetup(dataset: folder.appendingPathComponent("missing").path, presetName: "auto", presetFile: nil)
        }
    }

    @Test func aFolderWithoutLabelsIsUnlabelledAndSaysSo() throws {
        let folder = try BundledSubset.make("screen", count: 1)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("labels.csv"))
        let setup = try RunSetup(dataset: folder.path, presetName: "screen", presetFile: nil)
        #expect(setup.labels.issues.map(\.kind) == [.missingLabels])
    }

    @Test func freshPathsNeverOverwriteAnEarlierReport() throws {
        let out = try Fixtures.tempDir("scanbench-harness-paths")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let first = RunSetup.freshPaths(folder: out, name: "sticker", date: date)
        try "{}".write(to: first.json, atomically: true, encoding: .utf8)
        let second = RunSetup.freshPaths(folder: out, name: "sticker", date: date)
        #expect(second.json != first.json)
        #expect(second.json.lastPathComponent.hasPrefix("eval_sticker_"))
    }
}
