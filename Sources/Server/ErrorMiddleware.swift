import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Answers every error in the contract's body. `APIError`s pass through; Hummingbird's own
/// (404 for an unknown route, 413 from a capped body read) get a code; anything else is a 500
/// whose detail names no internals (the error is logged instead).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch {
            return try Self.map(error, request: request, logger: context.logger).response(from: request, context: context)
        }
    }

    /// The `APIError` a non-API error is answered with.
    static func map(_ error: any Error, request: Request, logger: Logger) -> APIError {
        if error is NIOTooManyBytesError {
            return APIError(.contentTooLarge, "PAYLOAD_TOO_LARGE", "The request body is larger than this server accepts")
        }
        if let e = error as? any HTTPResponseError {
            switch e.status {
            case .notFound: return APIError(.notFound, "NOT_FOUND", "No route for \(request.method) \(request.uri.path)")
            case .contentTooLarge: return APIError(.contentTooLarge, "PAYLOAD_TOO_LARGE", "The request body is larger than this server accepts")
            case .methodNotAllowed: return APIError(.methodNotAllowed, "METHOD_NOT_ALLOWED", "\(request.method) is not allowed on \(request.uri.path)")
            default:
                let code = e.status.reasonPhrase.uppercased().replacingOccurrences(of: " ", with: "_")
                return APIError(e.status, code.isEmpty ? "HTTP_\(e.status.code)" : code, e.status.reasonPhrase)
            }
        }
        if error is CancellationError {
            return APIError(.serviceUnavailable, "CANCELLED", "The request was cancelled before it finished")
        }
        logger.error("unhandled error on \(request.method) \(request.uri.path): \(String(reflecting: error))")
        return APIError(.internalServerError, "INTERNAL_ERROR", "Internal server error; the server log has the details")
    }
}
