import Foundation
import ReadingCore
import Hummingbird
import Imaging
import NIOCore

/// An uploaded image and the text fields sent with it.
struct Upload: Sendable {
    var image: Data
    var format: ImageFormat
    /// Text fields of the form (e.g. `device_type` sent as a form field by the iOS app).
    var fields: [String: String]

    /// Reads the body (at most `maxBytes`, else 413; all of it within `bodyTimeout` seconds, else
    /// 408), takes the multipart field `image` (or a
    /// raw body sent as `image/*` / `application/octet-stream`), and sniffs its first bytes:
    /// only PNG, JPEG, TIFF, BMP and WebP are accepted (415 otherwise — HEIC included, as
    /// Leptonica cannot decode it).
    static func read(_ request: inout Request, maxBytes: Int, bodyTimeout: Double) async throws -> Upload {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBytes {
            throw tooLarge(maxBytes)
        }
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maxBytes, within: bodyTimeout) } catch is NIOTooManyBytesError {
            throw tooLarge(maxBytes)
        }
        let body = Data(buffer.readableBytesView)
        let contentType = request.headers[.contentType] ?? ""
        var image: Data
        var fields: [String: String] = [:]
        if let boundary = MultipartForm.boundary(contentType: contentType) {
            let form: MultipartForm
            do { form = try MultipartForm(body: body, boundary: boundary) } catch {
                throw APIError(.badRequest, "INVALID_MULTIPART", "Cannot read the multipart form: \(error.description)")
            }
            guard let part = form.part("image") else {
                throw APIError(.unprocessableContent, "FIELD_REQUIRED",
                               "Field required: image (a multipart/form-data file field named \"image\"; got \(form.parts.map { "\"\($0.name)\"" }.joined(separator: ", ")))")
            }
            image = part.data
            for p in form.parts where p.filename == nil && p.name != "image" {
                fields[p.name] = String(decoding: p.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } else if contentType.lowercased().hasPrefix("image/") || contentType.lowercased().hasPrefix("application/octet-stream") {
            image = body
        } else {
            throw APIError(.unsupportedMediaType, "UNSUPPORTED_MEDIA_TYPE",
                           "Send the image as multipart/form-data with a file field named \"image\" (Content-Type was '\(contentType)')")
        }
        guard !image.isEmpty else { throw APIError(.unprocessableContent, "EMPTY_IMAGE", "The image field is empty (0 bytes)") }
        let format = try acceptedFormat(image)
        image = Data(image)  // detach from the body's storage
        return Upload(image: image, format: format, fields: fields)
    }

    /// The sniffed format, or a 415 saying which formats are accepted.
    static func acceptedFormat(_ data: Data) throws -> ImageFormat {
        let format = ImageFormat.sniff(data)
        switch format {
        case .png, .jpeg, .tiff, .bmp, .webp: return format
        case .heif:
            throw APIError(.unsupportedMediaType, "UNSUPPORTED_IMAGE_TYPE", "HEIC/HEIF images cannot be decoded here; send JPEG or PNG")
        case .gif, .pnm, .unknown:
            throw APIError(.unsupportedMediaType, "UNSUPPORTED_IMAGE_TYPE",
                           "Not an accepted image (PNG, JPEG, TIFF, BMP or WebP, recognised by its first bytes)")
        }
    }

    /// 413 naming the cap.
    static func tooLarge(_ maxBytes: Int) -> APIError {
        APIError(.contentTooLarge, "PAYLOAD_TOO_LARGE", "The upload exceeds the \(Self.megabytes(maxBytes)) MB limit")
    }

    static func megabytes(_ bytes: Int) -> String { DataURI.megabytes(bytes) }
}
