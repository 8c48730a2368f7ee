import Evaluation
import Foundation
import Hummingbird
import NIOCore
import PermitReading
import ReadingCore

extension ScanServer {
    /// `POST /permit`: JSON `{"licenseImage": "data:image/jpeg;base64,…"}` → `{"permitNumber",
    /// "confidence"}`, or the signup refusal body (`statusCode`, `message`, `reason`, plus the
    /// contract's `detail`, `error_code`, `status_code`) with 400/422.
    func permit(_ request: Request) async throws -> Response {
        var request = request
        // The data URI is base64: 4/3 of the image cap, plus room for the JSON around it.
        let maxBody = config.maxUploadBytes / 3 * 4 + 64 * 1024
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBody {
            throw Self.permitRefusal(413, "PAYLOAD_TOO_LARGE", message: PermitRefusal.couldNotExtractMessage,
                                     reason: "The image exceeds the \(Upload.megabytes(config.maxUploadBytes)) MB limit")
        }
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: maxBody, within: config.bodyTimeout) } catch is NIOTooManyBytesError {
            throw Self.permitRefusal(413, "PAYLOAD_TOO_LARGE", message: PermitRefusal.couldNotExtractMessage,
                                     reason: "The image exceeds the \(Upload.megabytes(config.maxUploadBytes)) MB limit")
        }
        let json = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))
        guard let object = json as? [String: Any] else {
            throw Self.permitRefusal(400, "INVALID_REQUEST", message: "licenseImage is required",
                                     reason: "The body must be JSON: {\"licenseImage\": \"data:image/jpeg;base64,…\"}")
        }
        guard let uri = object["licenseImage"] as? String, !uri.isEmpty else {
            throw Self.permitRefusal(400, "INVALID_REQUEST", message: "licenseImage is required",
                                     reason: "licenseImage must be a data URI string (data:image/jpeg;base64,…)")
        }
        let payload: DataURI
        do { payload = try DataURI(parsing: uri, maxBytes: config.maxUploadBytes) } catch {
            let tooLarge = error.kind == .tooLarge
            throw Self.permitRefusal(tooLarge ? 413 : 400, tooLarge ? "PAYLOAD_TOO_LARGE" : "INVALID_IMAGE",
                                     message: PermitRefusal.couldNotExtractMessage, reason: "\(PermitRefusal.unreadableReason): \(error.description)")
        }
        do { _ = try Upload.acceptedFormat(payload.data) } catch let e as APIError {
            throw Self.permitRefusal(400, "INVALID_IMAGE", message: PermitRefusal.couldNotExtractMessage,
                                     reason: "\(PermitRefusal.unreadableReason): \(e.detail)")
        }
        let image = payload.data
        let answer: PermitAnswer? = try await onWorker { context in
            guard let reader = try context.permit() else { return nil }
            return reader.readPermit(image)
        }
        switch answer {
        case nil:
            throw APIError(.notImplemented, "PERMIT_READER_UNAVAILABLE", "This server has no permit reader bound")
        case let .accepted(response)?:
            return JSONResponse.make(PermitAnswer.accepted(response).body)
        case let .refused(r)?:
            let code = r.statusCode == 400 ? "PERMIT_UNREADABLE" : r.message == PermitRefusal.notPermitMessage ? "NOT_A_PERMIT" : "PERMIT_NUMBER_NOT_FOUND"
            throw Self.permitRefusal(code, r)
        }
    }

    /// A refusal carrying both shapes: the contract's error keys and the signup endpoint's
    /// `statusCode`, `message`, `reason` (the app matches on `message`).
    static func permitRefusal(_ status: Int, _ code: String, message: String, reason: String?) -> APIError {
        permitRefusal(code, PermitRefusal(statusCode: status, message: message, reason: reason))
    }

    /// `refusal` as an error response: its body (`PermitAnswer`'s) after the contract's keys.
    static func permitRefusal(_ code: String, _ refusal: PermitRefusal) -> APIError {
        var e = APIError(HTTPResponse.Status(code: refusal.statusCode), code, refusal.reason ?? refusal.message)
        if case .object(let body) = PermitAnswer.refused(refusal).body { e.extra = body }
        return e
    }
}
