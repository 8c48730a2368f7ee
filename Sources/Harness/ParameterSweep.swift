import Evaluation
import Foundation
import Reporting
import SerialReading

/// A grid or random search over one preset's parameters on a labelled folder: every
/// combination's preset is built first (so a bad value fails before hours of OCR), then each is
/// evaluated in turn; the best is written as a tuned preset file beside the results table.
public struct ParameterSweep: Sendable {
    /// A parameter or value the preset cannot take; nothing was read.
    public struct InvalidPlan: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Stopped before the first combination finished; nothing was written.
    public struct StoppedEarly: Error, CustomStringConvertible, Sendable {
        public var description: String { "stopped before the first combination finished; nothing written" }
    }

    /// What a sweep wrote.
    public struct Outcome: Sendable {
        /// One row per finished combination, in plan order.
        public var results: [SweepResult]
        /// The best row.
        public var best: SweepResult
        /// `param_sweep_results.csv`.
        public var resultsURL: URL
        /// `param_sweep_results_best.json`.
        public var bestURL: URL
        /// `tuned_<preset>.yaml`.
        public var tunedURL: URL
        /// `param_sweep_flips.csv`: per combination, the images fixed and broken against the starting preset.
        public var flipsURL: URL
    }

    public let setup: RunSetup
    public let parameters: [SweepParameter]
    public let plan: SweepPlan
    /// Each combination's preset, as a catalog holding only it.
    let catalogs: [PresetCatalog]

    /// Plans the sweep of `setup`'s preset: all of the grid, or `random` combinations of it
    /// drawn with `seed`. Throws `InvalidPlan` when a parameter is not a field of the preset or
    /// a value does not fit it.
    public init(setup: RunSetup, parameters: [SweepParameter], random: Int? = nil, seed: UInt64 = 1) throws {
        let name = setup.preset.name
        let plan = random.map { SweepPlan.random(parameters, count: $0, seed: seed) } ?? SweepPlan.grid(parameters)
        let base = try Self.presetJSON(setup.catalog.preset(name))
        for p in parameters where base.value(atPath: p.path) == nil {
            throw InvalidPlan(description: "preset \(name) has no field '\(p.path)'; fields: \(base.leafPaths.joined(separator: ", "))")
        }
        var catalogs: [PresetCatalog] = []
        for combo in plan.combinations {
            var json = base
            for (path, value) in combo { json.set(path: path, to: value) }
            let text = JSONValue.object([("presets", .object([(name, json)]))]).serialized(pretty: false)
            do { catalogs.append(try PresetCatalog.parse(text, source: "sweep combination \(Self.describe(combo))")) } catch {
                throw InvalidPlan(description: error.description)
            }
        }
        self.setup = setup
        self.parameters = parameters
        self.plan = plan
        self.catalogs = catalogs
    }

    /// Evaluates the starting preset (`onStart` receives its summary), then each combination in
    /// turn (`shouldStop` is polled between images and combinations; `onResult` receives each
    /// finished row with its index, with the images it fixed and broke against the start) and
    /// writes the results table, the flips, the best row and the tuned preset file into `out`. Throws `StoppedEarly`
    /// when no combination finished.
    public func run(out: URL, minConfidence: Double?, workers: Int, maxPixels: Int, version: String,
                    shouldStop: @escaping @Sendable () -> Bool = { false },
                    onStart: (EvaluationSummary) -> Void = { _ in },
                    onResult: (_ index: Int, _ result: SweepResult) -> Void = { _, _ in }) throws -> Outcome {
        let name = setup.preset.name
        // The starting preset first: each combination's fixed and broken images are against it.
        let start = try setup.readers(minConfidence: minConfidence, maxPixels: maxPixels).runner(workers: workers)
            .run(setup.listing.items, labels: setup.labels, shouldStop: shouldStop)
        if shouldStop() { throw StoppedEarly() }
        onStart(EvaluationSummary(info: setup.info(minConfidence: minConfidence, workers: workers, startedAt: Date(), version: version), records: start))
        var results: [SweepResult] = []
        for (i, combo) in plan.combinations.enumerated() {
            if shouldStop() { break }
            let catalog = setup.catalog.merging(catalogs[i])
            let runner = setup.readers(minConfidence: minConfidence, maxPixels: maxPixels, catalog: catalog).runner(workers: workers)
            let started = Date()
            let records = try runner.run(setup.listing.items, labels: setup.labels, shouldStop: shouldStop)
            if shouldStop() { break }
            var info = setup.info(minConfidence: minConfidence, workers: workers, startedAt: started, version: version)
            info.finishedAt = Date()
            let row = SweepResult(combination: combo, summary: EvaluationSummary(info: info, records: records), start: start)
            results.append(row)
            onResult(i, row)
        }
        guard !results.isEmpty else { throw StoppedEarly() }

        var bestIndex = 0
        for i in results.indices.dropFirst() where SweepResult.isBetter(results[i], than: results[bestIndex]) { bestIndex = i }
        let best = results[bestIndex]
        let tunedURL = out.appendingPathComponent("tuned_\(name).yaml")
        let bestCatalog = catalogs[plan.combinations.indices.first { Self.describe(plan.combinations[$0]) == Self.describe(best.combination) } ?? 0]
        let yaml = """
            # Tuned by `scanbench sweep` on \(setup.dataset) (\(results.count) combinations): \(Self.describe(best.combination))
            # accuracy \(String(format: "%.4f", best.accuracy)) (\(best.hits)/\(best.total)). Use: scanbench evaluate --preset-file \(tunedURL.path) --preset \(name)

            """ + (try bestCatalog.yaml())
        let resultsURL = out.appendingPathComponent("param_sweep_results.csv")
        let bestURL = out.appendingPathComponent("param_sweep_results_best.json")
        try AtomicFile.write(SweepResult.csv(results, parameters: parameters), to: resultsURL)
        try AtomicFile.write(best.bestJSON(preset: name, presetFile: tunedURL.path).serialized() + "\n", to: bestURL)
        try AtomicFile.write(yaml, to: tunedURL)
        let flipsURL = out.appendingPathComponent("param_sweep_flips.csv")
        try AtomicFile.write(SweepResult.flipsCSV(results, describe: Self.describe), to: flipsURL)
        return Outcome(results: results, best: best, resultsURL: resultsURL, bestURL: bestURL, tunedURL: tunedURL, flipsURL: flipsURL)
    }

    /// `path=value path=value`, as the progress lines and the tuned file's comment show a combination.
    public static func describe(_ combo: SweepPlan.Combination) -> String {
        combo.map { "\($0.path)=\(SweepParameter.text($0.value))" }.joined(separator: " ")
    }

    /// The preset as a JSON tree whose keys are its YAML field names.
    static func presetJSON(_ p: Preset) throws -> JSONValue {
        let data = try JSONEncoder().encode(p)
        return try JSONValue.parse(String(decoding: data, as: UTF8.self))
    }
}
