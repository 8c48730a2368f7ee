import ArgumentParser

/// The `scanbench` command line.
@main
struct ScanBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scanbench",
        abstract: "Offline OCR benchmark for Apple serial numbers and Tunisian restaurant permits.",
        version: ScanBenchVersion.string,
        subcommands: [Evaluate.self, Read.self, Merge.self, Compare.self, Baseline.self, Sweep.self, Export.self, Report.self, Bench.self, Generate.self, Serve.self, Permit.self]
    )

    static func main() {
        OMPGuard.ensureSingleThreadedOpenMP()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

/// The version ScanBench reports in its outputs.
enum ScanBenchVersion {
    static let string = "0.1.0"
}
