import Dispatch
import Foundation

/// A fixed set of dedicated threads, each owning a `WorkerContext`, fed from one bounded FIFO.
/// OCR runs here rather than on NIO's event loops or Swift's cooperative pool: a read holds its
/// thread for tens of milliseconds to seconds, which would stall every other connection there.
public final class WorkerPool: @unchecked Sendable {
    /// The queue already holds `capacity` waiting jobs.
    public struct Full: Error, Sendable {
        /// A hint for `Retry-After`, from the recent job durations and the queue length.
        public var retryAfter: Int
    }

    public let workers: Int
    /// Jobs that may wait while every worker is busy; one more is refused with `Full`.
    public let capacity: Int
    private let condition = NSCondition()
    private var queue: [@Sendable (WorkerContext) -> Void] = []
    private var head = 0
    private var active = 0
    private var stopped = false
    /// Exponentially weighted mean job duration, seconds.
    private var meanSeconds = 1.0

    /// Starts `workers` threads; `makeContext(i)` runs on thread `i` before its first job.
    public init(workers: Int, capacity: Int, makeContext: @escaping @Sendable (Int) -> WorkerContext) {
        precondition(workers >= 1 && capacity >= 0, "at least one worker and a non-negative queue")
        self.workers = workers
        self.capacity = capacity
        for i in 0..<workers {
            let thread = Thread { [self] in
                // Named from inside: on Linux a name set before `start()` is not applied, and
                // the thread keeps its creator's (at most 15 characters are kept).
                Thread.current.name = "sb-worker-\(i)"
                Thread.current.threadDictionary[WorkerPool.workerIndexKey] = i
                self.loop(makeContext(i))
            }
            thread.stackSize = 8 << 20  // Tesseract recurses deeply on large pages
            thread.start()
        }
    }

    /// Key of the worker index in a pool thread's `threadDictionary` (the pthread name on Linux
    /// can still show the creator's name when read back, so it is not a reliable marker).
    public static let workerIndexKey = "scanbench.worker-index"

    /// The pool worker index of the calling thread, `nil` off the pool.
    public static var currentWorkerIndex: Int? { Thread.current.threadDictionary[workerIndexKey] as? Int }

    /// Jobs waiting for a worker.
    public var waiting: Int { condition.lock(); defer { condition.unlock() }; return queue.count - head }
    /// Jobs being run.
    public var running: Int { condition.lock(); defer { condition.unlock() }; return active }

    /// Queues `work` without waiting; throws `Full` when `capacity` jobs already wait.
    public func submit(_ work: @escaping @Sendable (WorkerContext) -> Void) throws(Full) {
        condition.lock(); defer { condition.unlock() }
        let waitingNow = queue.count - head
        guard !stopped, waitingNow + active < workers + capacity else {
            throw Full(retryAfter: max(1, Int((Double(waitingNow + active) * meanSeconds / Double(workers)).rounded(.up))))
        }
        queue.append(work)
        condition.signal()
    }

    /// Runs `work` on a worker and returns its result. Cancelling the calling task (a client
    /// gone, a time limit) resumes the caller at once with `CancellationError`; a job not yet
    /// started is then skipped, one already running finishes and its result is dropped.
    public func run<T: Sendable>(_ work: @escaping @Sendable (WorkerContext) throws -> T) async throws -> T {
        let once = ResumeOnce<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, any Error>) in
                guard once.install(c) else { return }
                do {
                    try submit { context in
                        guard !once.isFinished else { return }
                        once.finish(Result { try work(context) })
                    }
                } catch {
                    once.finish(.failure(error))
                }
            }
        } onCancel: {
            once.finish(.failure(CancellationError()))
        }
    }

    /// Lets the threads exit once the queue is empty.
    public func shutdown() {
        condition.lock(); stopped = true; condition.broadcast(); condition.unlock()
    }

    deinit { shutdown() }

    private func loop(_ context: WorkerContext) {
        while true {
            condition.lock()
            while head == queue.count && !stopped { condition.wait() }
            if head == queue.count { condition.unlock(); return }
            let work = queue[head]
            head += 1
            if head > 64 && head * 2 > queue.count { queue.removeFirst(head); head = 0 }
            active += 1
            condition.unlock()
            let start = DispatchTime.now().uptimeNanoseconds
            work(context)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            condition.lock()
            active -= 1
            meanSeconds = 0.8 * meanSeconds + 0.2 * seconds
            condition.unlock()
        }
    }
}
