import Evaluation
import Foundation
import Harness
import Imaging
import SerialReading

/// Everything `scanbench serve` is started with.
public struct ServerConfiguration: Sendable {
    /// Interface to listen on; `127.0.0.1` keeps the server off the network.
    public var host: String = "127.0.0.1"
    /// Port; 0 picks a free one (tests).
    public var port: Int = 8000
    /// The only folder tree `/evaluate?dir=` may read.
    public var datasetsRoot: URL
    /// Where `/evaluate` writes its reports (as `scanbench evaluate --out`).
    public var reportsDir: URL
    /// When set, endpoints that start work require `Authorization: Bearer <apiKey>`.
    public var apiKey: String?
    /// Upload cap (bytes); larger bodies are refused with 413.
    public var maxUploadBytes: Int = 10 * 1_048_576
    /// Worker threads, each with its own Tesseract engine.
    public var workers: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Requests that may wait while every worker is busy; more get 503 with `Retry-After`.
    public var queueSize: Int = 32
    /// `/scan` jobs kept in memory (finished ones are forgotten first).
    public var maxJobs: Int = 1000
    /// Time limit (seconds) of a synchronous read (`/process-serial`, `/permit`), queue wait included.
    public var requestTimeout: Double = 60
    /// Time limit (seconds) of one `/evaluate` run.
    public var evaluationTimeout: Double = 900
    /// Worker threads of one `/evaluate` run (one evaluation runs at a time).
    public var evaluationWorkers: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Time limit (seconds) for a request's whole body to arrive; a slower upload is cut with 408.
    public var bodyTimeout: Double = 30
    /// A connection idle this long (seconds) is closed.
    public var idleTimeout: Double = 30
    /// The run history store (SQLite) the server records its reads, jobs and `/evaluate` runs
    /// in, and `/export` reads; `nil` runs without one. A store that cannot be opened leaves
    /// the server running without it (`ScanServer.storeProblem`).
    public var storePath: String?
    /// Refuse images with more pixels than this.
    public var maxPixels: Int = Image.defaultMaxPixels
    /// ScanBench's version, as `/health` and the reports state it.
    public var version: String
    /// The serial presets.
    public var catalog: PresetCatalog
    /// Makes a worker's serial scanner (called on that worker's thread).
    public var makeSerialScanner: @Sendable () throws -> any SerialScanning
    /// Makes a worker's permit reader; `nil` until the permit pipeline is bound (`/permit` then answers 501).
    public var makePermitReader: (@Sendable () throws -> any PermitReader)?
    /// Makes an `/evaluate` worker's reader from the run's reader settings; by default the
    /// CLI's (`SampleReaderFactory.make()`: the serial or the permit pipeline).
    public var makeEvaluationReader: @Sendable (SampleReaderFactory) throws -> any SampleReader

    /// A configuration with the built-in readers over `catalog`.
    public init(datasetsRoot: URL, reportsDir: URL, version: String, catalog: PresetCatalog) {
        self.datasetsRoot = datasetsRoot
        self.reportsDir = reportsDir
        self.version = version
        self.catalog = catalog
        let maxPixels = Image.defaultMaxPixels
        self.makeSerialScanner = { try TesseractSerialScanner(catalog: catalog, maxPixels: maxPixels) }
        self.makePermitReader = nil
        self.makeEvaluationReader = { try $0.make() }
    }
}
