import ArgumentParser
import Evaluation
import Foundation
import Harness
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
        Prints a Markdown table (for a job page or PR comment) and writes it as JSON. When both \
        runs' per-image records are found (a .records.jsonl, a summary with its record beside it, \
        or a run folder), the images that changed follow the table (see `scanbench diff`); \
        --fail-on-new-confident-wrong then exits 2 on a new confident wrong answer.
        """)

    @Option(name: .long, help: "Baseline: a summary JSON / .records.jsonl path, a run folder (its newest run), or a name saved with `scanbench baseline save`.")
    var baseline: String?

    @Option(name: .long, help: "The run to judge: its summary JSON, its .records.jsonl, or the folder evaluate wrote (its newest run).")
    var current: String?

    @Option(name: .long, help: "Thresholds YAML (default: BASELINES-DIR/thresholds.yaml when present, else built-in).")
    var thresholds: String?

    @Option(name: .long, help: "Folder of the named baselines.")
    var baselinesDir: String = BaselineStore.defaultFolder

    @Option(name: .long, help: "Where to write the comparison JSON (default: OUT/compare_<UTC stamp>.json).")
    var jsonOut: String?

    @Option(name: .long, help: "Also write the Markdown table to this file (e.g. $GITHUB_STEP_SUMMARY).")
    var markdownOut: String?

    @Option(name: .long, help: "Also write the table (and the per-image flips) as an HTML page to this file.")
    var htmlOut: String?

    @Flag(name: .long, help: "Exit 2 when an image gets a confident wrong answer the baseline did not give, even with every metric within its thresholds (needs both runs' records).")
    var failOnNewConfidentWrong = false

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
        let diff = try perImageDiff(baseline: baselineURL, current: currentURL)
        let exitCode = comparison.exitCode(diff: diff, failOnNewConfidentWrong: failOnNewConfidentWrong)
        let markdown = comparison.markdown(baselineName: baseline, currentName: current, diff: diff)
        print(markdown, terminator: "")
        if let markdownOut { try AtomicFile.write(markdown, to: URL(fileURLWithPath: markdownOut)) }
        let jsonURL = jsonOut.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: out).appendingPathComponent("compare_\(ReportPaths.stamp(Date())).json")
        try AtomicFile.write(comparison.json(baseline: baselineURL.path, current: currentURL.path, diff: diff,
                                             failOnNewConfidentWrong: failOnNewConfidentWrong).serialized() + "\n", to: jsonURL)
        if let htmlOut {
            let page = ComparisonHTML.page(comparison, diff: diff, baselineName: baseline, currentName: current, exitCode: exitCode)
            try AtomicFile.write(page, to: URL(fileURLWithPath: htmlOut))
        }
        var line = "compare: \(comparison.verdictLine)"
        if let diff, exitCode != comparison.verdict.exitCode {
            line += "; \(diff.count(.newConfidentWrong)) new confident wrong answer(s)"
        }
        FileHandle.standardError.write(Data("\(line) (exit \(exitCode)); table written to \(jsonURL.path)\n".utf8))
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// The per-image diff when both runs' records are found; `nil` (said on stderr) when one is
    /// not, which --fail-on-new-confident-wrong refuses.
    private func perImageDiff(baseline: URL, current: URL) throws -> RunDiff? {
        let before: (url: URL, records: [SampleRecord], header: RecordHeader?)?, after: (url: URL, records: [SampleRecord], header: RecordHeader?)?
        do {
            before = try RunLocator.records(of: baseline.path)
            after = try RunLocator.records(of: current.path)
        } catch { throw ValidationError(error.description) }
        guard let before, let after else {
            let lacking = [(before, baseline), (after, current)].filter { $0.0 == nil }.map { ReportPaths(sibling: $0.1).records.path }
            let why = "no per-image record at \(lacking.joined(separator: " or "))"
            if failOnNewConfidentWrong {
                throw ValidationError("--fail-on-new-confident-wrong compares images: \(why); give each run's .records.jsonl or its folder")
            }
            FileHandle.standardError.write(Data("compare: \(why), so the per-image section is left out\n".utf8))
            return nil
        }
        return RunDiff(baseline: before.records, current: after.records, headers: (before.header, after.header))
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
