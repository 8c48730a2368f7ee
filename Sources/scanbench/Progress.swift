import Evaluation
import Foundation

/// Progress on stderr: a bar with rate and ETA on a terminal; plain lines every `interval`
/// seconds when stderr is not a terminal or `CI` is set (so CI logs stay readable).
final class Progress: @unchecked Sendable {
    private let total: Int
    private let quiet: Bool
    private let label: String
    private let interval: TimeInterval
    private let tty = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    private let start = Date()
    /// Images already recorded before this process started (a resumed run).
    private let already: Int
    private var done = 0
    private var errors = 0
    private var lastLine = Date.distantPast
    private let lock = NSLock()

    init(total: Int, already: Int = 0, quiet: Bool, label: String = "progress", interval: TimeInterval = 10) {
        self.total = total
        self.already = already
        self.quiet = quiet
        self.label = label
        self.interval = interval
    }

    func tick(_ r: SampleRecord) {
        lock.lock(); defer { lock.unlock() }
        done += 1
        if r.failed { errors += 1 }
        guard !quiet else { return }
        let elapsed = Date().timeIntervalSince(start)
        // The rate counts only this process's images, so a resumed run's ETA is honest.
        let rate = Double(done) / max(elapsed, 0.001)
        let finished = already + done
        let eta = Double(max(0, total - finished)) / max(rate, 0.001)
        let errText = errors > 0 ? "  \(errors) error\(errors == 1 ? "" : "s")" : ""
        if tty {
            let width = 30, filled = total == 0 ? width : min(width, width * finished / total)
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data(String(format: "\r%@ %d/%d  %.1f img/s  ETA %@%@ ", bar, finished, total, rate, Self.duration(eta), errText).utf8))
        } else if Date().timeIntervalSince(lastLine) >= interval || finished == total {
            lastLine = Date()
            FileHandle.standardError.write(Data(String(format: "%@ %d/%d (%.0f %%, %.1f img/s, ETA %@)%@\n", label, finished, total,
                                                       total == 0 ? 100 : Double(finished) / Double(total) * 100, rate, Self.duration(eta), errText).utf8))
        }
    }

    func finish() {
        if tty && !quiet && done > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// `42s`, `3m05s`, `1h02m`.
    static func duration(_ s: Double) -> String {
        guard s.isFinite else { return "?" }
        let t = Int(s.rounded())
        if t < 60 { return "\(t)s" }
        if t < 3600 { return String(format: "%dm%02ds", t / 60, t % 60) }
        return String(format: "%dh%02dm", t / 3600, (t % 3600) / 60)
    }
}
