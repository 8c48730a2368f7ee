import ArgumentParser
import Evaluation
import Foundation
import RunStore
import Yams

/// `scanbench history`: the run history kept by evaluate, merge and robustness.
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The run history: runs, metric trends with regression marks, flipped and flaky images.",
        discussion: """
        evaluate, merge and robustness record every run and every image into a SQLite store \
        (default OUT/history.sqlite; --store PATH, --no-store). `history` reads it: `list` (the \
        default) the runs, `trend` each metric per dataset and preset with marks against the \
        previous run, `images` the images whose answer changed between runs (flaky: with no \
        preset change), `report` Markdown + HTML with SVG trend lines, `import` old records.
        """,
        subcommands: [HistoryList.self, HistoryTrend.self, HistoryImages.self, HistoryReportCommand.self, HistoryImport.self,
                      HistoryGenerate.self],
        defaultSubcommand: HistoryList.self)
}

/// The store `history` reads, and which runs.
struct HistoryOptions: ParsableArguments {
    @Option(name: .long, help: "The run history store. Default: Reports/history.sqlite.")
    var store: String = "Reports/\(RunStore.defaultFileName)"

    @Option(name: .long, help: "Only runs of this dataset (the folder's base name, or synthetic:KIND).")
    var dataset: String?

    @Option(name: .long, help: "Only runs of this preset.")
    var preset: String?

    /// The store, which must exist; a newer schema or an unreadable file is a usage error.
    func open() throws -> RunStore {
        do { return try RunStore(path: store, create: false) } catch { throw ValidationError(error.description) }
    }
}

/// The metrics and thresholds of `trend` and `report`.
struct TrendOptions: ParsableArguments {
    @Option(name: .long, parsing: .singleValue, help: "A metric to show (repeatable; `compare`'s names). Default: top1_accuracy_pct, accuracy_pct_overall, detection_rate_pct, false_acceptance_rate_pct, errors, latency_ms.p95.")
    var metric: [String] = []

    @Option(name: .long, help: "Thresholds YAML for the regression marks. Default: Reports/baselines/thresholds.yaml when present, else built-in.")
    var thresholds: String?

    func metrics() throws -> [MetricDefinition] {
        let names = metric.isEmpty ? RunStore.defaultTrendMetrics : metric
        return try names.map { name in
            guard let m = MetricDefinition.standard.first(where: { $0.name == name }) else {
                throw ValidationError("unknown metric \(name): one of \(MetricDefinition.standard.map(\.name).joined(separator: ", "))")
            }
            return m
        }
    }

    func loadThresholds() throws -> Thresholds {
        let path = thresholds ?? "Reports/baselines/thresholds.yaml"
        guard FileManager.default.fileExists(atPath: path) else {
            if thresholds != nil { throw ValidationError("thresholds file \(path) does not exist") }
            return .defaults
        }
        do { return try YAMLDecoder().decode(Thresholds.self, from: String(contentsOfFile: path, encoding: .utf8)) } catch {
            throw ValidationError("\(path) is not a valid thresholds file: \(error)")
        }
    }
}

/// `history list`.
struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the runs, newest first.")
    @OptionGroup var history: HistoryOptions
    @Option(name: .long, help: "At most this many runs.") var limit: Int = 50

    func run() throws {
        let store = try history.open()
        let runs = try store.runs(dataset: history.dataset, preset: history.preset, limit: limit)
        print(runs.isEmpty ? "no runs in \(store.path)" : HistoryReport.runsTable(runs), terminator: "")
    }
}

/// `history trend`.
struct HistoryTrend: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "trend", abstract: "Each metric over the runs of a dataset and preset, with regression marks.")
    @OptionGroup var history: HistoryOptions
    @OptionGroup var trend: TrendOptions

    func run() throws {
        let store = try history.open()
        let trends = try store.trends(dataset: history.dataset, preset: history.preset, metrics: trend.metrics(), thresholds: trend.loadThresholds())
        print(HistoryReport(storePath: store.path, runs: [], trends: trends, flips: []).trendMarkdown, terminator: "")
    }
}

/// `history images`.
struct HistoryImages: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "images",
        abstract: "Images whose answer changed between consecutive runs (flaky: with no preset change), or one image's history.")
    @OptionGroup var history: HistoryOptions
    @Option(name: .long, help: "One image (its path relative to the dataset): its answer in every run.") var image: String?

    func run() throws {
        let store = try history.open()
        if let image {
            let rows = try store.imageHistory(image, dataset: history.dataset, preset: history.preset)
            guard !rows.isEmpty else { throw ValidationError("no run in \(store.path) read \(image)") }
            print("| run | started (UTC) | dataset | preset | presets digest | answer | confidence | truth | right |\n|---:|---|---|---|---|---|---:|---|---|")
            for (run, i) in rows {
                print("| \(run.id ?? 0) | \(run.startedLabel) | \(run.datasetName) | \(run.preset) | \(run.presetDigest.prefix(8)) | \(i.answer ?? "(none)") | \(i.confidence.map { String(format: "%.2f", $0) } ?? "–") | \(i.groundTruth ?? "") | \(i.groundTruth == nil ? "" : i.top1Hit ? "✓" : "✗") |")
            }
            return
        }
        let flips = try store.flips(dataset: history.dataset, preset: history.preset)
        print(HistoryReport(storePath: store.path, runs: [], trends: [], flips: flips).flipsMarkdown, terminator: "")
    }
}

/// `history report`.
struct HistoryReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: "Write history.md and history.html (SVG trend lines) into --out.")
    @OptionGroup var history: HistoryOptions
    @OptionGroup var trend: TrendOptions
    @Option(name: .long, help: "Output folder.") var out: String = "Reports"
    @Option(name: .long, help: "At most this many runs in the runs table.") var limit: Int = 50

    func run() throws {
        let store = try history.open()
        let report = try HistoryReport.load(store, dataset: history.dataset, preset: history.preset, metrics: trend.metrics(),
                                            thresholds: trend.loadThresholds(), runLimit: limit)
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let md = folder.appendingPathComponent("history.md"), html = folder.appendingPathComponent("history.html")
        try Data(report.markdown.utf8).write(to: md, options: .atomic)
        try Data(report.html.utf8).write(to: html, options: .atomic)
        print(md.path)
        print(html.path)
    }
}

/// `history import`.
struct HistoryImport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import",
        abstract: "Add finished runs from their records (*.records.jsonl files, or folders searched recursively).")
    @Option(name: .long, help: "The run history store (created when missing). Default: Reports/history.sqlite.")
    var store: String = "Reports/\(RunStore.defaultFileName)"
    @Argument(help: "Record files or folders (run folders, robustness folders, Reports/).") var paths: [String]

    func validate() throws { if paths.isEmpty { throw ValidationError("give the record files or folders to import") } }

    func run() throws {
        let db: RunStore
        do { db = try RunStore(path: store) } catch { throw ValidationError(error.description) }
        let outcome = RunImport.run(paths, into: db)
        for r in outcome.refused { FileHandle.standardError.write(Data("skipped \(r)\n".utf8)) }
        print("imported \(outcome.added) runs into \(db.path) (\(outcome.alreadyThere) already there, \(outcome.refused.count) skipped)")
    }
}

/// `history generate` (hidden): made-up runs, for the benchmark and the multi-process tests.
struct HistoryGenerate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Write made-up runs into a store (benchmarks, tests).",
                                                    shouldDisplay: false)
    @Option(name: .long, help: "The store (created when missing).") var store: String
    @Option(name: .long) var runs: Int = 100
    @Option(name: .long) var images: Int = 2000
    @Option(name: .long) var dataset: String = "synthetic-history"
    @Option(name: .long, help: "Images per transaction.") var batch: Int = 500
    @Option(name: .long, help: "Milliseconds to pause after each commit.") var pauseMs: Int = 0
    @Option(name: .long) var seed: UInt64 = 1
    @Flag(name: .long, help: "Print `committed RUN N` after every commit.") var progress = false

    func run() throws {
        let db: RunStore
        do { db = try RunStore(path: store) } catch { throw ValidationError(error.description) }
        let plan = SyntheticHistory(runs: runs, images: images, dataset: dataset, batch: batch, pauseMs: pauseMs, seed: seed)
        try plan.write(into: db) { run, n in
            if progress { FileHandle.standardOutput.write(Data("committed \(run) \(n)\n".utf8)) }
        }
        if !progress { print("wrote \(runs) runs × \(images) images into \(db.path)") }
    }
}
