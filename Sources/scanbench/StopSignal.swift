import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM into a request to stop between images: workers finish the image they
/// hold, the record is flushed, and the command exits with 128 + the signal number, leaving the
/// previous reports untouched. A second signal exits at once.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Installs the handlers for this process.
    static func install() -> StopSignal {
        let s = StopSignal()
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            // A global queue: the main thread is busy in the runner and never services main.
            let src = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            src.setEventHandler { [weak s] in s?.receive(sig) }
            src.resume()
            s.sources.append(src)
        }
        return s
    }

    private func receive(_ sig: Int32) {
        lock.lock()
        let again = received != nil
        if !again { received = sig }
        lock.unlock()
        if again { _exit(128 + sig) }
        let name = sig == SIGINT ? "SIGINT" : "SIGTERM"
        FileHandle.standardError.write(Data("\n\(name): finishing the images in progress, then stopping (send it again to quit at once)\n".utf8))
    }

    /// Whether a stop was asked for.
    var requested: Bool { lock.lock(); defer { lock.unlock() }; return received != nil }
    /// The signal received, if any.
    var caught: Int32? { lock.lock(); defer { lock.unlock() }; return received }
}
