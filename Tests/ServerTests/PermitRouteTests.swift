import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import PermitReading
import Server
import Testing

@Suite("POST /permit")
struct PermitRouteTests {
    static func body(_ uri: String) -> ByteBuffer {
        ByteBuffer(string: #"{"licenseImage": ""# + uri + #""}"#)
    }
    static let jpegURI = "data:image/png;base64," + TinyImages.png.base64EncodedString()

    func post(_ client: any TestClientProtocol, _ body: ByteBuffer) async throws -> TestResponse {
        try await client.execute(uri: "/permit", method: .post, headers: headers([(.contentType, "application/json")]), body: body)
    }

    @Test func acceptedAnswersPermitNumberAndConfidence() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config(permit: .accepted(PermitResponse(permitNumber: "2023/00457", confidence: .high)))) { client in
            let r = try await post(client, Self.body(Self.jpegURI))
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.json.keys == ["permitNumber", "confidence"])
            #expect(r.json["permitNumber"]?.string == "2023/00457")
            #expect(r.json["confidence"]?.string == "high")
        }
    }

    @Test func aRefusalCarriesTheSignupBodyAndTheContractsKeys() async throws {
        let refusal = PermitAnswer.refused(PermitRefusal(statusCode: 422, message: PermitRefusal.notPermitMessage,
                                                         reason: PermitRefusal.notPermitMessage + ": no restaurant authorisation found"))
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config(permit: refusal)) { client in
            let r = try await post(client, Self.body(Self.jpegURI))
            expectError(r, .unprocessableContent, "NOT_A_PERMIT")
            #expect(r.json["statusCode"]?.number == 422)
            #expect(r.json["message"]?.string == "Document does not appear to be a Tunisian restaurant permit")
            #expect(r.json["reason"]?.string?.contains("restaurant") == true)
        }
        let unreadable = PermitAnswer.refused(PermitRefusal(statusCode: 400, message: PermitRefusal.couldNotExtractMessage, reason: PermitRefusal.unreadableReason))
        try await withRoutes(try sandbox.config(permit: unreadable)) { client in
            let r = try await post(client, Self.body(Self.jpegURI))
            expectError(r, .badRequest, "PERMIT_UNREADABLE")
            #expect(r.json["message"]?.string == "Could not extract permit number from image")
            #expect(r.json["reason"]?.string == "Image quality too low or no readable text found")
        }
    }

    @Test func refusesBadRequestsBeforeAnyWork() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config(permit: .accepted(PermitResponse(permitNumber: "1", confidence: .low)))) { client in
            expectError(try await post(client, ByteBuffer(string: "not json")), .badRequest, "INVALID_REQUEST")
            expectError(try await post(client, ByteBuffer(string: #"{"image": "x"}"#)), .badRequest, "INVALID_REQUEST")
            expectError(try await post(client, ByteBuffer(string: #"{"licenseImage": 5}"#)), .badRequest, "INVALID_REQUEST")
            for uri in ["https://example.com/a.jpg", "data:text/plain;base64,aGVsbG8=", "data:image/jpeg,rawbytes",
                        "data:image/jpeg;base64,@@@@", "data:image/jpeg;base64," + Data("hello, not an image".utf8).base64EncodedString(),
                        "data:image/heic;base64," + TinyImages.heic.base64EncodedString()] {
                let r = try await post(client, Self.body(uri))
                expectError(r, .badRequest, "INVALID_IMAGE")
                #expect(r.json["message"]?.string == "Could not extract permit number from image", "\(uri)")
                #expect(r.json["reason"]?.string?.hasPrefix("Image quality too low or no readable text found") == true)
            }
        }
    }

    @Test func oversizedImagesAre413() async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config(permit: .accepted(PermitResponse(permitNumber: "1", confidence: .low)))
        config.maxUploadBytes = 4096
        try await withRoutes(config) { client in
            let big = "data:image/png;base64," + (TinyImages.png + Data(count: 5000)).base64EncodedString()
            expectError(try await post(client, Self.body(big)), .contentTooLarge, "PAYLOAD_TOO_LARGE")
            let huge = "data:image/png;base64," + (TinyImages.png + Data(count: 200_000)).base64EncodedString()
            expectError(try await post(client, Self.body(huge)), .contentTooLarge, "PAYLOAD_TOO_LARGE")
        }
    }

    @Test func withoutAReaderBoundItIs501() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            expectError(try await post(client, Self.body(Self.jpegURI)), .notImplemented, "PERMIT_READER_UNAVAILABLE")
        }
    }
}
