import Dispatch
import Foundation

/// Reads one image. Each worker thread gets its own reader from the factory, so a reader may
/// own non-thread-safe state (a Tesseract engine) without locks.
public protocol SampleReader: AnyObject {
    /// Reads the image at `item`; never throws — failures are returned as an outcome's error.
    func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome
    /// Reads an image held in memory (`data` is what its file would hold) and records it as
    /// `item`; never throws, like `read(_:label:)`.
    func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome
}

/// Runs a reader over a dataset listing with N worker threads.
public struct EvaluationRunner: Sendable {
    /// Makes a reader; called once on each worker thread.
    public typealias ReaderFactory = @Sendable () throws -> any SampleReader
    /// Makes a source of in-memory images; called once on each worker thread.
    public typealias SourceFactory = @Sendable () throws -> any SampleSource

    public var workers: Int
    public var makeReader: ReaderFactory
    /// Where images come from when they are not files: `nil` reads each item's file.
    public var makeSource: SourceFactory?

    public init(workers: Int, makeReader: @escaping ReaderFactory, makeSource: SourceFactory? = nil) {
        precondition(workers >= 1, "at least one worker")
        self.workers = workers
        self.makeReader = makeReader
        self.makeSource = makeSource
    }

    /// The run could not start (no worker could create its reader), or its source could not
    /// make an image (the run stopped there; the records made so far were delivered).
    public struct SetupError: Error, CustomStringConvertible, Sendable { public var description: String }

    /// Runs every item; `onRecord` is called (serialised, from worker threads) as each finishes.
    /// `shouldStop` is polled between images (Ctrl-C). Returns the records in completion order.
    public func run(_ items: [DatasetItem], labels: Labels,
                    shouldStop: @escaping @Sendable () -> Bool = { false },
                    onRecord: @escaping @Sendable (SampleRecord) -> Void = { _ in }) throws(SetupError) -> [SampleRecord] {
        let state = RunState(items: items)
        let n = max(1, min(workers, items.count))
        DispatchQueue.concurrentPerform(iterations: n) { _ in
            let reader: any SampleReader
            let source: (any SampleSource)?
            do {
                reader = try makeReader()
                source = try makeSource?()
            } catch {
                state.setupFailed("\(error)")
                return
            }
            state.readerReady()
            while !shouldStop(), !state.sourceFailed, let item = state.next() {
                let label: LabelRow?
                let outcome: SampleOutcome
                // Latency is the reader's (decode + pipeline): drawing an in-memory image is not.
                let start: UInt64
                if let source {
                    let sample: SourcedSample
                    do { sample = try source.load(item) } catch {
                        state.sourceFailed(item.relativePath, error)
                        break
                    }
                    label = sample.label ?? labels.lookup(relativePath: item.relativePath)
                    start = DispatchTime.now().uptimeNanoseconds
                    outcome = sample.readFromFile ? reader.read(item, label: label) : reader.read(sample.data, as: item, label: label)
                } else {
                    label = labels.lookup(relativePath: item.relativePath)
                    start = DispatchTime.now().uptimeNanoseconds
                    outcome = reader.read(item, label: label)
                }
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                let record = SampleRecord(
                    filename: item.url.lastPathComponent, relativePath: item.relativePath,
                    groundTruth: label?.truth, kind: label?.kind,
                    deviceType: label?.extra["device_type"].flatMap { $0.isEmpty ? nil : $0 },
                    labelExtras: label?.extra ?? [:], outcome: outcome, latencyMs: ms, finishedAt: Date())
                state.finish(record, onRecord)
            }
        }
        if let err = state.fatal { throw SetupError(description: "no worker could start: \(err)") }
        if let err = state.sourceError { throw SetupError(description: err) }
        return state.records
    }
}

/// Shared, lock-protected progress of one run.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private let items: [DatasetItem]
    private var cursor = 0
    private var done: [SampleRecord] = []
    private var ready = 0
    private var setupError: String?
    private var loadError: String?

    init(items: [DatasetItem]) { self.items = items }

    func next() -> DatasetItem? {
        lock.lock(); defer { lock.unlock() }
        guard cursor < items.count else { return nil }
        defer { cursor += 1 }
        return items[cursor]
    }

    func finish(_ r: SampleRecord, _ callback: @Sendable (SampleRecord) -> Void) {
        lock.lock(); defer { lock.unlock() }
        done.append(r)
        callback(r)
    }

    func readerReady() { lock.lock(); ready += 1; lock.unlock() }
    func setupFailed(_ e: String) { lock.lock(); setupError = e; lock.unlock() }
    /// Keeps the first source failure; every worker stops at its next image.
    func sourceFailed(_ path: String, _ e: any Error) {
        lock.lock(); defer { lock.unlock() }
        if loadError == nil { loadError = "cannot make image \(path): \(e)" }
    }
    var sourceFailed: Bool { lock.lock(); defer { lock.unlock() }; return loadError != nil }
    var sourceError: String? { lock.lock(); defer { lock.unlock() }; return loadError }

    var records: [SampleRecord] { lock.lock(); defer { lock.unlock() }; return done }
    /// Set only when no worker started and there was work to do.
    var fatal: String? {
        lock.lock(); defer { lock.unlock() }
        return ready == 0 && !items.isEmpty ? setupError : nil
    }
}
