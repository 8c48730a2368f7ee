import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging
import Reporting
import RunStore

/// `scanbench robustness`: how accuracy falls as the capture gets worse.
struct Robustness: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate a labelled folder clean and under perturbations (blur, motion, JPEG, scale, tilt, perspective, dark, contrast, noise, the apps' compression); curves, a score, and the images that broke first.",
        discussion: """
        Each perturbation × severity is one evaluation of the whole folder, run like `evaluate` \
        (workers, --shard, resume after Ctrl-C, progress); the images are perturbed in memory \
        with Leptonica, deterministically for --seed (noise, the keystone's far edge and the \
        smear's direction are drawn per image from it). Reports go to \
        OUT/robustness_<dataset>_<preset>/: one folder per level with its record and summary, \
        and robustness.json (the clean run's /evaluate summary plus a `robustness` object), \
        robustness.csv, robustness.md and robustness.html (a curve per perturbation, the images \
        that broke first with thumbnails). Rerunning resumes: finished levels with the same \
        settings are not read again (--fresh reads everything again).

        Perturbations (--perturb NAME=S1,S2,… ; NAME alone: its default ladder):
        \(Perturbation.allCases.map { p in "  \(p.rawValue): \(p.unit); \(p.accepted)" + (p.defaultSeverities.isEmpty ? "" : "; default \(p.defaultSeverities.map { PerturbationLevel(p, $0).severityText }.joined(separator: ","))") }.joined(separator: "\n"))
        Without --perturb, every perturbation at its default ladder.

        Right per image: a serial's top answer is the truth (an image without a serial: no \
        answer at ≥ 0.8); for permits the curve is exact on permits, with false acceptances \
        and false refusals per severity. The robustness score is the mean over perturbations of \
        the area under accuracy vs severity (clean first, each severity one step), in percent; \
        `scanbench compare` judges it (robustness_score, higher is better) and the confident \
        wrong answers under perturbation (robustness_confident_wrong) beside the clean figures.

        --from DIR… writes the reports again from robustness folders (the shards of a \
        `--shard K/N` run, merged level by level). --write-images DIR writes every perturbed \
        level as files (DIR/<level>/ with its labels.csv; PNG where lossless, JPEG for jpeg and \
        client-compression) instead of evaluating, so `scanbench evaluate` can read the same images.
        """)

    @Option(name: .long, help: "Labelled image folder (labels.csv at its root).")
    var dataset: String?

    @Option(name: .long, help: "etched | screen | sticker | permit | auto. Default: auto.")
    var preset: String = "auto"

    @Option(name: .long, help: "YAML preset file loaded on top of the built-in presets.")
    var presetFile: String?

    @Option(name: .long, parsing: .singleValue, help: "A perturbation and its severities, NAME=S1,S2,… (repeatable); see below.")
    var perturb: [String] = []

    @Option(name: .long, help: "Seed of the perturbations' random parts (unsigned 64-bit).")
    var seed: UInt64 = 1

    @OptionGroup var options: ReadingOptions
    @OptionGroup var history: StoreOptions

    @Option(name: .long, help: "Read only shard K of N of every level (e.g. 2/3); combine the shards' folders with --from.")
    var shard: String?

    @Flag(name: .long, help: "Read every level again, ignoring finished and unfinished records.")
    var fresh = false

    @Flag(name: .long, help: "Print only the robustness JSON path.")
    var quiet = false

    @Option(name: .long, parsing: .upToNextOption, help: "Write the reports again from these robustness folders (merged level by level) into --out.")
    var from: [String] = []

    @Flag(name: .long, help: "With --from: merge even when a level misses shards.")
    var allowPartial = false

    @Option(name: .long, help: "Write the perturbed images as files into this folder instead of evaluating.")
    var writeImages: String?

    /// The plan, checked before any work.
    func plan() throws -> PerturbationPlan {
        do { return try PerturbationPlan(parsing: perturb) } catch { throw ValidationError(error.description) }
    }

    func validate() throws {
        if !from.isEmpty {
            if dataset != nil || !perturb.isEmpty || writeImages != nil || shard != nil {
                throw ValidationError("--from re-renders finished robustness folders: give it alone (with --out, --allow-partial)")
            }
            return
        }
        guard dataset != nil else { throw ValidationError("give --dataset DIR (or --from DIR… to report finished robustness folders)") }
        if allowPartial { throw ValidationError("--allow-partial only applies to --from") }
        _ = try plan()
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() throws {
        Leptonica.silenceMessages()
        if !from.isEmpty { return try report() }
        let setup = try RunSetup.forCommand(dataset: dataset ?? "", preset: preset, presetFile: presetFile)
        var o = RobustnessRun.Options(out: URL(fileURLWithPath: options.out), workers: options.workers, maxPixels: options.maxPixels,
                                      version: ScanBenchVersion.string)
        o.shard = try shard.map { try Shard(parsing: $0) } ?? .all
        o.fresh = fresh
        o.minConfidence = options.minConfidence
        o.seed = seed
        o.plan = try plan()
        let run: RobustnessRun
        do { run = try RobustnessRun(setup: setup, options: o) } catch let e as EvaluateRun.ResumeConflict {
            throw ValidationError(e.description)
        }
        if let writeImages {
            let folders = try run.writeImages(to: URL(fileURLWithPath: writeImages))
            for f in folders { print(f.path) }
            return
        }
        // The run history: each level is a run; never in the way (a store that fails only warns).
        let recorder = history.recorder(out: options.out)
        let stop = StopSignal.install()
        let progress = ProgressSlot()
        let levels = run.levels.count
        let result = Result {
            try run.execute(shouldStop: { stop.requested }, onLevel: { i, level in
                let name = level.level?.description ?? "clean"
                let reused = level.finished != nil
                if !quiet {
                    FileHandle.standardError.write(Data("level \(i + 1)/\(levels) \(name)\(reused ? ": finished earlier, not read again" : "")\n".utf8))
                }
                progress.replace(reused ? nil : Progress(total: level.evaluation.items.count, already: level.evaluation.previous.count,
                                                         quiet: quiet, label: name))
                if !reused {
                    recorder.begin(header: level.evaluation.header, kind: .robustness)
                    recorder.add(level.evaluation.previous)
                }
            }, onRecord: { progress.tick($0); recorder.add($0) })
        }
        progress.replace(nil)
        recorder.flush()
        if case .success(.finished(_, let written)) = result {
            // Every level finished: each takes its summary; the clean run's carries the robustness figures.
            for l in run.levels {
                guard let url = RobustnessRun.finishedRecord(in: l.evaluation.options.out, matching: l.evaluation) else { continue }
                recorder.recordFinished(record: url, summary: l.level == nil ? written.summary : nil, kind: .robustness)
            }
        }
        try finish(result, run: run, stop: stop)
    }

    private func finish(_ result: Result<RobustnessRun.Outcome, any Error>, run: RobustnessRun, stop: StopSignal) throws {
        let outcome: RobustnessRun.Outcome
        do { outcome = try result.get() } catch let e as EvaluateRun.AppendFailed {
            throw ValidationError(e.description)
        } catch let e as EvaluateRun.ReportWriteFailed {
            throw e.underlying
        }
        switch outcome {
        case .stopped(let level, let recorded):
            FileHandle.standardError.write(Data("stopped in level \(level?.description ?? "clean") with \(recorded) images recorded under \(run.folder.path); run the same command again to resume.\n".utf8))
            throw ExitCode(128 + (stop.caught ?? SIGINT))
        case .finished(let summary, let written):
            printOutcome(summary, written)
        }
    }

    private func report() throws {
        do {
            let (summary, written) = try RobustnessRun.merge(folders: from.map { URL(fileURLWithPath: $0) }, out: URL(fileURLWithPath: options.out),
                                                             allowPartial: allowPartial)
            printOutcome(summary, written)
        } catch let e as RobustnessRun.Refused {
            throw ValidationError(e.description)
        }
    }

    private func printOutcome(_ summary: RobustnessSummary, _ written: RobustnessRun.Written) {
        if quiet { print(written.json.path); return }
        print(RobustnessReport.markdown(summary))
        for url in [written.json, written.csv, written.markdown, written.html] { print(url.path) }
    }
}

/// The progress of the level being read, swapped as the run moves from level to level.
final class ProgressSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Progress?

    /// Ends the current level's progress and starts `next`.
    func replace(_ next: Progress?) {
        lock.lock(); defer { lock.unlock() }
        current?.finish()
        current = next
    }

    func tick(_ r: SampleRecord) {
        lock.lock(); let p = current; lock.unlock()
        p?.tick(r)
    }
}
