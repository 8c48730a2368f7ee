import Foundation

/// What one worker thread owns: its serial scanner and, when bound, its permit reader. Both
/// are created lazily on that thread and never leave it, so each may hold a Tesseract engine.
public final class WorkerContext {
    /// The worker's number (0-based).
    public let index: Int
    private let makeSerial: @Sendable () throws -> any SerialScanning
    private let makePermit: (@Sendable () throws -> any PermitReader)?
    private var serialScanner: (any SerialScanning)?
    private var permitReader: (any PermitReader)?

    init(index: Int, makeSerial: @escaping @Sendable () throws -> any SerialScanning,
         makePermit: (@Sendable () throws -> any PermitReader)?) {
        self.index = index; self.makeSerial = makeSerial; self.makePermit = makePermit
    }

    /// This worker's serial scanner (created on first use).
    public func serial() throws -> any SerialScanning {
        if let s = serialScanner { return s }
        let s = try makeSerial()
        serialScanner = s
        return s
    }

    /// This worker's permit reader, `nil` when none is bound.
    public func permit() throws -> (any PermitReader)? {
        if let p = permitReader { return p }
        guard let makePermit else { return nil }
        let p = try makePermit()
        permitReader = p
        return p
    }
}
