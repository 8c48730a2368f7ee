import Foundation
import Hummingbird
import Logging
import NIOCore
import RunStore

/// The HTTP face of ScanBench: the backend's endpoints (`/health`, `/params`, `/evaluate`,
/// `/export`, `/process-serial`, `/scan`, `/result/{job_id}`, `/jobs/{job_id}`, `/permit`) over
/// one worker pool, and their contract (`/openapi.json`, `/docs`). `router()` is what `app.test(.router)` drives; `application()` serves it.
public final class ScanServer: Sendable {
    public let config: ServerConfiguration
    let pool: WorkerPool
    let jobs: JobStore
    let evaluations: EvaluationService
    /// The run history, when `config.storePath` is set and it opened.
    let store: RunStore?
    /// Why the store at `config.storePath` is not used (it could not be opened, or its jobs
    /// could not be read back); `nil` when it is, or when there is none.
    public let storeProblem: String?

    /// Opens the store, fails the jobs a previous process left unfinished and loads the kept
    /// ones back, then starts the worker threads (their engines are created on first use).
    public init(config: ServerConfiguration) {
        precondition(config.workers >= 1 && config.queueSize >= 0, "at least one worker and a non-negative queue")
        self.config = config
        var store: RunStore?, problem: String?
        if let path = config.storePath {
            do { store = try RunStore(path: path) } catch {
                problem = "the run history store cannot be opened (\(error.description)); reads are not saved and /export reads only the latest evaluation"
            }
        }
        let serial = config.makeSerialScanner, permit = config.makePermitReader
        self.pool = WorkerPool(workers: config.workers, capacity: config.queueSize) { i in
            WorkerContext(index: i, makeSerial: serial, makePermit: permit)
        }
        let jobs = JobStore(capacity: max(1, config.maxJobs), store: store)
        if store != nil, let failure = jobs.restore() {
            problem = "the jobs of the run history store cannot be read back (\(failure)); jobs of earlier runs are not answered"
        }
        self.jobs = jobs
        self.store = store
        self.storeProblem = problem
        self.evaluations = EvaluationService(config: config, store: store)
    }

    /// Stops the worker threads once their queue is empty, and waits for the jobs' store writes
    /// queued so far.
    public func shutdown() {
        pool.shutdown()
        jobs.flush()
    }

    /// The routes, behind the middleware that answers every error in the contract's body.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: ErrorMiddleware())
        router.get("/health") { _, _ in self.health() }
        router.get("/params") { request, _ in try self.params(request) }
        router.get("/result/:job_id") { _, context in try self.result(context.parameters.get("job_id") ?? "") }
        router.get("/openapi.json") { _, _ in try self.openAPIDocument() }
        router.get("/docs") { _, _ in try self.docsPage() }
        // The endpoints that start (or cancel) work need the API key, when one is set.
        router.group()
            .add(middleware: BearerAuthMiddleware(key: config.apiKey))
            .get("/evaluate") { request, _ in try await self.evaluate(request) }
            .get("/export") { request, _ in try await self.export(request) }
            .post("/process-serial") { request, _ in try await self.processSerial(request) }
            .post("/scan") { request, _ in try await self.scan(request) }
            .delete("/jobs/:job_id") { _, context in try self.deleteJob(id: context.parameters.get("job_id") ?? "") }
            .post("/permit") { request, _ in try await self.permit(request) }
        // Last, so it wraps only the not-found responder: a known path with another method is a 405.
        router.add(middleware: MethodNotAllowedMiddleware(table: RouteTable(router)))
        return router
    }

    /// The server on `config.host:config.port`; `onRunning` receives the bound port.
    public func application(logger: Logger? = nil, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(router: router(),
                    server: .http1(configuration: .init(idleTimeout: .milliseconds(Int64(config.idleTimeout * 1000)))),
                    configuration: .init(address: .hostname(config.host, port: config.port), serverName: "scanbench/\(config.version)"),
                    onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                    logger: logger)
    }

    // MARK: - Shared checks

    /// A query parameter, percent-decoded.
    static func query(_ request: Request, _ name: String) -> String? {
        request.uri.queryParameters[name[...]].map(String.init)
    }

    /// Runs `work` on a worker within the request time limit; a full queue is a 503.
    func onWorker<T: Sendable>(_ work: @escaping @Sendable (WorkerContext) throws -> T) async throws -> T {
        do {
            return try await withTimeLimit(config.requestTimeout) { try await self.pool.run(work) }
        } catch let full as WorkerPool.Full {
            throw APIError.busy("All \(pool.workers) workers are busy and \(pool.capacity) requests are waiting", retryAfter: full.retryAfter)
        } catch is TimeLimitExceeded {
            throw APIError(.gatewayTimeout, "REQUEST_TIMEOUT", "The request did not finish within \(Int(config.requestTimeout)) s")
        }
    }
}
