import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

/// Runs `body` against `config`'s routes without sockets (`app.test(.router)`).
func withRoutes(_ config: ServerConfiguration, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    let server = ScanServer(config: config)
    defer { server.shutdown() }
    let app = Application(router: server.router())
    try await app.test(.router) { client in try await body(client) }
}

extension TestResponse {
    /// The body as JSON (`.null` when it is not JSON).
    var json: JSONValue { (try? JSONValue.parse(String(buffer: body))) ?? .null }
    var text: String { String(buffer: body) }
}

/// Checks the contract's error body: exactly `detail`, `error_code`, `status_code` first, the
/// status matching, and no trace of internals.
func expectError(_ r: TestResponse, _ status: HTTPResponse.Status, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == status, "status \(r.status.code), body \(r.text)", sourceLocation: sourceLocation)
    #expect(Array(r.json.keys.prefix(3)) == ["detail", "error_code", "status_code"], "\(r.text)", sourceLocation: sourceLocation)
    #expect(r.json["error_code"]?.string == code, "\(r.text)", sourceLocation: sourceLocation)
    #expect(r.json["status_code"]?.number == Double(status.code), sourceLocation: sourceLocation)
    #expect(!r.text.contains(".swift"), "no source paths in errors", sourceLocation: sourceLocation)
}

/// Headers for a request.
func headers(_ pairs: [(HTTPField.Name, String)]) -> HTTPFields {
    var h = HTTPFields()
    for (k, v) in pairs { h[k] = v }
    return h
}

/// A multipart upload of `image` to `uri`.
func upload(_ client: any TestClientProtocol, _ uri: String, _ image: Data?, field: String = "image",
            fields: [String: String] = [:], extra: [(HTTPField.Name, String)] = []) async throws -> TestResponse {
    let (body, type) = TinyImages.multipart(image, field: field, fields: fields)
    return try await client.execute(uri: uri, method: .post, headers: headers([(.contentType, type)] + extra), body: ByteBuffer(bytes: body))
}
