import ArgumentParser

/// The `scanbench` command line.
@main
struct ScanBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanbench",
        abstract: "Offline OCR benchmark for Apple serial numbers and Tunisian restaurant permits.",
        version: ScanBenchVersion.string,
        subcommands: [Evaluate.self, Robustness.self, Read.self, Merge.self, History.self, Compare.self, Diff.self, Calibrate.self, Baseline.self, Sweep.self, Export.self, Report.self, Bench.self, Generate.self, Serve.self, Permit.self]
    )

    /// Re-executes with `OMP_THREAD_LIMIT=1` first (see `OMPGuard`), then runs the command:
    /// `serve` asynchronously, the others as they are.
    static func main() async {
        OMPGuard.ensureSingleThreadedOpenMP()
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// The version ScanBench reports in its outputs.
enum ScanBenchVersion {
    static let string = "0.1.0"
}
