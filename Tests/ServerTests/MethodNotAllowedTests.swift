import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

/// A known path with another method is a 405 that says which methods it takes.
@Suite("405 Method Not Allowed")
struct MethodNotAllowedTests {
    @Test func aKnownPathWithAnotherMethodIs405WithAllow() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config(apiKey: "k")) { client in
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.post, "/health", "GET"), (.delete, "/params", "GET"), (.put, "/openapi.json", "GET"),
                (.get, "/process-serial", "POST"), (.get, "/scan", "POST"), (.patch, "/permit", "POST"),
                (.post, "/evaluate", "GET"), (.head, "/export", "GET"),
                (.put, "/result/abc", "GET"), (.get, "/jobs/abc", "DELETE"), (.options, "/docs", "GET"),
            ]
            for (method, path, allow) in cases {
                let r = try await client.execute(uri: path, method: method)
                #expect(r.status == .methodNotAllowed, "\(method) \(path): \(r.status.code) \(r.text)")
                #expect(r.headers[.allow] == allow, "\(method) \(path): Allow \(r.headers[.allow] ?? "none")")
                if method != .head { expectError(r, .methodNotAllowed, "METHOD_NOT_ALLOWED") }
            }
        }
    }

    @Test func anUnknownPathStays404() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            for (method, path) in [(HTTPRequest.Method.get, "/nope"), (.post, "/result"), (.get, "/result/a/b"), (.delete, "/jobs")] {
                let r = try await client.execute(uri: path, method: method)
                expectError(r, .notFound, "NOT_FOUND")
                #expect(r.headers[.allow] == nil)
            }
            // The right method still reaches the route.
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }

    @Test func templatesMatchWholeSegments() {
        let table = RouteTable([.init(method: "GET", path: "/result/{job_id}"), .init(method: "DELETE", path: "/jobs/{job_id}"),
                                .init(method: "GET", path: "/health"), .init(method: "POST", path: "/health")])
        #expect(table.methods(forPath: "/result/x") == ["GET"])
        #expect(table.methods(forPath: "/health/") == ["GET", "POST"])
        #expect(table.methods(forPath: "/result").isEmpty)
        #expect(table.methods(forPath: "/result/x/y").isEmpty)
        #expect(table.methods(forPath: "/healthz").isEmpty)
    }
}
