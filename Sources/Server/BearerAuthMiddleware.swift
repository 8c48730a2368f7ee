import Hummingbird

/// Refuses a request with 401 unless it carries `Authorization: Bearer <key>`; sits on the
/// router group of the endpoints that start work. With no key set, every request passes.
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The key requests must present; `nil` or empty turns the check off.
    let key: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let key, !key.isEmpty, !BearerToken.presents(request.headers[.authorization] ?? "", key: key) {
            throw APIError(.unauthorized, "UNAUTHORIZED", "Missing or invalid API key: send Authorization: Bearer <key>")
        }
        return try await next(request, context)
    }
}

/// The check itself, apart from any request type.
enum BearerToken {
    /// Whether `header` is `Bearer <key>` (scheme case-insensitive, key compared in constant time).
    static func presents(_ header: String, key: String) -> Bool {
        let prefix = "bearer "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix else { return false }
        return constantTimeEqual(Array(header.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces).utf8), Array(key.utf8))
    }

    /// Compares without an early exit, so timing does not reveal how much of a key matched.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var diff = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) { diff |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0) }
        return diff == 0
    }
}
