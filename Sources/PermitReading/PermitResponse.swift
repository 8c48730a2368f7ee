/// The permit pipeline's answer, shaped like the signup endpoint's success body so the server
/// can return it as-is: `{"permitNumber": "2023/00457", "confidence": "high"}`.
public struct PermitResponse: Hashable, Sendable, Codable {
    /// The number exactly as printed (leading zeros kept, spaces dropped).
    public var permitNumber: String
    /// `high`, `medium` or `low`.
    public var confidence: PermitConfidence

    /// Creates a response.
    public init(permitNumber: String, confidence: PermitConfidence) {
        self.permitNumber = permitNumber
        self.confidence = confidence
    }
}

/// How sure the pipeline is of a returned number.
public enum PermitConfidence: String, Hashable, Sendable, Codable, CaseIterable {
    /// Label found, number read cleanly (a re-read agrees), document cues strong: right ≥ 98 %.
    case high
    case medium
    case low
}

/// A refusal, shaped like the signup endpoint's error body (`statusCode`, `message`, `reason`).
///
/// The apps match on these texts (`"does not appear to be a Tunisian restaurant"`,
/// `"Could not extract permit number"`, `"Image quality too low"`), and iOS shows `reason`
/// when present, else `message` — so every `reason` here also contains the phrase the app
/// recognises for its refusal, and never an unrelated sentence.
public struct PermitRefusal: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// 400 (nothing usable could be read) or 422 (read, but not an acceptable document).
    public var statusCode: Int
    /// One of the exact messages the apps recognise.
    public var message: String
    /// A more specific explanation.
    public var reason: String?

    /// Creates a refusal.
    public init(statusCode: Int, message: String, reason: String?) {
        self.statusCode = statusCode; self.message = message; self.reason = reason
    }

    public var description: String { "\(statusCode) \(message)" + (reason.map { " (\($0))" } ?? "") }

    /// `Could not extract permit number from image`.
    public static let couldNotExtractMessage = "Could not extract permit number from image"
    /// `Document does not appear to be a Tunisian restaurant permit`.
    public static let notPermitMessage = "Document does not appear to be a Tunisian restaurant permit"
    /// `Image quality too low or no readable text found`.
    public static let unreadableReason = "Image quality too low or no readable text found"

    /// The image is unreadable (too little text, too blurred, too dark): 400.
    public static let unreadable = PermitRefusal(statusCode: 400, message: couldNotExtractMessage, reason: unreadableReason)

    /// The document is not a Tunisian restaurant permit: 422. `detail` says which cue failed.
    public static func notPermit(_ detail: String) -> PermitRefusal {
        PermitRefusal(statusCode: 422, message: notPermitMessage, reason: "\(notPermitMessage): \(detail)")
    }

    /// A permit whose number could not be found: 422.
    public static func noNumber(_ detail: String) -> PermitRefusal {
        PermitRefusal(statusCode: 422, message: couldNotExtractMessage, reason: "Could not extract permit number: \(detail)")
    }

    /// The input is not an image at all (bad data URI, corrupt file): 400.
    public static func invalidImage(_ detail: String) -> PermitRefusal {
        PermitRefusal(statusCode: 400, message: couldNotExtractMessage, reason: "Image quality too low or no readable text found: \(detail)")
    }
}
