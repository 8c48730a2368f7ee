import Foundation

/// A JSON value whose objects keep their keys in insertion order, so outputs can follow the
/// contract's key order exactly (Foundation's encoder cannot promise an order).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.int(x), .int(y)): x == y
        case let (.double(x), .double(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into h: inout Hasher) { h.combine(serialized()) }

    /// Value for `key` in an object, `nil` otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// Keys of an object in order (empty otherwise).
    public var keys: [String] {
        guard case let .object(pairs) = self else { return [] }
        return pairs.map(\.0)
    }

    /// Numeric value of an `.int` or `.double`.
    public var number: Double? {
        switch self {
        case let .int(i): Double(i)
        case let .double(d): d
        default: nil
        }
    }

    /// String value of a `.string`.
    public var string: String? { if case let .string(s) = self { s } else { nil } }

    /// Serialises to JSON text. Non-finite doubles become `0.0`: the contract forbids NaN.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(into out: inout String, indent: Int?) {
        let nl = indent == nil ? "" : "\n"
        let pad = { (n: Int) in String(repeating: "  ", count: n) }
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .int(i): out += String(i)
        case let .double(d): out += Self.format(d)
        case let .string(s): out += Self.quote(s)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + nl
            for (i, item) in items.enumerated() {
                if let indent { out += pad(indent + 1) }
                item.write(into: &out, indent: indent.map { $0 + 1 })
                out += (i < items.count - 1 ? "," : "") + nl
            }
            if let indent { out += pad(indent) }
            out += "]"
        case let .object(pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{" + nl
            for (i, (k, v)) in pairs.enumerated() {
                if let indent { out += pad(indent + 1) }
                out += Self.quote(k) + (indent == nil ? ":" : ": ")
                v.write(into: &out, indent: indent.map { $0 + 1 })
                out += (i < pairs.count - 1 ? "," : "") + nl
            }
            if let indent { out += pad(indent) }
            out += "}"
        }
    }

    /// Shortest round-trip text of a finite double, always with a decimal point (`50.0`).
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "0.0" }
        if d == d.rounded(), abs(d) < 1e15 { return String(format: "%.1f", d) }
        return "\(d)"
    }

    static func quote(_ s: String) -> String {
        var r = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": r += "\\\""
            case "\\": r += "\\\\"
            case "\n": r += "\\n"
            case "\r": r += "\\r"
            case "\t": r += "\\t"
            default:
                if u.value < 0x20 { r += String(format: "\\u%04x", u.value) } else { r.unicodeScalars.append(u) }
            }
        }
        return r + "\""
    }

    /// Parses JSON text, keeping object key order.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = OrderedJSONParser(text)
        guard let value = try? parser.parse() else { throw JSONParseError() }
        return value
    }
}

/// The text given to `JSONValue.parse` is not valid JSON.
public struct JSONParseError: Error, Sendable {}

/// A small recursive-descent JSON parser that keeps object key order.
struct OrderedJSONParser {
    private let s: [UInt8]
    private var i = 0
    init(_ text: String) { s = Array(text.utf8) }

    mutating func parse() throws -> JSONValue? {
        let v = try value()
        skip()
        return i == s.count ? v : nil
    }

    private mutating func skip() { while i < s.count, [0x20, 0x0A, 0x0D, 0x09].contains(s[i]) { i += 1 } }

    private struct Bad: Error {}

    private mutating func value() throws -> JSONValue {
        skip()
        guard i < s.count else { throw Bad() }
        switch s[i] {
        case UInt8(ascii: "{"):
            i += 1; var pairs: [(String, JSONValue)] = []
            skip(); if i < s.count, s[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
            while true {
                skip(); let k = try string(); skip()
                guard i < s.count, s[i] == UInt8(ascii: ":") else { throw Bad() }
                i += 1
                pairs.append((k, try value())); skip()
                guard i < s.count else { throw Bad() }
                if s[i] == UInt8(ascii: ",") { i += 1; continue }
                if s[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                throw Bad()
            }
        case UInt8(ascii: "["):
            i += 1; var items: [JSONValue] = []
            skip(); if i < s.count, s[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
            while true {
                items.append(try value()); skip()
                guard i < s.count else { throw Bad() }
                if s[i] == UInt8(ascii: ",") { i += 1; continue }
                if s[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                throw Bad()
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): i += 4; return .bool(true)
        case UInt8(ascii: "f"): i += 5; return .bool(false)
        case UInt8(ascii: "n"): i += 4; return .null
        default:
            let start = i
            var isDouble = false
            while i < s.count, let c = Optional(s[i]), (c >= 0x30 && c <= 0x39) || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(c) {
                if [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(c) { isDouble = true }
                i += 1
            }
            let t = String(decoding: s[start..<i], as: UTF8.self)
            if !isDouble, let n = Int(t) { return .int(n) }
            guard let d = Double(t) else { throw Bad() }
            return .double(d)
        }
    }

    private mutating func string() throws -> String {
        guard i < s.count, s[i] == UInt8(ascii: "\"") else { throw Bad() }
        i += 1
        var bytes: [UInt8] = []
        while i < s.count, s[i] != UInt8(ascii: "\"") {
            if s[i] == UInt8(ascii: "\\"), i + 1 < s.count {
                i += 1
                switch s[i] {
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "u"):
                    guard i + 4 < s.count, var code = UInt32(String(decoding: s[(i + 1)...(i + 4)], as: UTF8.self), radix: 16) else { throw Bad() }
                    i += 4
                    // Surrogate pair.
                    if (0xD800...0xDBFF).contains(code), i + 6 < s.count, s[i + 1] == UInt8(ascii: "\\"), s[i + 2] == UInt8(ascii: "u"),
                       let lo = UInt32(String(decoding: s[(i + 3)...(i + 6)], as: UTF8.self), radix: 16) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (lo - 0xDC00); i += 6
                    }
                    bytes.append(contentsOf: Array(String(Character(Unicode.Scalar(code) ?? "?")).utf8))
                default: bytes.append(s[i])
                }
                i += 1
            } else { bytes.append(s[i]); i += 1 }
        }
        guard i < s.count else { throw Bad() }
        i += 1
        return String(decoding: bytes, as: UTF8.self)
    }
}
