/// Why a string is not an image the permit pipeline can read, in a category a caller (or the
/// server's 400 body) can branch on.
public struct DataURIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the input.
    public enum Kind: String, Sendable, Codable {
        /// The string is empty (or only whitespace).
        case empty
        /// It does not start with `data:<type>;base64,` (or the header is broken).
        case malformed
        /// The payload is not valid base64.
        case invalidBase64 = "invalid_base64"
        /// The payload decodes, but to something that is not an image.
        case notAnImage = "not_an_image"
        /// The image is larger than the caller's cap.
        case tooLarge = "too_large"
    }

    /// The category of the failure.
    public let kind: Kind
    /// A message a user (or the app's developer) can act on.
    public let message: String

    /// Creates an error of `kind`.
    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { "\(kind.rawValue): \(message)" }
}
