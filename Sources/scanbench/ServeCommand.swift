import ArgumentParser
import Foundation
import Harness
import Imaging
import Logging
import PermitReading
import Server

/// `scanbench serve`: the backend's endpoints over HTTP (Hummingbird).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve /health, /params, /evaluate, /export, /process-serial, /scan, /result, /jobs and /permit over HTTP.",
        discussion: """
        Listens on --host:--port (loopback by default). /evaluate reads only folders under \
        --datasets-root and writes its reports into --reports-dir. OCR runs on --workers \
        dedicated threads, each with its own Tesseract engine; up to --queue-size requests wait \
        for one, more are refused with 503 and Retry-After. With --api-key (or SCANBENCH_API_KEY), \
        the endpoints that start work require `Authorization: Bearer <key>`. SIGINT/SIGTERM stop \
        it gracefully.

        The run history store (--store PATH, default REPORTS_DIR/history.sqlite, as \
        `scanbench evaluate --out REPORTS_DIR` records into; --no-store for none) receives every \
        read of /process-serial and /scan (answered saved/saved_to_database true), every \
        /scan job (a finished job still answers after a restart; an unfinished one is failed) \
        and every /evaluate run; /export then lists the reads and runs across the store. A store \
        that cannot be opened only warns: the server runs without it.
        """)

    @Option(name: .long, help: "Interface to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port (0 picks a free one and prints it).")
    var port = 8000

    @Option(name: .customLong("datasets-root"), help: "The only folder tree /evaluate?dir= may read.")
    var datasetsRoot = "Datasets"

    @Option(name: .customLong("reports-dir"), help: "Where /evaluate writes its reports.")
    var reportsDir = "Reports/server"

    @Option(name: .customLong("api-key"), help: "Require Authorization: Bearer KEY on endpoints that start work (default: $SCANBENCH_API_KEY).")
    var apiKey: String?

    @Option(name: .customLong("max-upload-mb"), help: "Refuse uploads larger than this (413).")
    var maxUploadMB: Double = 10

    @Option(name: .long, help: "OCR worker threads, each with its own Tesseract engine; the default is this machine's core count.")
    var workers = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("queue-size"), help: "Requests that may wait for a worker; more get 503.")
    var queueSize = 32

    @Option(name: .customLong("request-timeout"), help: "Seconds a /process-serial or /permit request may take, waiting included (504 after).")
    var requestTimeout: Double = 60

    @Option(name: .customLong("evaluate-timeout"), help: "Seconds one /evaluate run may take (504 after).")
    var evaluateTimeout: Double = 900

    @Option(name: .customLong("preset-file"), help: "YAML preset file loaded on top of the built-in presets.")
    var presetFile: String?

    @OptionGroup var history: StoreOptions

    func validate() throws {
        guard (1...65535).contains(port) || port == 0 else { throw ValidationError("--port must be within 0…65535") }
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        guard queueSize >= 0 else { throw ValidationError("--queue-size must not be negative") }
        guard maxUploadMB > 0 else { throw ValidationError("--max-upload-mb must be positive") }
        guard requestTimeout > 0, evaluateTimeout > 0 else { throw ValidationError("time limits must be positive") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: datasetsRoot, isDirectory: &isDir), isDir.boolValue else {
            throw ValidationError("--datasets-root \(datasetsRoot) is not a folder")
        }
    }

    func run() async throws {
        Leptonica.silenceMessages()
        let root = URL(fileURLWithPath: datasetsRoot).standardizedFileURL
        var config = ServerConfiguration(datasetsRoot: root, reportsDir: URL(fileURLWithPath: reportsDir).standardizedFileURL,
                                         version: ScanBenchVersion.string, catalog: try RunSetup.catalog(presetFile: presetFile))
        config.host = host
        config.port = port
        config.apiKey = apiKey ?? ProcessInfo.processInfo.environment["SCANBENCH_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        config.maxUploadBytes = Int(maxUploadMB * 1_048_576)
        config.workers = workers
        config.evaluationWorkers = workers
        config.queueSize = queueSize
        config.requestTimeout = requestTimeout
        config.evaluationTimeout = evaluateTimeout
        config.makePermitReader = { try PermitSampleReader(clientCompression: false) }
        // OUT is the reports folder, as for `scanbench evaluate --out`.
        config.storePath = history.path(out: reportsDir)
        let server = ScanServer(config: config)
        if let problem = server.storeProblem {
            FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
        } else if let path = config.storePath {
            FileHandle.standardError.write(Data("scanbench serve: run history in \(path)\n".utf8))
        }
        var logger = Logger(label: "scanbench.serve")
        logger.logLevel = .info
        let host = host, workers = workers, keyed = config.apiKey != nil
        let app = server.application(logger: logger) { bound in
            // On stderr, unbuffered: scripts wait for this line to learn the port.
            FileHandle.standardError.write(Data("scanbench serve: listening on http://\(host):\(bound) (datasets root \(root.path), \(workers) workers\(keyed ? ", API key required" : ""))\n".utf8))
        }
        defer { server.shutdown() }
        do { try await app.runService() } catch {
            throw ValidationError("the server stopped: \(error)")
        }
    }
}
