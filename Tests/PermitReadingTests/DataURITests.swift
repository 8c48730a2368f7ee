import Foundation
import Imaging
@testable import PermitReading
import ReadingCore
import Testing

@Suite("Data URI decoder")
struct DataURITests {
    /// A real 3×2 JPEG, encoded by Leptonica.
    static func jpeg() throws -> Data {
        try Image.blank(width: 3, height: 2, gray: 200).jpegData(quality: 80)
    }

    @Test func decodesTheAppsDataURI() throws {
        let data = try Self.jpeg()
        let uri = try DataURI(parsing: DataURI.encode(data))
        #expect(uri.data == data)
        #expect(uri.mediaType == "image/jpeg")
        #expect(uri.format == .jpeg)
    }

    @Test func acceptsTheLineBreaksTheAppsInsert() throws {
        let data = try Self.jpeg()
        // iOS `lineLength64Characters` breaks with CR LF every 64 characters.
        let b64 = data.base64EncodedString(options: [.lineLength64Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
        #expect(try DataURI(parsing: "data:image/jpeg;base64," + b64).data == data)
    }

    @Test func acceptsABarePayloadAndOtherImageTypes() throws {
        let data = try Self.jpeg()
        #expect(try DataURI(parsing: data.base64EncodedString()).data == data)
        let png = try Image.blank(width: 2, height: 2).pngData()
        #expect(try DataURI(parsing: DataURI.encode(png, mediaType: "image/png")).format == .png)
    }

    @Test(arguments: [
        ("", DataURIError.Kind.empty),
        ("   \n", .empty),
        ("data:image/jpeg;base64,", .empty),
        ("data:image/jpeg;base64", .malformed),
        ("data:image/jpeg,/9j/4AAQ", .malformed),
        ("data:image/jpeg;base64,@@@not base64@@@", .invalidBase64),
        ("data:image/jpeg;base64,/9j/4AAQS", .invalidBase64),
        ("data:text/plain;base64,aGVsbG8=", .notAnImage),
        ("data:image/jpeg;base64,aGVsbG8gd29ybGQ=", .notAnImage),
    ])
    func refusesBadInput(_ input: String, _ kind: DataURIError.Kind) {
        #expect(throws: DataURIError.self) { try DataURI(parsing: input) }
        do { _ = try DataURI(parsing: input) } catch { #expect(error.kind == kind, "\(input): \(error)") }
    }

    @Test func badInputBecomesARefusalTheAppRecognises() {
        do {
            _ = try PermitInput.decode(dataURI: "data:image/jpeg;base64,aGVsbG8=", clientCompression: false)
            Issue.record("a text payload must not decode")
        } catch {
            #expect(error.refusal.statusCode == 400)
            #expect(error.refusal.message == PermitRefusal.couldNotExtractMessage)
        }
    }
}
