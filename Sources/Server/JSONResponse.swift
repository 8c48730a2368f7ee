import Evaluation
import Foundation
import HTTPTypes
import Hummingbird

/// Responses with a JSON body whose keys keep the contract's order (`JSONValue`).
enum JSONResponse {
    /// `value` serialised (pretty, like the CLI's files) with `Content-Type: application/json`.
    static func make(_ value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: value.serialized() + "\n")))
    }

    /// The backend's timestamp: UTC, microseconds, no zone (`2025-08-18T03:17:31.696313`).
    static func timestamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let micros = Int((date.timeIntervalSince1970 * 1e6).rounded()) % 1_000_000
        return f.string(from: date) + "." + String(format: "%06d", max(0, micros))
    }

    /// A number rounded to `places` decimals (seconds, confidences), never NaN.
    static func rounded(_ x: Double, _ places: Int) -> JSONValue {
        guard x.isFinite else { return .double(0) }
        let m = pow(10.0, Double(places))
        return .double((x * m).rounded() / m)
    }
}
