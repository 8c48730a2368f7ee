import ArgumentParser
import Foundation
import Harness
import Reporting
import RunStore

/// `scanbench merge`: the reports of a whole run from its shards' records.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the per-image records of `evaluate --shard K/N` runs into the reports of one run.",
        discussion: """
        Records are concatenated, never averaged: every figure, latency histograms included, is \
        recomputed from the same per-image data, so the reports equal an unsharded run's (apart \
        from timings). Every shard must be present once and complete, unless --allow-partial.
        """)

    @Argument(help: "The shards' record files (*.records.jsonl), or the folders they wrote (every finished record in each).")
    var records: [String]

    @Option(name: .long, help: "Output folder for the merged reports.")
    var out: String = "Reports"

    @Flag(name: .long, help: "Merge even when shards are missing or unfinished (the reports say so).")
    var allowPartial = false

    @Flag(name: .long, help: "Print only the summary JSON path.")
    var quiet = false

    @OptionGroup var history: StoreOptions

    func validate() throws {
        guard !records.isEmpty else { throw ValidationError("give the record file (or the output folder) of every shard") }
    }

    func run() throws {
        let outcome: RunMerge.Outcome
        do { outcome = try RunMerge.merge(records: records, out: URL(fileURLWithPath: out), allowPartial: allowPartial) } catch let e as RunMerge.Refused {
            throw ValidationError(e.description)
        }
        history.recorder(out: out).recordFinished(record: ReportPaths(sibling: outcome.written.json).records, summary: outcome.written.summary, kind: .merge)
        for w in outcome.warnings { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
        if quiet { print(outcome.written.json.path) } else { print(SummaryTable.render(outcome.summary, written: outcome.written)) }
    }
}
