import Foundation

/// A parsed `multipart/form-data` body (RFC 7578): enough for the apps' uploads, an `image`
/// file part and plain text fields such as `device_type`.
public struct MultipartForm: Sendable {
    /// One part of the form.
    public struct Part: Sendable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var data: Data
    }

    public var parts: [Part]

    /// The body could not be read as a form.
    public struct Malformed: Error, CustomStringConvertible, Sendable { public var description: String }

    /// The boundary of a `multipart/form-data; boundary=…` content type, `nil` for other types.
    public static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for p in pieces.dropFirst() where p.lowercased().hasPrefix("boundary=") {
            var b = String(p.dropFirst("boundary=".count))
            if b.hasPrefix("\""), b.hasSuffix("\""), b.count >= 2 { b = String(b.dropFirst().dropLast()) }
            return b.isEmpty ? nil : b
        }
        return nil
    }

    /// Parses `body` delimited by `boundary`.
    public init(body: Data, boundary: String) throws(Malformed) {
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        guard var cursor = body.range(of: delimiter)?.upperBound else {
            throw Malformed(description: "the multipart body has no part delimited by its boundary")
        }
        var parts: [Part] = []
        while true {
            // After a delimiter: `--` ends the form, otherwise CRLF then the part's headers.
            if body[cursor...].starts(with: Data("--".utf8)) { break }
            guard body[cursor...].starts(with: crlf) else { throw Malformed(description: "a multipart delimiter is not followed by a line break") }
            cursor += 2
            guard let hEnd = body.range(of: headerEnd, in: cursor..<body.endIndex) else {
                throw Malformed(description: "a multipart part has no end of headers")
            }
            let headers = String(decoding: body[cursor..<hEnd.lowerBound], as: UTF8.self)
            let contentStart = hEnd.upperBound
            guard let next = body.range(of: crlf + delimiter, in: contentStart..<body.endIndex) else {
                throw Malformed(description: "a multipart part is not closed by the boundary (truncated upload?)")
            }
            var part = Part(name: "", filename: nil, contentType: nil, data: Data(body[contentStart..<next.lowerBound]))
            for line in headers.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if key == "content-disposition" {
                    part.name = Self.parameter("name", in: value) ?? ""
                    part.filename = Self.parameter("filename", in: value)
                } else if key == "content-type" {
                    part.contentType = value
                }
            }
            parts.append(part)
            cursor = next.upperBound
        }
        self.parts = parts
    }

    /// The first part called `name`.
    public func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// The text of the field `name`, trimmed.
    public func field(_ name: String) -> String? {
        part(name).map { String(decoding: $0.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// `name="value"` (or unquoted) from a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let kv = piece.trimmingCharacters(in: .whitespaces)
            guard let eq = kv.firstIndex(of: "="), kv[..<eq].lowercased() == key else { continue }
            var v = String(kv[kv.index(after: eq)...])
            if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = String(v.dropFirst().dropLast()) }
            return v
        }
        return nil
    }
}
