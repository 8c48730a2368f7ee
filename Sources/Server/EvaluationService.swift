import Evaluation
import Foundation
import Reporting

/// Runs `/evaluate` (one run at a time, on threads of its own) and keeps the latest run's
/// records for `/export`.
final class EvaluationService: @unchecked Sendable {
    private let config: ServerConfiguration
    private let lock = NSLock()
    private var busy = false
    private var latest: EvaluationSummary?

    init(config: ServerConfiguration) { self.config = config }

    /// Evaluates `dir` (relative to the datasets root) and returns the `/evaluate` JSON, the
    /// same the CLI writes; the reports are written into the reports folder as the CLI names them.
    func evaluate(dir: String, preset: String, minConfidence: Double?) async throws -> JSONValue {
        let folder: URL
        do { folder = try DatasetPath.resolve(dir, under: config.datasetsRoot) } catch {
            switch error {
            case .invalid(let m): throw APIError(.badRequest, "INVALID_PATH", m)
            case .outsideRoot(let m): throw APIError(.forbidden, "PATH_OUTSIDE_ROOT", m)
            case .notFound(let m): throw APIError(.notFound, "DATASET_NOT_FOUND", m)
            }
        }
        guard preset == "auto" || config.catalog.presets[preset] != nil else {
            throw APIError.invalidParameter("preset", "'\(preset)' is not one of auto, \(config.catalog.presets.keys.sorted().joined(separator: ", "))")
        }
        guard claim() else { throw APIError.busy("An evaluation is already running", retryAfter: 30) }
        let stop = StopFlag()
        let config = self.config
        do {
            return try await withTimeLimit(config.evaluationTimeout) {
                try await offload("sb-evaluate", onCancel: stop.set) { [self] in
                    defer { lock.lock(); busy = false; lock.unlock() }
                    return try run(folder: folder, preset: preset, minConfidence: minConfidence, stop: stop)
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

    /// The blocking run: walk, read, write the record and the reports.
    private func run(folder: URL, preset: String, minConfidence: Double?, stop: StopFlag) throws -> JSONValue {
        let setup: RunAssembly
        do { setup = try RunAssembly(dataset: folder.path, presetName: preset, catalog: config.catalog) } catch let e as RunAssembly.Invalid {
            throw APIError(.badRequest, "INVALID_DATASET", e.description)
        } catch let e as DatasetWalker.WalkError {
            throw APIError(.notFound, "DATASET_NOT_FOUND", e.description)
        }
        let started = Date()
        let workers = max(1, config.evaluationWorkers)
        var header = RecordHeader(info: setup.info(minConfidence: minConfidence, workers: workers, startedAt: started, version: config.version),
                                  shard: .all, settings: ["max_pixels": String(config.maxPixels), "source": "scanbench serve"],
                                  datasetImages: setup.listing.items.count, shardImages: setup.listing.items.count)
        let paths = RunAssembly.freshPaths(folder: config.reportsDir, name: setup.datasetBaseName, date: started)
        let log = try RecordLog(url: paths.records, header: header)
        let catalog = config.catalog, make = config.makeEvaluationReader, maxPixels = config.maxPixels
        let runner = EvaluationRunner(workers: workers) { try make(catalog, preset, minConfidence, maxPixels) }
        let failure = FirstError()
        let records: [SampleRecord]
        do {
            records = try runner.run(setup.listing.items, labels: setup.labels, shouldStop: { stop.isSet || failure.error != nil },
                                     onRecord: { r in do { try log.append(r) } catch { failure.set(error) } })
        } catch {
            try? FileManager.default.removeItem(at: paths.records)
            throw APIError(.internalServerError, "OCR_ENGINE_ERROR", "The evaluation could not start: \(error.description)")
        }
        log.flush()
        if stop.isSet || failure.error != nil {
            try? FileManager.default.removeItem(at: paths.records)
            if let e = failure.error { throw APIError(.internalServerError, "REPORT_WRITE_FAILED", "Cannot write the run's record: \(e.localizedDescription)") }
            throw CancellationError()
        }
        header.info.finishedAt = Date()
        let summary = EvaluationSummary(info: header.info, records: records)
        let written: ReportWriter.Written
        do { written = try ReportWriter.writeEvaluate(summary, paths: paths) } catch {
            throw APIError(.internalServerError, "REPORT_WRITE_FAILED", "Cannot write the reports into the reports folder: \(error)")
        }
        lock.lock(); latest = summary; lock.unlock()
        return written.summary
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

/// The first error reported, from any thread.
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any Error)?
    func set(_ e: any Error) { lock.lock(); if first == nil { first = e }; lock.unlock() }
    var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return first }
}
