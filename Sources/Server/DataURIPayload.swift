import Foundation

/// The image inside a `data:image/…;base64,…` URI, as the signup form sends `licenseImage`.
/// Only what `/permit` must check before any work starts: the scheme, an image media type,
/// base64, and a size cap on the decoded bytes.
struct DataURIPayload: Sendable {
    var mediaType: String
    var data: Data

    /// Why a URI was refused (the message goes into the refusal's `reason`).
    struct Refusal: Error, CustomStringConvertible, Sendable {
        var description: String
        var tooLarge = false
    }

    init(_ uri: String, maxBytes: Int) throws(Refusal) {
        let s = uri.trimmingCharacters(in: .whitespacesAndNewlines)
        guard s.lowercased().hasPrefix("data:"), let comma = s.firstIndex(of: ",") else {
            throw Refusal(description: "licenseImage is not a data URI (expected data:image/jpeg;base64,…)")
        }
        let meta = s[s.index(s.startIndex, offsetBy: 5)..<comma].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let type = meta.first ?? ""
        guard type.hasPrefix("image/") else { throw Refusal(description: "licenseImage has media type '\(type)', not an image") }
        guard meta.dropFirst().contains("base64") else { throw Refusal(description: "licenseImage is not base64-encoded") }
        let payload = s[s.index(after: comma)...]
        // base64 grows data by 4/3: refuse before decoding what could not fit the cap.
        guard payload.utf8.count <= (maxBytes / 3 + 1) * 4 + 1024 else {
            throw Refusal(description: "licenseImage exceeds the \(Upload.megabytes(maxBytes)) MB limit", tooLarge: true)
        }
        let cleaned = payload.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: String(cleaned)) ?? Data(base64Encoded: Self.padded(String(cleaned))) else {
            throw Refusal(description: "licenseImage's base64 payload is malformed")
        }
        guard data.count <= maxBytes else {
            throw Refusal(description: "licenseImage exceeds the \(Upload.megabytes(maxBytes)) MB limit", tooLarge: true)
        }
        guard !data.isEmpty else { throw Refusal(description: "licenseImage is empty") }
        self.mediaType = type
        self.data = data
    }

    /// Adds the `=` padding some encoders omit.
    static func padded(_ s: String) -> String {
        let r = s.count % 4
        return r == 0 ? s : s + String(repeating: "=", count: 4 - r)
    }
}
