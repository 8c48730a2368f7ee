import Dispatch
import Evaluation
import Foundation
import Hummingbird
import RunStore

extension ScanServer {
    /// The knobs of a serial request: query parameters first (an empty one counts as unset),
    /// then form fields. The form fields are checked on their own too, so a bad value is a 400
    /// even where the query overrides it (`make fuzz-server` found `max_processing_time=0` in the
    /// form silently ignored under `?max_processing_time=0.1`).
    private func options(_ request: Request, _ upload: Upload) throws -> ScanOptions {
        let query = request.uri.queryParameters
        _ = try ScanOptions.parse({ upload.fields[$0] }, catalog: config.catalog, maxProcessingTime: config.requestTimeout)
        return try ScanOptions.parse({ name in query[name[...]].flatMap { $0.isEmpty ? nil : String($0) } ?? upload.fields[name] },
                                     catalog: config.catalog, maxProcessingTime: config.requestTimeout)
    }

    /// `POST /process-serial`: reads the multipart `image` now and answers
    /// `{"serials", "saved", "debug", "persisted"}`, or `NO_TEXT_DETECTED` (422) when nothing was read.
    func processSerial(_ request: Request) async throws -> Response {
        var request = request
        let upload = try await Upload.read(&request, maxBytes: config.maxUploadBytes, bodyTimeout: config.bodyTimeout)
        let options = try options(request, upload)
        let image = upload.image
        let (outcome, seconds) = try await onWorker { context in
            let start = DispatchTime.now().uptimeNanoseconds
            let o = try context.serial().scan(image, options: options)
            return (o, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        if let refusal = ScanResultJSON.refusal(outcome) { throw refusal }
        let saved = await record(ScanResultJSON.scanRead(outcome, options: options, endpoint: "process-serial"))
        return JSONResponse.make(ScanResultJSON.processSerial(outcome, seconds: seconds, saved: saved))
    }

    /// Saves `read` to the run history store off the event loop; `false` without a store or
    /// when the write fails (the read is still answered).
    func record(_ read: ScanRead) async -> Bool {
        guard let store else { return false }
        return (try? await offload("sb-record") { try store.recordScan(read) }) != nil
    }

    /// `POST /scan`: queues the multipart `image` as a job and answers at once with its id;
    /// `GET /result/{job_id}` follows it. A full queue is a 503 with `Retry-After`.
    func scan(_ request: Request) async throws -> Response {
        var request = request
        let upload = try await Upload.read(&request, maxBytes: config.maxUploadBytes, bodyTimeout: config.bodyTimeout)
        let options = try options(request, upload)
        guard let job = jobs.create() else {
            throw APIError.busy("\(jobs.capacity) scan jobs are unfinished", retryAfter: 5)
        }
        let image = upload.image, jobs = self.jobs, id = job.id, store = self.store
        do {
            try pool.submit { context in
                // A job deleted while it waited is skipped.
                guard jobs.update(id, { $0.status = .processing; $0.progress = 10; $0.message = "Reading the image" }) else { return }
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome: SampleOutcome
                do { outcome = try context.serial().scan(image, options: options) } catch {
                    outcome = .failure(SampleError(kind: "engine_error", message: "\(error)"), preset: options.preset ?? "auto")
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                // A read is saved unless refused, or its job was deleted meanwhile.
                var saved = false
                if let store, ScanResultJSON.refusal(outcome) == nil, jobs.get(id) != nil {
                    saved = (try? store.recordScan(ScanResultJSON.scanRead(outcome, options: options, endpoint: "scan", jobId: id))) != nil
                }
                jobs.update(id) { job in
                    job.progress = 100
                    if let refusal = ScanResultJSON.refusal(outcome) {
                        job.status = .failed
                        job.message = refusal.detail
                        job.error = "\(refusal.code): \(refusal.detail)"
                    } else {
                        job.status = .completed
                        job.message = "Successfully detected \(outcome.candidates.count) serial numbers"
                        job.results = ScanResultJSON.jobResults(outcome, seconds: seconds, saved: saved)
                    }
                }
            }
        } catch {
            _ = jobs.remove(id)
            throw APIError.busy("All \(pool.workers) workers are busy and \(pool.capacity) requests are waiting", retryAfter: error.retryAfter)
        }
        let position = max(1, pool.waiting)
        return JSONResponse.make(.object([
            ("job_id", .string(id)), ("status", .string(JobStore.Status.queued.rawValue)), ("message", .string(job.message)),
            ("queue_position", .int(position)),
            ("estimated_wait_time", .string("\(max(1, position * 2 / max(1, pool.workers))) seconds")),
            ("check_status_url", .string("/result/\(id)")),
        ]))
    }

    /// `GET /result/{job_id}`: the job's status, progress and, once completed, its results.
    func result(_ id: String) throws -> Response {
        guard let job = jobs.get(id) else { throw APIError(.notFound, "JOB_NOT_FOUND", "No job '\(id)' (unknown, deleted, or expired)") }
        return JSONResponse.make(job.json)
    }

    /// `DELETE /jobs/{job_id}`: forgets the job; one still queued is skipped, one being read
    /// finishes and its result is dropped.
    func deleteJob(id: String) throws -> Response {
        guard let job = jobs.remove(id) else { throw APIError(.notFound, "JOB_NOT_FOUND", "No job '\(id)' (unknown, deleted, or expired)") }
        return JSONResponse.make(.object([("job_id", .string(id)), ("deleted", .bool(true)), ("status", .string(job.status.rawValue)),
                                          ("message", .string("Job deleted"))]))
    }
}
