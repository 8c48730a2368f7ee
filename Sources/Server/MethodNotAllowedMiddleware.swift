import HTTPTypes
import Hummingbird

/// Turns the router's 404 for a path that exists with other methods into a 405 with `Allow`
/// (Hummingbird's trie answers "no route" for both). Added after every route, so it only wraps
/// the router's not-found responder; a path no route matches stays a 404.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes: path templates (`/result/{job_id}`) and the methods each answers.
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = table.methods(forPath: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            throw APIError.methodNotAllowed(request.method.rawValue, request.uri.path, allowed: allowed)
        }
    }
}

/// The server's routes as path templates with their methods, as `Router.routes` lists them.
public struct RouteTable: Sendable, Equatable {
    /// `(method, template)` pairs, e.g. `("GET", "/result/{job_id}")`.
    public let routes: [Route]

    /// One route.
    public struct Route: Sendable, Hashable, CustomStringConvertible {
        public var method: String
        public var path: String
        public var description: String { "\(method) \(path)" }
        public init(method: String, path: String) { self.method = method; self.path = path }
    }

    public init(_ routes: [Route]) { self.routes = routes }

    /// The router's own listing.
    init<C>(_ router: Router<C>) {
        self.init(router.routes.map { Route(method: $0.method.rawValue, path: $0.path.description) })
    }

    /// The methods of every template `path` matches, sorted (empty when none does).
    public func methods(forPath path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let found = routes.filter { route in
            let parts = route.path.split(separator: "/", omittingEmptySubsequences: true)
            guard parts.count == segments.count else { return false }
            return zip(parts, segments).allSatisfy { part, segment in
                (part.hasPrefix("{") && part.hasSuffix("}")) || part == segment
            }
        }
        return Array(Set(found.map(\.method))).sorted()
    }
}
