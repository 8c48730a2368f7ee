import ArgumentParser
import Evaluation
import Foundation
import Harness
import Reporting
import SerialReading

/// `scanbench calibrate`: fits the serial answers' confidence to labelled runs and writes it
/// as presets a run loads with `--preset-file`.
struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Learn the serial confidence from labelled runs; write presets that use it.",
        discussion: """
        Fits a logistic model of whether each image's top answer is right from what every run \
        record keeps (the formula's confidence, the vote's reads and weakest character, label, \
        repairs, stage, validity) over the --from runs. Images without a serial count: any \
        answer on them is wrong. Prints, for the --from and each --check run, answers at ≥ 0.8, \
        confident wrong answers, ECE and Brier score as recorded and as learned. --out writes \
        the built-in presets (plus --preset-file) with `calibration.learned` set, for \
        `evaluate --preset-file`; the model never lifts an answer the formula kept under 0.8. \
        Fit on freshly drawn data, check on another seed, never on the set you report.
        """)

    @Option(name: .customLong("from"), parsing: .upToNextOption, help: "Labelled serial runs to fit on (records, summary JSON beside its records, or run folders).")
    var from: [String]

    @Option(name: .long, parsing: .upToNextOption, help: "Labelled runs to check the fit on (another seed, other photos).")
    var check: [String] = []

    @Option(name: .long, help: "Write the presets with the learned calibration (YAML) to this file.")
    var out: String?

    @Option(name: .long, help: "Write the learned model alone (JSON) to this file.")
    var jsonOut: String?

    @Option(name: .long, help: "Presets to add the calibration to, on top of the built-in ones.")
    var presetFile: String?

    @Option(name: .long, help: "L2 penalty on the model's weights.")
    var ridge: Double = 0.01

    func validate() throws {
        if from.isEmpty { throw ValidationError("give at least one labelled run with --from") }
        if ridge < 0 { throw ValidationError("--ridge must be ≥ 0") }
    }

    func run() throws {
        let fit = try from.map { try RunRecordsArgument.records($0, why: "calibrate learns from each image's answer") }
        for (path, run) in zip(from, fit) where CalibrationCheck.lacksFormulaConfidence(run.records, header: run.header) {
            FileHandle.standardError.write(Data("calibrate: warning: \(path) was read with a learned calibration and its records predate `formulaConfidence`: its confidences are the model's, taken here for the formula's; evaluate it again for a faithful fit\n".utf8))
        }
        let examples = fit.flatMap { CalibrationCheck.examples($0.records) }
        guard let model = LearnedCalibration.fit(examples, ridge: ridge, fittedOn: from.joined(separator: ", ")) else {
            throw ValidationError("the --from runs need both a right and a wrong serial answer to learn from (they have \(examples.count) answers)")
        }
        var rows = [Self.row("fit (all --from)", fit.flatMap(\.records), model)]
        for c in check {
            let r = try RunRecordsArgument.records(c, why: "calibrate checks each image's answer")
            rows.append(Self.row(c, r.records, model))
        }
        print("Fitted on \(model.samples) answers.\n")
        print("| run | images (no serial) | ≥ 0.8 as recorded → learned | confident wrong | ECE | Brier |")
        print("|---|---|---|---|---|---|")
        for r in rows { print(r) }
        print("\nWeights: " + zip(model.features, model.weights).map { "\($0) \(String(format: "%+.3f", $1))" }.joined(separator: ", ")
              + String(format: ", intercept %+.3f", model.intercept))
        if let jsonOut {
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(String(decoding: try enc.encode(model), as: UTF8.self) + "\n", to: URL(fileURLWithPath: jsonOut))
        }
        if let out {
            var catalog = try PresetCatalog.builtIn()
            if let presetFile { catalog = catalog.merging(try PresetCatalog.load(URL(fileURLWithPath: presetFile))) }
            try AtomicFile.write(try catalog.withLearnedCalibration(model).yaml(), to: URL(fileURLWithPath: out))
            FileHandle.standardError.write(Data("calibrate: wrote \(out) (use it with --preset-file)\n".utf8))
        }
    }

    /// One table row: the figures as recorded → as the model gives them.
    static func row(_ name: String, _ records: [SampleRecord], _ model: LearnedCalibration) -> String {
        let a = CalibrationCheck(records), b = CalibrationCheck(records, model: model)
        return "| \(name) | \(a.labelled + a.negatives) (\(a.negatives)) | \(a.confident) → \(b.confident) | \(a.confidentWrong) → \(b.confidentWrong) | "
            + String(format: "%.3f → %.3f | %.3f → %.3f |", a.ece, b.ece, a.brier, b.brier)
    }
}
