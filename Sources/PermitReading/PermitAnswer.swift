import Evaluation
import Foundation

/// The one answer to "what permit is this?", as the signup endpoint gives it: the success body
/// `{"permitNumber", "confidence"}` or the refusal body `{"statusCode", "message", "reason"}`.
/// `scanbench permit` prints it and the server's `POST /permit` returns it.
public enum PermitAnswer: Hashable, Sendable {
    /// A number, with its confidence level (HTTP 200).
    case accepted(PermitResponse)
    /// A refusal with its status (400 unreadable, 422 not a permit / no number).
    case refused(PermitRefusal)

    /// The HTTP status the answer goes out with.
    public var statusCode: Int {
        switch self {
        case .accepted: 200
        case .refused(let r): r.statusCode
        }
    }

    /// The body, keys in the signup endpoint's order.
    public var body: JSONValue {
        switch self {
        case .accepted(let a):
            .object([("permitNumber", .string(a.permitNumber)), ("confidence", .string(a.confidence.rawValue))])
        case .refused(let r):
            .object([("statusCode", .int(r.statusCode)), ("message", .string(r.message)), ("reason", r.reason.map(JSONValue.string) ?? .null)])
        }
    }
}

extension PermitAnswer: Encodable {
    /// Encodes the success or refusal body itself (no wrapper).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .accepted(let a): try c.encode(a)
        case .refused(let r): try c.encode(r)
        }
    }
}

extension PermitVerdict {
    /// The verdict as the endpoint answers it (the decision label aside).
    public var answer: PermitAnswer {
        switch self {
        case .accepted(let a): .accepted(a)
        case .refused(let r, _): .refused(r)
        }
    }
}

extension PermitSampleReader {
    /// Reads image bytes (already taken out of their data URI) into the endpoint's answer: a
    /// file that does not decode is refused as unreadable (400), an engine failure as no
    /// number found (422).
    public func answer(_ data: Data) -> PermitAnswer {
        let decoded: PermitInput.Decoded
        do { decoded = try PermitInput.decode(data, clientCompression: clientCompression, maxPixels: maxPixels) } catch {
            return .refused(error.refusal)
        }
        do { return try result(decoded.image).verdict.answer } catch {
            return .refused(PermitRefusal(statusCode: 422, message: PermitRefusal.couldNotExtractMessage,
                                          reason: "\(PermitRefusal.unreadableReason): \(error)"))
        }
    }
}
