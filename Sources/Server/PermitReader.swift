import Foundation

/// Reads a Tunisian restaurant permit number from an image, for `POST /permit`. Each worker
/// thread owns one (the permit pipeline holds a Tesseract engine) and uses it for one request
/// at a time. The server binds a concrete reader through `ServerConfiguration.makePermitReader`.
public protocol PermitReader: AnyObject {
    /// Reads `image` (bytes already decoded from the data URI and sniffed as an image).
    func readPermit(_ image: Data) -> PermitAnswer
}

/// The permit endpoint's answer: the signup success body, or its refusal body.
public enum PermitAnswer: Sendable, Hashable {
    /// `{"permitNumber", "confidence"}` with confidence `high`, `medium` or `low`.
    case accepted(permitNumber: String, confidence: String)
    /// `{"statusCode", "message", "reason"}`: 400 (unreadable) or 422 (not a permit / no number).
    case refused(statusCode: Int, message: String, reason: String?)

    /// `Could not extract permit number from image`.
    public static let couldNotExtractMessage = "Could not extract permit number from image"
    /// `Document does not appear to be a Tunisian restaurant permit`.
    public static let notPermitMessage = "Document does not appear to be a Tunisian restaurant permit"
    /// `Image quality too low or no readable text found`.
    public static let unreadableReason = "Image quality too low or no readable text found"
}
