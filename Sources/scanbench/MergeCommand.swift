import ArgumentParser
import Evaluation
import Foundation
import Reporting

/// `scanbench merge`: the reports of a whole run from its shards' records.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the per-image records of `evaluate --shard K/N` runs into the reports of one run.",
        discussion: """
        Records are concatenated, never averaged: every figure, latency histograms included, is \
        recomputed from the same per-image data, so the reports equal an unsharded run's (apart \
        from timings). Every shard must be present once and complete, unless --allow-partial.
        """)

    @Argument(help: "Record files (*.records.jsonl) written by the shards.")
    var records: [String]

    @Option(name: .long, help: "Output folder for the merged reports.")
    var out: String = "Reports"

    @Flag(name: .long, help: "Merge even when shards are missing or unfinished (the reports say so).")
    var allowPartial = false

    @Flag(name: .long, help: "Print only the summary JSON path.")
    var quiet = false

    func validate() throws {
        guard !records.isEmpty else { throw ValidationError("give the record file of every shard") }
    }

    func run() throws {
        var parts: [RunRecord] = []
        for path in records {
            do { parts.append(try RecordLog.load(URL(fileURLWithPath: path))) } catch {
                throw ValidationError("cannot read record \(path): \(error.localizedDescription)")
            }
        }
        let merged: RecordMerge.Merged
        do { merged = try RecordMerge.merge(parts, allowPartial: allowPartial) } catch {
            throw ValidationError(error.description)
        }
        for w in merged.warnings { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
        let summary = EvaluationSummary(info: merged.info, records: merged.records)
        let name = URL(fileURLWithPath: merged.info.dataset).standardizedFileURL.lastPathComponent
        let paths = Evaluate.freshPaths(folder: URL(fileURLWithPath: out), name: name, date: merged.info.startedAt)
        let written = try ReportWriter.writeEvaluate(summary, paths: paths)
        let log = try RecordLog(url: paths.records, header: merged.header)
        for r in merged.records { try log.append(r) }
        log.flush()
        if quiet { print(written.json.path) } else { print(SummaryTable.render(summary, written: written)) }
    }
}
