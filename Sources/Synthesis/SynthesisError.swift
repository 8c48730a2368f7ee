/// Errors raised while rendering or writing a synthetic dataset.
public struct SynthesisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in a category a caller can branch on.
    public enum Kind: String, Sendable, Codable {
        /// Cairo or Pango could not create a surface, context or layout.
        case renderFailed = "render_failed"
        /// Leptonica could not post-process or encode the rendered image.
        case imagingFailed = "imaging_failed"
        /// The output folder or a file in it could not be written.
        case writeFailed = "write_failed"
        /// An input (a folder of images for a contact sheet) could not be read.
        case readFailed = "read_failed"
        /// The arguments do not describe a dataset that can be generated.
        case invalidArgument = "invalid_argument"
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

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
