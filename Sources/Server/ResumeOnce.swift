import Foundation

/// A continuation resumed exactly once, whichever comes first: the result, a refusal or a
/// cancellation (which may arrive before the continuation exists).
final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, any Error>?
    private var early: Result<T, any Error>?
    private var finished = false

    /// Stores `c`; `false` (and `c` resumed) when the outcome was already decided.
    func install(_ c: CheckedContinuation<T, any Error>) -> Bool {
        lock.lock()
        if let early {
            lock.unlock()
            c.resume(with: early)
            return false
        }
        continuation = c
        lock.unlock()
        return true
    }

    var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return finished }

    func finish(_ result: Result<T, any Error>) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        guard let c = continuation else { early = result; lock.unlock(); return }
        continuation = nil
        lock.unlock()
        c.resume(with: result)
    }
}
