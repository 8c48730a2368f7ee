import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

@Suite("POST /process-serial")
struct SerialRouteTests {
    @Test func answersSerialsBestFirstWithSavedDebugPersisted() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await upload(client, "/process-serial", TinyImages.png)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.json.keys == ["serials", "saved", "debug", "persisted"])
            guard case let .array(serials)? = r.json["serials"] else { Issue.record("no serials"); return }
            #expect(serials.count == 2)
            #expect(serials.first?.keys == ["serial", "confidence"])
            #expect(serials.first?["serial"]?.string == "C02Y94ZEJG5H")
            #expect(serials.first?["confidence"]?.number == 0.91)
            #expect(r.json["saved"] == .bool(false))
            #expect(r.json["persisted"] == .bool(false))
            #expect(r.json["debug"]?["preset"]?.string == "etched")
        }
    }

    @Test func queryKnobsReachTheScanner() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript()
        try await withRoutes(try sandbox.config(script: script)) { client in
            let uri = "/process-serial?preset=sticker&device_type=iPhone&min_confidence=0.3&use_progressive=false&early_stop_confidence=0.9&max_processing_time=5&rotations=0,90"
            let r = try await upload(client, uri, TinyImages.png)
            #expect(r.status == .ok)
            let o = try #require(script.options.last)
            #expect(o == ScanOptions(preset: "sticker", deviceType: "iPhone", minConfidence: 0.3, useProgressive: false,
                                     earlyStopConfidence: 0.9, maxProcessingTime: 5, rotations: [0, 90]))
            // The iOS app sends device_type as a form field.
            _ = try await upload(client, "/process-serial", TinyImages.png, fields: ["device_type": "iPad"])
            #expect(script.options.last?.deviceType == "iPad")
        }
    }

    @Test(arguments: [
        "preset=laser", "min_confidence=2", "min_confidence=abc", "use_progressive=maybe", "early_stop_confidence=-1",
        "max_processing_time=0", "max_processing_time=99999", "rotations=45", "rotations=0,,90",
    ])
    func badKnobsAre400(_ query: String) async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            expectError(try await upload(client, "/process-serial?\(query)", TinyImages.png), .badRequest, "INVALID_PARAMETER")
        }
    }

    @Test func refusesWhatIsNotAnImageUpload() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            // The field must be called `image` (FastAPI's "Field required").
            expectError(try await upload(client, "/process-serial", TinyImages.png, field: "file"), .unprocessableContent, "FIELD_REQUIRED")
            expectError(try await upload(client, "/process-serial", nil, fields: ["device_type": "iPhone"]), .unprocessableContent, "FIELD_REQUIRED")
            expectError(try await upload(client, "/process-serial", Data()), .unprocessableContent, "EMPTY_IMAGE")
            // Only image bytes count, whatever the part claims.
            expectError(try await upload(client, "/process-serial", Data("not an image at all".utf8)), .unsupportedMediaType, "UNSUPPORTED_IMAGE_TYPE")
            expectError(try await upload(client, "/process-serial", TinyImages.heic), .unsupportedMediaType, "UNSUPPORTED_IMAGE_TYPE")
            expectError(try await upload(client, "/process-serial", Data("GIF89a....".utf8)), .unsupportedMediaType, "UNSUPPORTED_IMAGE_TYPE")
            // Not multipart at all.
            let json = try await client.execute(uri: "/process-serial", method: .post, headers: headers([(.contentType, "application/json")]),
                                                body: ByteBuffer(string: "{}"))
            expectError(json, .unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE")
            // A form cut short.
            let cut = try await client.execute(uri: "/process-serial", method: .post,
                                               headers: headers([(.contentType, "multipart/form-data; boundary=XYZ")]),
                                               body: ByteBuffer(string: "--XYZ\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nabc"))
            expectError(cut, .badRequest, "INVALID_MULTIPART")
        }
    }

    @Test func aRawImageBodyIsAccepted() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/process-serial", method: .post, headers: headers([(.contentType, "image/png")]),
                                             body: ByteBuffer(bytes: TinyImages.png))
            #expect(r.status == .ok)
        }
    }

    @Test func uploadsOverTheCapAre413() async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config()
        config.maxUploadBytes = 4096
        try await withRoutes(config) { client in
            let big = TinyImages.png + Data(count: 8192)
            expectError(try await upload(client, "/process-serial", big), .contentTooLarge, "PAYLOAD_TOO_LARGE")
            expectError(try await upload(client, "/scan", big), .contentTooLarge, "PAYLOAD_TOO_LARGE")
            // Without Content-Length (the body streamed), the capped read refuses it too.
            let (body, type) = TinyImages.multipart(big)
            let r = try await client.execute(uri: "/process-serial", method: .post,
                                             headers: headers([(.contentType, type), (.transferEncoding, "chunked")]), body: ByteBuffer(bytes: body))
            expectError(r, .contentTooLarge, "PAYLOAD_TOO_LARGE")
        }
    }

    @Test func nothingReadIsNoTextDetected422() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(outcome: SampleOutcome(candidates: [], strategyUsed: "none", preset: "etched"))
        try await withRoutes(try sandbox.config(script: script)) { client in
            let r = try await upload(client, "/process-serial", TinyImages.png)
            expectError(r, .unprocessableContent, "NO_TEXT_DETECTED")
            #expect(r.json["detail"]?.string?.hasPrefix("Error processing image") == true)
        }
    }

    @Test func anUndecodableImageIs400() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(outcome: .failure(SampleError(kind: "unreadable_image", message: "the png data is corrupt or truncated"), preset: "etched"))
        try await withRoutes(try sandbox.config(script: script)) { client in
            expectError(try await upload(client, "/process-serial", TinyImages.png), .badRequest, "INVALID_IMAGE")
        }
    }

    @Test func apiKeyIsRequiredWhenSet() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config(apiKey: "s3cret")) { client in
            let none = try await upload(client, "/process-serial", TinyImages.png)
            expectError(none, .unauthorized, "UNAUTHORIZED")
            #expect(none.headers[.wwwAuthenticate] == "Bearer")
            expectError(try await upload(client, "/process-serial", TinyImages.png, extra: [(.authorization, "Bearer wrong")]), .unauthorized, "UNAUTHORIZED")
            expectError(try await upload(client, "/process-serial", TinyImages.png, extra: [(.authorization, "s3cret")]), .unauthorized, "UNAUTHORIZED")
            expectError(try await upload(client, "/scan", TinyImages.png), .unauthorized, "UNAUTHORIZED")
            expectError(try await client.execute(uri: "/evaluate?dir=serials", method: .get), .unauthorized, "UNAUTHORIZED")
            expectError(try await client.execute(uri: "/export", method: .get), .unauthorized, "UNAUTHORIZED")
            expectError(try await client.execute(uri: "/permit", method: .post, body: ByteBuffer(string: "{}")), .unauthorized, "UNAUTHORIZED")
            expectError(try await client.execute(uri: "/jobs/x", method: .delete), .unauthorized, "UNAUTHORIZED")
            let ok = try await upload(client, "/process-serial", TinyImages.png, extra: [(.authorization, "Bearer s3cret")])
            #expect(ok.status == .ok)
            // Reading endpoints stay open.
            let r1 = try await client.execute(uri: "/health", method: .get)
            #expect(r1.status == .ok, "\(r1.text)")
            let r2 = try await client.execute(uri: "/params", method: .get)
            #expect(r2.status == .ok, "\(r2.text)")
        }
    }

    @Test func aFullQueueIs503WithRetryAfter() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(gated: true)
        try await withRoutes(try sandbox.config(script: script, workers: 1, queue: 0)) { client in
            // One job holds the only worker; nothing may wait.
            let first = try await upload(client, "/scan", TinyImages.png)
            #expect(first.status == .ok)
            let busy = try await upload(client, "/process-serial", TinyImages.png)
            expectError(busy, .serviceUnavailable, "SERVER_BUSY")
            #expect(Int(busy.headers[.retryAfter] ?? "") ?? 0 >= 1)
            let busyScan = try await upload(client, "/scan", TinyImages.png)
            expectError(busyScan, .serviceUnavailable, "SERVER_BUSY")
            #expect(busyScan.headers[.retryAfter] != nil)
            script.gate?.signal()
        }
    }

    /// The read is held until the client has its answer: a 504 that arrives at all was given
    /// at the limit, while the read still ran (no wall-clock bound, which a loaded machine breaks).
    @Test(.timeLimit(.minutes(1))) func aReadOverTheTimeLimitIs504() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(gated: true)
        var config = try sandbox.config(script: script)
        config.requestTimeout = 0.2
        try await withRoutes(config) { client in
            expectError(try await upload(client, "/process-serial", TinyImages.png), .gatewayTimeout, "REQUEST_TIMEOUT")
            script.gate?.signal()
        }
    }
}
