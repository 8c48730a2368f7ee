import Foundation
import Imaging

/// A `data:` URI carrying an image, as the signup app sends its permit photo
/// (`data:image/jpeg;base64,/9j/4AAQ…`).
///
/// The apps encode with line breaks (iOS `lineLength64Characters`, Android `Base64.DEFAULT`
/// every 76 characters), so whitespace inside the payload is accepted; anything else that is
/// not base64 is refused rather than silently skipped.
public struct DataURI: Hashable, Sendable {
    /// The declared media type, lower-cased (e.g. `image/jpeg`); `image/jpeg` when the URI
    /// gives none.
    public var mediaType: String
    /// The decoded bytes.
    public var data: Data
    /// The format sniffed from the bytes (which wins over the declared type).
    public var format: ImageFormat

    /// Parses and decodes `string`. A bare base64 payload (no `data:` header) is accepted too,
    /// since some clients strip the prefix. With `maxBytes`, an image larger than that is
    /// refused (`.tooLarge`), before decoding when the payload's length already says so.
    public init(parsing string: String, maxBytes: Int? = nil) throws(DataURIError) {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DataURIError(.empty, "the image string is empty") }
        var mediaType = "image/jpeg"
        var payload = Substring(trimmed)
        if trimmed.lowercased().hasPrefix("data:") {
            guard let comma = trimmed.firstIndex(of: ",") else {
                throw DataURIError(.malformed, "the data URI has no ',' between its header and its payload")
            }
            let header = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<comma].lowercased()
            let parts = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count >= 2, parts.last == "base64" else {
                throw DataURIError(.malformed, "the data URI is not base64-encoded (header 'data:\(header)'); expected 'data:image/jpeg;base64,'")
            }
            if let declared = parts.first, !declared.isEmpty {
                guard declared.hasPrefix("image/") else {
                    throw DataURIError(.notAnImage, "the data URI declares '\(declared)', not an image type")
                }
                mediaType = declared
            }
            payload = trimmed[trimmed.index(after: comma)...]
        }
        let compact = String(payload.filter { !$0.isWhitespace })
        guard !compact.isEmpty else { throw DataURIError(.empty, "the data URI has no payload after the comma") }
        // base64 grows data by 4/3: refuse before decoding what could not fit the cap.
        if let maxBytes, compact.utf8.count > (maxBytes / 3 + 1) * 4 + 1024 {
            throw DataURIError(.tooLarge, "the image exceeds the \(Self.megabytes(maxBytes)) MB limit")
        }
        guard let data = Self.decodeBase64(compact) else {
            throw DataURIError(.invalidBase64, "the payload is not valid base64 (\(compact.count) characters)")
        }
        guard !data.isEmpty else { throw DataURIError(.empty, "the payload decodes to 0 bytes") }
        if let maxBytes, data.count > maxBytes {
            throw DataURIError(.tooLarge, "the image exceeds the \(Self.megabytes(maxBytes)) MB limit")
        }
        let format = ImageFormat.sniff(data)
        // PNM is ScanBench's own in-memory hand-over (robustness), not something the apps send.
        guard format != .unknown, format != .pnm else {
            throw DataURIError(.notAnImage, "the payload is not an image (first bytes: \(data.prefix(8).map { String(format: "%02x", $0) }.joined()))")
        }
        self.mediaType = mediaType
        self.data = data
        self.format = format
    }

    /// Accepts standard and URL-safe alphabets, with or without `=` padding.
    static func decodeBase64(_ s: String) -> Data? {
        var t = s
        if t.contains("-") || t.contains("_") {
            t = t.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        }
        let rem = t.count % 4
        if rem == 1 { return nil }
        if rem > 0 && !t.hasSuffix("=") { t += String(repeating: "=", count: 4 - rem) }
        return Data(base64Encoded: t)
    }

    /// `10`, `0.5`: a byte count in MiB, as the limits are stated.
    public static func megabytes(_ bytes: Int) -> String {
        let mb = Double(bytes) / 1_048_576
        return mb == mb.rounded() ? String(Int(mb)) : String(format: "%.1f", mb)
    }

    /// Encodes `data` the way the apps do: `data:<mediaType>;base64,<payload>`.
    public static func encode(_ data: Data, mediaType: String = "image/jpeg") -> String {
        "data:\(mediaType);base64,\(data.base64EncodedString())"
    }
}
