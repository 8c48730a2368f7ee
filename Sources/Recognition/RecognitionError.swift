/// Errors raised by the OCR engine.
public struct RecognitionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Codable {
        case initFailed = "init_failed"
        case badVariable = "bad_variable"
        case recognitionFailed = "engine_error"
        case timeout = "timeout"
    }
    /// The category of the failure.
    public let kind: Kind
    /// A message a user can act on.
    public let message: String
    /// Creates an error.
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    public var description: String { "\(kind.rawValue): \(message)" }
}
