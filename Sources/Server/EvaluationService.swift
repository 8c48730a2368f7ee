import Evaluation
import Foundation
import Harness
import Reporting
import RunStore

/// Runs `/evaluate` (one run at a time, on threads of its own) through the same set-up and
/// flow as `scanbench evaluate`, and keeps the latest run's records for `/export`.
final class EvaluationService: @unchecked Sendable {
    private let config: ServerConfiguration
    private let lock = NSLock()
    private var busy = false
    private var latest: EvaluationSummary?
    /// The run history each finished run is recorded in, when the server has one.
    private let store: RunStore?

    init(config: ServerConfiguration, store: RunStore? = nil) {
        self.config = config
        self.store = store
    }

    /// Evaluates `dir` (relative to the datasets root) and returns the `/evaluate` JSON, the
    /// same the CLI writes; the reports are written into the reports folder as the CLI names them.
    func evaluate(dir: String, preset name: String, minConfidence: Double?, clientCompression: Bool = false) async throws -> JSONValue {
        let folder: URL
        do { folder = try DatasetPath.resolve(dir, under: config.datasetsRoot) } catch {
            switch error {
            case .invalid(let m): throw APIError(.badRequest, "INVALID_PATH", m)
            case .outsideRoot(let m): throw APIError(.forbidden, "PATH_OUTSIDE_ROOT", m)
            case .notFound(let m): throw APIError(.notFound, "DATASET_NOT_FOUND", m)
            }
        }
        let preset: PresetChoice
        do { preset = try PresetChoice(parsing: name, catalog: config.catalog) } catch {
            throw APIError.invalidParameter("preset", error.description)
        }
        guard claim() else { throw APIError.busy("An evaluation is already running", retryAfter: 30) }
        let stop = StopFlag()
        let config = self.config
        do {
            return try await withTimeLimit(config.evaluationTimeout) {
                try await offload("sb-evaluate", onCancel: stop.set) { [self] in
                    defer { lock.lock(); busy = false; lock.unlock() }
                    return try run(folder: folder, preset: preset, minConfidence: minConfidence, clientCompression: clientCompression, stop: stop)
                }
            }
        } catch is TimeLimitExceeded {
            stop.set()
            throw APIError(.gatewayTimeout, "EVALUATION_TIMEOUT",
                           "The evaluation did not finish within \(Int(config.evaluationTimeout)) s; evaluate a smaller folder")
        }
    }

    /// Takes the one evaluation slot; `false` when a run holds it.
    private func claim() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard !busy else { return false }
        busy = true
        return true
    }

    /// The blocking run: set up, read, write the record and the reports. Each request starts
    /// afresh; a stopped or failed run leaves no record behind.
    private func run(folder: URL, preset: PresetChoice, minConfidence: Double?, clientCompression: Bool, stop: StopFlag) throws -> JSONValue {
        // labels.csv is read by the set-up: it must not be a link to a file outside the root either.
        if let labels = DatasetPath.realPath(folder.appendingPathComponent("labels.csv").path),
           let root = DatasetPath.realPath(config.datasetsRoot.path), !DatasetPath.isInside(labels, root) {
            throw APIError(.forbidden, "PATH_OUTSIDE_ROOT", "labels.csv of this folder resolves (through a symlink) outside the datasets root")
        }
        let setup: RunSetup
        do { setup = try RunSetup(dataset: folder.path, preset: preset, catalog: config.catalog, clientCompression: clientCompression) } catch let e as RunSetup.UnreadableLabels {
            throw APIError(.badRequest, "INVALID_DATASET", e.description)
        } catch let e as DatasetWalker.WalkError {
            throw APIError(.notFound, "DATASET_NOT_FOUND", e.description)
        }
        var options = EvaluateRun.Options(out: config.reportsDir, workers: max(1, config.evaluationWorkers), maxPixels: config.maxPixels,
                                          version: config.version)
        options.fresh = true
        options.minConfidence = minConfidence
        options.extraSettings = ["source": "scanbench serve"]
        let evaluation = try EvaluateRun(setup: setup, options: options)
        // The run history, as `scanbench evaluate` records it: never in the way of the run.
        let recorder = RunRecorder(store: store) { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) }
        recorder.begin(header: evaluation.header, kind: .evaluate)
        let outcome: EvaluateRun.Outcome
        do {
            // Each image must resolve inside the root too, not only the folder asked for.
            let makeReader = config.makeEvaluationReader, root = DatasetPath.realPath(config.datasetsRoot.path) ?? config.datasetsRoot.path
            outcome = try evaluation.execute(shouldStop: { stop.isSet }, onRecord: { recorder.add($0) }, build: { factory in
                RootConfinedReader(try makeReader(factory), root: root, preset: factory.preset.name)
            })
        } catch let e as EvaluationRunner.SetupError {
            try? FileManager.default.removeItem(at: evaluation.partialURL)
            throw APIError(.internalServerError, "OCR_ENGINE_ERROR", "The evaluation could not start: \(e.description)")
        } catch let e as EvaluateRun.AppendFailed {
            try? FileManager.default.removeItem(at: evaluation.partialURL)
            throw APIError(.internalServerError, "REPORT_WRITE_FAILED", "Cannot write the run's record: \(e.description)")
        } catch let e as EvaluateRun.ReportWriteFailed {
            throw APIError(.internalServerError, "REPORT_WRITE_FAILED", "Cannot write the reports into the reports folder: \(e.description)")
        }
        switch outcome {
        case .stopped:
            try? FileManager.default.removeItem(at: evaluation.partialURL)
            throw CancellationError()
        case .finished(let summary, let written):
            recorder.finish(summary: written.summary, finishedAt: summary.info.finishedAt, recordPath: ReportPaths(sibling: written.json).records.path)
            lock.lock(); latest = summary; lock.unlock()
            return written.summary
        }
    }

    /// The latest evaluation: this process's, else the newest record in the reports folder.
    func latestSummary() throws -> EvaluationSummary {
        lock.lock()
        let current = latest
        lock.unlock()
        if let current { return current }
        let fm = FileManager.default
        let names = (try? fm.contentsOfDirectory(atPath: config.reportsDir.path)) ?? []
        let newest = names.filter { $0.hasPrefix("eval_") && $0.hasSuffix(".records.jsonl") }
            .map { config.reportsDir.appendingPathComponent($0) }
            .max { (modified($0) ?? .distantPast) < (modified($1) ?? .distantPast) }
        guard let newest else {
            throw APIError(.notFound, "NO_EVALUATION", "No evaluation to export yet; run GET /evaluate?dir=… first")
        }
        do { return try RunArchive.load(records: newest, json: nil).summary } catch {
            throw APIError(.internalServerError, "REPORT_READ_FAILED", "Cannot read the latest evaluation: \(error.description)")
        }
    }

    private func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}

/// A flag set once, from any thread.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
