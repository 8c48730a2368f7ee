/// Errors raised while decoding, transforming or encoding an image.
public struct ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in a category a caller can branch on.
    public enum Kind: String, Sendable, Codable {
        case emptyFile = "empty_file"
        case unreadableImage = "unreadable_image"
        case unsupportedFormat = "unsupported_format"
        case tooLarge = "too_large"
        case operationFailed = "operation_failed"
        case encodeFailed = "encode_failed"
    }

    /// The category of the failure.
    public let kind: Kind
    /// A message a user can act on.
    public let message: String

    /// Creates an error of `kind` with a human-readable `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
