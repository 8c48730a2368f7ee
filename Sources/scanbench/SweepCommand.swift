import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging

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
        to `evaluate --preset-file FILE --preset NAME` to reproduce the best row. --preset-file \
        is the starting point; --workers applies to each combination.
        """)

    @OptionGroup var options: RunOptions

    @Option(name: .long, help: "The preset to tune (etched, screen, sticker, or one from --preset-file).")
    var preset: String

    @Option(name: .long, parsing: .singleValue, help: "PATH=V1,V2,... (repeatable).")
    var param: [String] = []

    @Option(name: .long, help: "Run N combinations drawn at random from the grid instead of all of them.")
    var random: Int?

    @Option(name: .long, help: "Seed of --random.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Print only the tuned preset file's path.")
    var quiet = false

    func validate() throws {
        guard !param.isEmpty else { throw ValidationError("give at least one --param PATH=V1,V2") }
        if let random, random < 1 { throw ValidationError("--random must be at least 1") }
        guard preset != "auto" else { throw ValidationError("sweep tunes one preset: pass --preset etched|screen|sticker|…") }
        for p in param { _ = try SweepParameter(parsing: p) }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let setup = try RunSetup.forCommand(dataset: options.dataset, preset: preset, presetFile: options.presetFile)
        let parameters = try param.map { try SweepParameter(parsing: $0) }
        let sweep: ParameterSweep
        do { sweep = try ParameterSweep(setup: setup, parameters: parameters, random: random, seed: seed) } catch let e as ParameterSweep.InvalidPlan {
            throw ValidationError(e.description)
        }

        let stop = StopSignal.install()
        let count = sweep.plan.combinations.count, quiet = quiet
        let outcome: ParameterSweep.Outcome
        do {
            outcome = try sweep.run(out: URL(fileURLWithPath: options.out), minConfidence: options.minConfidence, workers: options.workers,
                                    maxPixels: options.maxPixels, version: ScanBenchVersion.string, shouldStop: { stop.requested }, onStart: { s in
                guard !quiet else { return }
                FileHandle.standardError.write(Data(String(format: "[start] the preset as it is → accuracy %.4f (%d/%d)\n",
                                                           s.total == 0 ? 0 : Double(s.hits) / Double(s.total), s.hits, s.total).utf8))
            }) { i, row in
                guard !quiet else { return }
                var line = String(format: "[%d/%d] %@ → accuracy %.4f (%d/%d), avg confidence %.3f; fixed %d, broke %d",
                                  i + 1, count, ParameterSweep.describe(row.combination), row.accuracy, row.hits, row.total, row.avgConfidence,
                                  row.fixed.count, row.broken.count)
                let named = (row.fixed.prefix(3).map { "+\($0)" } + row.broken.prefix(3).map { "-\($0)" })
                if !named.isEmpty { line += " (" + named.joined(separator: " ") + (row.fixed.count + row.broken.count > named.count ? " …" : "") + ")" }
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch let e as ParameterSweep.StoppedEarly {
            FileHandle.standardError.write(Data("\(e.description)\n".utf8))
            throw ExitCode(130)
        }
        let best = outcome.best
        if quiet {
            print(outcome.tunedURL.path)
        } else {
            print("best of \(outcome.results.count): \(ParameterSweep.describe(best.combination)) → accuracy \(String(format: "%.4f", best.accuracy)) (\(best.hits)/\(best.total))")
            print("results     \(outcome.resultsURL.path)")
            print("best        \(outcome.bestURL.path)")
            print("flips       \(outcome.flipsURL.path)  (per combination, the images fixed and broken against the preset as it is)")
            print("tuned preset \(outcome.tunedURL.path)  (scanbench evaluate --preset-file \(outcome.tunedURL.path) --preset \(preset))")
        }
        if let sig = stop.caught { throw ExitCode(128 + sig) }
    }
}
