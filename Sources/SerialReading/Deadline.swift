import Dispatch

/// The moment one image's time budget runs out, on the uptime clock.
struct Deadline: Sendable, Hashable {
    /// Uptime (ns) at which the budget is spent.
    let uptime: UInt64

    /// `seconds` from now (at least 0.1 s: a zero budget would stop before the first read).
    init(seconds: Double) {
        uptime = DispatchTime.now().uptimeNanoseconds + UInt64(max(0.1, seconds) * 1e9)
    }

    /// The budget ends at `uptime` (ns).
    init(uptime: UInt64) { self.uptime = uptime }

    /// No budget (tests of single stages).
    static let never = Deadline(uptime: .max)

    /// Whether the budget is spent.
    var hasPassed: Bool { DispatchTime.now().uptimeNanoseconds > uptime }

    /// Seconds left (Tesseract's time limit for the next read).
    var remaining: Double {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= uptime ? 0 : Double(uptime - now) / 1e9
    }
}
