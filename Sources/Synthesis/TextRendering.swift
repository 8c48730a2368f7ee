import Foundation

/// One process-wide lock around text rendering. Pango, Cairo and FreeType share font caches
/// that are not safe to use from two threads at once: a test run crashed with signal 11 inside
/// libfreetype while two suites rendered images in parallel. Every entry point that draws text
/// (`Photographer.shoot`, `ContactSheet.make`, `LineRender.image`) holds it.
enum TextRendering {
    private static let lock = NSRecursiveLock()

    /// Runs `body` while no other thread renders.
    static func serialized<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
