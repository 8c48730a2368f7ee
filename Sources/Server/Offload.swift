import Foundation

/// Runs blocking work on a thread of its own and awaits it without holding a cooperative
/// thread. Cancelling the caller resumes it at once with `CancellationError` and calls
/// `onCancel` (e.g. to ask the work to stop); the thread then finishes on its own.
func offload<T: Sendable>(_ name: String, onCancel: @escaping @Sendable () -> Void = {},
                          _ work: @escaping @Sendable () throws -> T) async throws -> T {
    let box = ResumeOnce<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<T, any Error>) in
            guard box.install(c) else { return }
            let thread = Thread {
                Thread.current.name = name
                box.finish(Result { try work() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    } onCancel: {
        onCancel()
        box.finish(.failure(CancellationError()))
    }
}

/// Runs `body` and throws `TimeLimitExceeded` if it has not finished within `seconds`
/// (`body` is then cancelled; its own cancellation handling decides how fast it returns).
func withTimeLimit<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(max(0.001, seconds) * 1e9))
            throw TimeLimitExceeded(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}

/// A time limit ran out.
struct TimeLimitExceeded: Error, Sendable { var seconds: Double }
