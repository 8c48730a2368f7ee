import ArgumentParser
import Evaluation
import Foundation
import Reporting
import Yams

/// `scanbench compare`: a run against a baseline, with noise-aware thresholds and exit codes a
/// CI job can act on.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare a run's summary with a baseline; exit 0 unchanged, 2 regression, 4 improvement only, 5 baseline missing, 1 error.",
        discussion: """
        Each metric knows which direction is worse (accuracy and detection higher-is-better; \
        latency, false acceptances, errors and ECE lower-is-better). A change counts only when \
        it passes every threshold set for it in the thresholds file (absolute, relative, and for \
        proportions the baseline's 95 % Wilson interval), per metric with per-preset overrides. \
        Prints a Markdown table (for a job page or PR comment) and writes it as JSON.
        """)

    @Option(name: .long, help: "Baseline: a summary JSON / .records.jsonl path, or a name saved with `scanbench baseline save`.")
    var baseline: String?

    @Option(name: .long, help: "The run to judge: its summary JSON (or .records.jsonl).")
    var current: String?

    @Option(name: .long, help: "Thresholds YAML (default: BASELINES-DIR/thresholds.yaml when present, else built-in).")
    var thresholds: String?

    @Option(name: .long, help: "Folder of the named baselines.")
    var baselinesDir: String = BaselineStore.defaultFolder

    @Option(name: .long, help: "Where to write the comparison JSON (default: OUT/compare_<UTC stamp>.json).")
    var jsonOut: String?

    @Option(name: .long, help: "Also write the Markdown table to this file (e.g. $GITHUB_STEP_SUMMARY).")
    var markdownOut: String?

    @Option(name: .long, help: "Output folder for the default JSON path.")
    var out: String = "Reports"

    func run() throws {
        do {
            try compare()
        } catch let e as ExitCode {
            throw e
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    private func compare() throws {
        guard let current else { throw ValidationError("--current RUN.json is required") }
        guard let baseline else { throw ValidationError("--baseline NAME|FILE is required") }
        let store = BaselineStore(folder: URL(fileURLWithPath: baselinesDir))
        guard let baselineURL = store.resolve(baseline) else {
            let saved = store.names().filter { $0 != "thresholds" }
            FileHandle.standardError.write(Data("""
                baseline '\(baseline)' not found (neither a file nor \(store.url(baseline).path)); \
                save one with `scanbench baseline save \(baseline) --from RUN.json`\
                \(saved.isEmpty ? "" : " (saved: \(saved.joined(separator: ", ")))")\n
                """.utf8))
            throw ExitCode(5)
        }
        let currentURL = URL(fileURLWithPath: current)
        guard FileManager.default.fileExists(atPath: currentURL.path) else {
            throw ValidationError("current run \(current) does not exist")
        }
        let base = try BaselineStore.loadSummary(baselineURL)
        let cur = try BaselineStore.loadSummary(currentURL)
        let limits = try loadThresholds(store)
        let comparison = Comparison.compare(baseline: base, current: cur, thresholds: limits)
        let markdown = comparison.markdown(baselineName: baseline, currentName: current)
        print(markdown, terminator: "")
        if let markdownOut { try AtomicFile.write(markdown, to: URL(fileURLWithPath: markdownOut)) }
        let jsonURL = jsonOut.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: out).appendingPathComponent("compare_\(ReportPaths.stamp(Date())).json")
        try AtomicFile.write(comparison.json(baseline: baselineURL.path, current: currentURL.path).serialized() + "\n", to: jsonURL)
        FileHandle.standardError.write(Data("compare: \(comparison.verdictLine) (exit \(comparison.verdict.exitCode)); table written to \(jsonURL.path)\n".utf8))
        if comparison.verdict.exitCode != 0 { throw ExitCode(comparison.verdict.exitCode) }
    }

    private func loadThresholds(_ store: BaselineStore) throws -> Thresholds {
        let path = thresholds ?? store.folder.appendingPathComponent("thresholds.yaml").path
        guard FileManager.default.fileExists(atPath: path) else {
            if thresholds != nil { throw ValidationError("thresholds file \(path) does not exist") }
            return .defaults
        }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ValidationError("cannot read thresholds file \(path): \(error.localizedDescription)")
        }
        do { return try YAMLDecoder().decode(Thresholds.self, from: text) } catch {
            throw ValidationError("\(path) is not a valid thresholds file: \(error)")
        }
    }
}
