import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

@Suite("GET /health, /params, unknown routes")
struct InfoRouteTests {
    @Test func healthAnswersStatusTimestampVersion() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/health", method: .get)
            #expect(r.status == .ok)
            #expect(Array(r.json.keys.prefix(3)) == ["status", "timestamp", "version"])
            #expect(r.json["status"]?.string == "healthy")
            #expect(r.json["version"]?.string == "test")
            let ts = r.json["timestamp"]?.string ?? ""
            #expect(ts.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$"#, options: .regularExpression) != nil, "\(ts)")
            #expect(r.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    @Test func paramsListsEveryPresetWithDescriptionAndParameters() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/params", method: .get)
            #expect(r.status == .ok)
            let presets = r.json["presets"]
            for name in ["etched", "screen", "sticker"] {
                #expect(presets?[name]?["description"]?.string?.isEmpty == false)
                #expect(presets?[name]?["parameters"]?["rotations"] != nil)
            }
            #expect(r.json["device_presets"]?["iPhone"]?.string == "screen")
        }
    }

    @Test func paramsOfOnePresetAndAnUnknownOne() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/params?preset=sticker", method: .get)
            #expect(r.status == .ok)
            #expect(r.json["preset"]?.string == "sticker")
            #expect(r.json["parameters"]?["page"] != nil)
            expectError(try await client.execute(uri: "/params?preset=nope", method: .get), .notFound, "PRESET_NOT_FOUND")
        }
    }

    @Test func unknownRouteAndWrongMethodUseTheErrorBody() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            expectError(try await client.execute(uri: "/nope", method: .get), .notFound, "NOT_FOUND")
            let wrong = try await client.execute(uri: "/health", method: .post)
            expectError(wrong, .methodNotAllowed, "METHOD_NOT_ALLOWED")
            #expect(wrong.headers[.allow] == "GET")
        }
    }

    @Test func anEngineThatCannotStartIsA500WithoutInternals() async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config()
        struct Boom: Error {}
        config.makeSerialScanner = { throw Boom() }
        try await withRoutes(config) { client in
            let r = try await upload(client, "/process-serial", TinyImages.png)
            expectError(r, .internalServerError, "INTERNAL_ERROR")
            #expect(!r.text.contains("Boom"))
        }
    }
}
