import ArgumentParser
import Evaluation
import Foundation
import Imaging
import SerialReading
import Reporting

/// `scanbench sweep`: grid or random search over a preset's parameters on a labelled folder.
struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Grid or random search over preset parameters; writes param_sweep_results.csv, _best.json and a tuned preset file.",
        discussion: """
        Each --param names a field of the preset's YAML by its dotted path and the values to try, \
        comma-separated; a list value is written a+b or [a,b] (a single value given to a list \
        field becomes a one-element list):
          scanbench sweep --dataset D --preset etched \\
            --param crop.variants=gray,sauvola,gray+sauvola --param page.max_side=800,1600
        The tuned preset file holds the best combination under the preset's own name; pass it \
        to `evaluate --preset-file FILE --preset NAME` to reproduce the best row.
        """)

    @Option(name: .long, help: "Labelled image folder (labels.csv at its root).")
    var dataset: String

    @Option(name: .long, help: "The preset to tune (etched, screen, sticker, or one from --preset-file).")
    var preset: String

    @Option(name: .long, help: "YAML preset file loaded on top of the built-in presets (the starting point).")
    var presetFile: String?

    @Option(name: .long, parsing: .singleValue, help: "PATH=V1,V2,... (repeatable).")
    var param: [String] = []

    @Option(name: .long, help: "Run N combinations drawn at random from the grid instead of all of them.")
    var random: Int?

    @Option(name: .long, help: "Seed of --random.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "Drop candidates below this confidence (0–1).")
    var minConfidence: Double?

    @Option(name: .long, help: "Worker threads per combination.")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Refuse images larger than this many pixels.")
    var maxPixels: Int = Image.defaultMaxPixels

    @Option(name: .long, help: "Output folder.")
    var out: String = "Reports"

    @Flag(name: .long, help: "Print only the tuned preset file's path.")
    var quiet = false

    func validate() throws {
        guard !param.isEmpty else { throw ValidationError("give at least one --param PATH=V1,V2") }
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        if let random, random < 1 { throw ValidationError("--random must be at least 1") }
        guard preset != "auto" else { throw ValidationError("sweep tunes one preset: pass --preset etched|screen|sticker|…") }
        for p in param { _ = try SweepParameter(parsing: p) }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let setup = try RunSetup(dataset: dataset, presetName: preset, presetFile: presetFile)
        let parameters = try param.map { try SweepParameter(parsing: $0) }
        let plan = random.map { SweepPlan.random(parameters, count: $0, seed: seed) } ?? SweepPlan.grid(parameters)
        let base = try presetJSON(setup.catalog.preset(preset))
        for p in parameters where base.value(atPath: p.path) == nil {
            throw ValidationError("preset \(preset) has no field '\(p.path)'; fields: \(base.leafPaths.joined(separator: ", "))")
        }
        // Build every combination's preset first, so a bad value fails before hours of OCR.
        var catalogs: [PresetCatalog] = []
        for combo in plan.combinations {
            var json = base
            for (path, value) in combo { json.set(path: path, to: value) }
            let text = JSONValue.object([("presets", .object([(preset, json)]))]).serialized(pretty: false)
            do { catalogs.append(try PresetCatalog.parse(text, source: "sweep combination \(Self.describe(combo))")) } catch {
                throw ValidationError(error.description)
            }
        }

        let stop = StopSignal.install()
        var results: [SweepResult] = []
        for (i, combo) in plan.combinations.enumerated() {
            if stop.requested { break }
            let catalog = setup.catalog.merging(catalogs[i])
            let runner = RunSetup.runner(catalog: catalog, presetName: preset, minConfidence: minConfidence, maxPixels: maxPixels, workers: workers)
            let started = Date()
            let records = try runner.run(setup.listing.items, labels: setup.labels, shouldStop: { stop.requested })
            if stop.requested { break }
            var info = setup.info(minConfidence: minConfidence, workers: workers, startedAt: started)
            info.finishedAt = Date()
            let row = SweepResult(combination: combo, summary: EvaluationSummary(info: info, records: records))
            results.append(row)
            if !quiet {
                FileHandle.standardError.write(Data(String(format: "[%d/%d] %@ → accuracy %.4f (%d/%d), avg confidence %.3f\n",
                                                           i + 1, plan.combinations.count, Self.describe(combo), row.accuracy, row.hits, row.total, row.avgConfidence).utf8))
            }
        }
        guard !results.isEmpty else {
            FileHandle.standardError.write(Data("stopped before the first combination finished; nothing written\n".utf8))
            throw ExitCode(130)
        }

        let outURL = URL(fileURLWithPath: out)
        var bestIndex = 0
        for i in results.indices.dropFirst() where SweepResult.isBetter(results[i], than: results[bestIndex]) { bestIndex = i }
        let best = results[bestIndex]
        let tunedURL = outURL.appendingPathComponent("tuned_\(preset).yaml")
        let bestCatalog = catalogs[plan.combinations.indices.first { Self.describe(plan.combinations[$0]) == Self.describe(best.combination) } ?? 0]
        let yaml = """
            # Tuned by `scanbench sweep` on \(dataset) (\(results.count) combinations): \(Self.describe(best.combination))
            # accuracy \(String(format: "%.4f", best.accuracy)) (\(best.hits)/\(best.total)). Use: scanbench evaluate --preset-file \(tunedURL.path) --preset \(preset)

            """ + (try bestCatalog.yaml())
        try AtomicFile.write(SweepResult.csv(results, parameters: parameters), to: outURL.appendingPathComponent("param_sweep_results.csv"))
        try AtomicFile.write(best.bestJSON(preset: preset, presetFile: tunedURL.path).serialized() + "\n", to: outURL.appendingPathComponent("param_sweep_results_best.json"))
        try AtomicFile.write(yaml, to: tunedURL)
        if quiet {
            print(tunedURL.path)
        } else {
            print("best of \(results.count): \(Self.describe(best.combination)) → accuracy \(String(format: "%.4f", best.accuracy)) (\(best.hits)/\(best.total))")
            print("results     \(outURL.appendingPathComponent("param_sweep_results.csv").path)")
            print("best        \(outURL.appendingPathComponent("param_sweep_results_best.json").path)")
            print("tuned preset \(tunedURL.path)  (scanbench evaluate --preset-file \(tunedURL.path) --preset \(preset))")
        }
        if let sig = stop.caught { throw ExitCode(128 + sig) }
    }

    /// The preset as a JSON tree whose keys are its YAML field names.
    private func presetJSON(_ p: Preset) throws -> JSONValue {
        let data = try JSONEncoder().encode(p)
        return try JSONValue.parse(String(decoding: data, as: UTF8.self))
    }

    static func describe(_ combo: SweepPlan.Combination) -> String {
        combo.map { "\($0.path)=\(SweepParameter.text($0.value))" }.joined(separator: " ")
    }
}
