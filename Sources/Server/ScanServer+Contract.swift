import Foundation
import HTTPTypes
import Hummingbird

/// The server's contract as FastAPI publishes its own: the OpenAPI 3.1 document kept in
/// `Resources/openapi.json`, and a page that renders it without anything from outside.
public enum OpenAPIDocument {
    /// The document's bytes, as committed.
    public static let data: Data? = resource("openapi", "json")
    /// The `/docs` page: plain HTML and script that fetches `/openapi.json` and lists it.
    static let docsPage: Data? = resource("docs", "html")

    private static func resource(_ name: String, _ ext: String) -> Data? {
        Bundle.module.url(forResource: name, withExtension: ext).flatMap { try? Data(contentsOf: $0) }
    }
}

extension ScanServer {
    /// `GET /openapi.json`: the document, byte for byte as kept in the repository.
    func openAPIDocument() throws -> Response {
        try Self.file(OpenAPIDocument.data, type: "application/json; charset=utf-8", name: "openapi.json")
    }

    /// `GET /docs`: the page listing the document's operations, parameters and responses.
    func docsPage() throws -> Response {
        try Self.file(OpenAPIDocument.docsPage, type: "text/html; charset=utf-8", name: "docs.html")
    }

    private static func file(_ data: Data?, type: String, name: String) throws -> Response {
        guard let data else {
            throw APIError(.internalServerError, "CONTRACT_MISSING", "This build has no \(name); rebuild ScanBench with its resources")
        }
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
