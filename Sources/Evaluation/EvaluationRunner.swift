import Dispatch
import Foundation

/// Reads one image. Each worker thread gets its own reader from the factory, so a reader may
/// own non-thread-safe state (a Tesseract engine) without locks.
public protocol SampleReader: AnyObject {
    /// Reads the image at `item`; never throws — failures are returned as an outcome's error.
    func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome
}

/// Runs a reader over a dataset listing with N worker threads.
public struct EvaluationRunner: Sendable {
    /// Makes a reader; called once on each worker thread.
    public typealias ReaderFactory = @Sendable () throws -> any SampleReader

    public var workers: Int
    public var makeReader: ReaderFactory

    public init(workers: Int, makeReader: @escaping ReaderFactory) {
        precondition(workers >= 1, "at least one worker")
        self.workers = workers
        self.makeReader = makeReader
    }

    /// The run could not start (no worker could create its reader).
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
            do { reader = try makeReader() } catch {
                state.setupFailed("\(error)")
                return
            }
            state.readerReady()
            while !shouldStop(), let item = state.next() {
                let label = labels.lookup(relativePath: item.relativePath)
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = reader.read(item, label: label)
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

    var records: [SampleRecord] { lock.lock(); defer { lock.unlock() }; return done }
    /// Set only when no worker started and there was work to do.
    var fatal: String? {
        lock.lock(); defer { lock.unlock() }
        return ready == 0 && !items.isEmpty ? setupError : nil
    }
}
