import Evaluation
import Foundation
import HTTPTypes
import Hummingbird

/// An error answered in the backend's body, `{"detail", "error_code", "status_code"}`. Every
/// refusal of the server is one of these; anything else is mapped to one by `ErrorMiddleware`,
/// so a client never sees a stack trace or a framework's own error shape.
public struct APIError: Error, HTTPResponseError, CustomStringConvertible, Sendable {
    public var status: HTTPResponse.Status
    /// A message a client (or its user) can act on.
    public var detail: String
    /// A stable upper-case code clients branch on (`NO_TEXT_DETECTED`, `PAYLOAD_TOO_LARGE`, …).
    public var code: String
    /// Seconds to wait before retrying (503 when busy), sent as `Retry-After`.
    public var retryAfter: Int?
    /// The methods the path does answer (405), sent as `Allow`.
    public var allow: [String]?
    /// Whether the connection is closed after this answer (408: the rest of a trickled body is not read).
    public var closeConnection = false
    /// Extra keys after the contract's three (e.g. the permit refusal's `statusCode`, `message`, `reason`).
    public var extra: [(String, JSONValue)] = []

    public init(_ status: HTTPResponse.Status, _ code: String, _ detail: String, retryAfter: Int? = nil) {
        self.status = status; self.code = code; self.detail = detail; self.retryAfter = retryAfter
    }

    public var description: String { "\(status.code) \(code): \(detail)" }

    /// The body: the contract's keys in its order, then any extra keys.
    public var body: JSONValue {
        .object([("detail", .string(detail)), ("error_code", .string(code)), ("status_code", .int(status.code))] + extra)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(body, status: status)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        if status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        if let allow { response.headers[.allow] = allow.joined(separator: ", ") }
        if closeConnection { response.headers[.connection] = "close" }
        return response
    }

    // MARK: - The refusals the routes share

    /// 400: a query parameter or form field has a value the server cannot use.
    public static func invalidParameter(_ name: String, _ why: String) -> APIError {
        APIError(.badRequest, "INVALID_PARAMETER", "Invalid \(name): \(why)")
    }

    /// 405: `path` exists, but not with this method; `allowed` are the methods it answers.
    public static func methodNotAllowed(_ method: String, _ path: String, allowed: [String]) -> APIError {
        var e = APIError(.methodNotAllowed, "METHOD_NOT_ALLOWED", "Method \(method) is not allowed on \(path); allowed: \(allowed.joined(separator: ", "))")
        e.allow = allowed
        return e
    }

    /// 408: the request body did not arrive in full within `seconds`.
    public static func bodyTimeout(_ seconds: Double) -> APIError {
        var e = APIError(.requestTimeout, "REQUEST_BODY_TIMEOUT",
                         "The request body did not arrive in full within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s")
        e.closeConnection = true
        return e
    }

    /// 503: the queue is full; retry after `seconds`.
    public static func busy(_ what: String, retryAfter seconds: Int) -> APIError {
        APIError(.serviceUnavailable, "SERVER_BUSY", "\(what); retry in \(seconds) s", retryAfter: seconds)
    }
}
