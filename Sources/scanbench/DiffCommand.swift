import ArgumentParser
import Evaluation
import Foundation
import Harness
import Reporting

/// `scanbench diff`: what changed between two runs, image by image (the tuning loop's view).
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two runs image by image; exit 0, 2 with --fail-on-new-confident-wrong when there is one, 1 on error.",
        discussion: """
        First says what differs in the runs' set-ups (dataset, preset, every parameter, the \
        presets' and models' digests, versions), from their records' headers. Then matches the \
        runs' per-image records by path and lists the images fixed (wrong → right), \
        broken (right → wrong), with a changed answer, crossing confidence 0.8 either way, with \
        a new confident wrong answer (≥ 0.8 and not the truth; permits: a number for a document \
        to refuse, or a wrong number at `high`), latency outliers (more than twice as slow and \
        500 ms slower, or the reverse) and those in only one run, and says whether the split \
        of fixed against broken is beyond chance (the exact McNemar test: on a hard set, \
        answers flip either way under any small change). Each run is a .records.jsonl, \
        a summary JSON with its record beside it, or the folder evaluate wrote (its newest run). \
        Prints Markdown; --json-out keeps every image, Markdown and HTML list 50 per class.
        """)

    @Argument(help: "The baseline run: RUN.records.jsonl, RUN.json with its record beside it, or a run folder.")
    var baseline: String

    @Argument(help: "The current run, given the same way.")
    var current: String

    @Option(name: .long, help: "Write the diff as JSON (every image of every class) to this file.")
    var jsonOut: String?

    @Option(name: .long, help: "Also write the Markdown to this file (e.g. $GITHUB_STEP_SUMMARY).")
    var markdownOut: String?

    @Option(name: .long, help: "Write the diff as an HTML page to this file.")
    var htmlOut: String?

    @Flag(name: .long, help: "Exit 2 when an image gets a confident wrong answer the baseline did not give.")
    var failOnNewConfidentWrong = false

    func run() throws {
        let code: Int32
        do { code = try diff() } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        if code != 0 { throw ExitCode(code) }
    }

    /// Writes the renderings and returns the exit code.
    private func diff() throws -> Int32 {
        let before = try RunRecordsArgument.records(baseline, why: "diff compares images")
        let after = try RunRecordsArgument.records(current, why: "diff compares images")
        let diff = RunDiff(baseline: before.records, current: after.records, headers: (before.header, after.header))
        let markdown = "Baseline `\(before.url.path)` → current `\(after.url.path)`\n\n" + diff.markdown()
        print(markdown, terminator: "")
        if let markdownOut { try AtomicFile.write(markdown, to: URL(fileURLWithPath: markdownOut)) }
        if let jsonOut {
            let json = diff.json(baseline: before.url.path, current: after.url.path)
            try AtomicFile.write(json.serialized() + "\n", to: URL(fileURLWithPath: jsonOut))
        }
        if let htmlOut {
            try AtomicFile.write(RunDiffHTML.page(diff, baselineName: before.url.path, currentName: after.url.path), to: URL(fileURLWithPath: htmlOut))
        }
        if diff.matched == 0 {
            FileHandle.standardError.write(Data("diff: the runs share no image (are they of the same dataset?)\n".utf8))
        }
        let gate = failOnNewConfidentWrong && diff.hasNewConfidentWrong
        FileHandle.standardError.write(Data("diff: \(diff.tally)\(gate ? " (exit 2: new confident wrong answer)" : "")\n".utf8))
        return gate ? 2 : 0
    }
}
