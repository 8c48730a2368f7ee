import Evaluation
import Foundation

/// A small JSON Schema validator (draft 2020-12 / 07 subset) for tests: `type`, `enum`, `const`,
/// `required`, `properties`, `additionalProperties`, `propertyNames`, `items`, `minItems`,
/// `maxItems`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`,
/// `maxLength`, `pattern`, `allOf`/`anyOf`/`oneOf`/`not`, and `$ref` to `#/$defs/…` or
/// `#/definitions/…` in the same document. Unknown keywords are ignored, as the spec says.
public struct JSONSchemaValidator: Sendable {
    /// The root schema document.
    public let schema: JSONValue

    /// Validates against `schema`.
    public init(schema: JSONValue) { self.schema = schema }

    /// Loads a schema document from a file.
    public init(contentsOf url: URL) throws(JSONSchemaLoadError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw JSONSchemaLoadError(message: "cannot read schema \(url.path): \(error)")
        }
        do { schema = try JSONValue.parse(text) } catch {
            throw JSONSchemaLoadError(message: "schema \(url.path) is not valid JSON")
        }
    }

    /// Every violation of the schema by `instance`; empty when it is valid.
    public func validate(_ instance: JSONValue) -> [JSONSchemaViolation] {
        var out: [JSONSchemaViolation] = []
        check(instance, against: schema, at: "$", into: &out, depth: 0)
        return out
    }

    /// Parses `text` as JSON and validates it; a parse failure is one violation at `$`.
    public func validate(text: String) -> [JSONSchemaViolation] {
        guard let value = try? JSONValue.parse(text) else {
            return [JSONSchemaViolation(path: "$", message: "not valid JSON")]
        }
        return validate(value)
    }

    private func check(_ v: JSONValue, against s: JSONValue, at path: String, into out: inout [JSONSchemaViolation], depth: Int) {
        precondition(depth < 64, "schema recursion too deep at \(path)")
        func fail(_ m: String) { out.append(JSONSchemaViolation(path: path, message: m)) }
        switch s {
        case .bool(true): return
        case .bool(false): fail("no value is allowed here"); return
        case .object: break
        default: fail("schema is neither an object nor a boolean"); return
        }

        if let ref = s["$ref"]?.string {
            if let target = resolve(ref) { check(v, against: target, at: path, into: &out, depth: depth + 1) } else { fail("unresolvable $ref \(ref)") }
        }
        if let t = s["type"] {
            let names: [String] = if case let .array(a) = t { a.compactMap(\.string) } else { t.string.map { [$0] } ?? [] }
            if !names.contains(where: { Self.has(v, type: $0) }) {
                fail("expected \(names.joined(separator: " or ")), got \(Self.typeName(v))")
                return
            }
        }
        if case let .array(options)? = s["enum"], !options.contains(where: { Self.equal($0, v) }) {
            fail("\(v.serialized(pretty: false)) is not one of \(JSONValue.array(options).serialized(pretty: false))")
        }
        if let c = s["const"], !Self.equal(c, v) { fail("expected constant \(c.serialized(pretty: false))") }

        if let x = v.number, Self.isNumber(v) {
            if let m = s["minimum"]?.number, x < m { fail("\(x) is below the minimum \(m)") }
            if let m = s["maximum"]?.number, x > m { fail("\(x) is above the maximum \(m)") }
            if let m = s["exclusiveMinimum"]?.number, x <= m { fail("\(x) is not above \(m)") }
            if let m = s["exclusiveMaximum"]?.number, x >= m { fail("\(x) is not below \(m)") }
        }
        if case let .string(str) = v {
            let n = str.unicodeScalars.count
            if let m = s["minLength"]?.number, Double(n) < m { fail("string shorter than \(Int(m))") }
            if let m = s["maxLength"]?.number, Double(n) > m { fail("string longer than \(Int(m))") }
            if let p = s["pattern"]?.string {
                if let re = try? NSRegularExpression(pattern: p) {
                    if re.firstMatch(in: str, range: NSRange(str.startIndex..., in: str)) == nil { fail("\"\(str)\" does not match /\(p)/") }
                } else { fail("bad pattern /\(p)/ in schema") }
            }
        }
        if case let .array(items) = v {
            if let m = s["minItems"]?.number, Double(items.count) < m { fail("fewer than \(Int(m)) items") }
            if let m = s["maxItems"]?.number, Double(items.count) > m { fail("more than \(Int(m)) items") }
            if let itemSchema = s["items"] {
                for (i, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(i)]", into: &out, depth: depth + 1) }
            }
        }
        if case let .object(pairs) = v {
            if case let .array(req)? = s["required"] {
                for case let .string(k) in req where !pairs.contains(where: { $0.0 == k }) { fail("missing required key \"\(k)\"") }
            }
            var seen = Set<String>()
            for (k, _) in pairs where !seen.insert(k).inserted { fail("duplicate key \"\(k)\"") }
            let props = s["properties"]
            for (k, value) in pairs {
                let sub = "\(path).\(k)"
                if let names = s["propertyNames"] { check(.string(k), against: names, at: sub, into: &out, depth: depth + 1) }
                if let p = props?[k] {
                    check(value, against: p, at: sub, into: &out, depth: depth + 1)
                } else if let extra = s["additionalProperties"] {
                    if case .bool(false) = extra {
                        out.append(JSONSchemaViolation(path: sub, message: "key \"\(k)\" is not allowed"))
                    } else {
                        check(value, against: extra, at: sub, into: &out, depth: depth + 1)
                    }
                }
            }
        }
        if case let .array(all)? = s["allOf"] {
            for sub in all { check(v, against: sub, at: path, into: &out, depth: depth + 1) }
        }
        if case let .array(any)? = s["anyOf"] {
            if !any.contains(where: { passes(v, $0, path, depth) }) { fail("matches none of anyOf") }
        }
        if case let .array(one)? = s["oneOf"] {
            let n = one.filter { passes(v, $0, path, depth) }.count
            if n != 1 { fail("matches \(n) of oneOf, expected exactly 1") }
        }
        if let not = s["not"], passes(v, not, path, depth) { fail("matches a schema under not") }
    }

    private func passes(_ v: JSONValue, _ s: JSONValue, _ path: String, _ depth: Int) -> Bool {
        var sink: [JSONSchemaViolation] = []
        check(v, against: s, at: path, into: &sink, depth: depth + 1)
        return sink.isEmpty
    }

    /// Resolves a local JSON pointer (`#`, `#/$defs/x`, `#/definitions/x`, `#/properties/a/…`).
    private func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#") else { return nil }
        var node = schema
        for raw in ref.dropFirst().split(separator: "/") {
            let key = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if case let .array(a) = node, let i = Int(key), a.indices.contains(i) { node = a[i]; continue }
            guard let next = node[key] else { return nil }
            node = next
        }
        return node
    }

    private static func isNumber(_ v: JSONValue) -> Bool {
        switch v { case .int, .double: true; default: false }
    }

    private static func has(_ v: JSONValue, type: String) -> Bool {
        switch (type, v) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .int): true
        case let ("number", .double(d)): d.isFinite
        case ("integer", .int): true
        case let ("integer", .double(d)): d.isFinite && d == d.rounded()
        default: false
        }
    }

    private static func typeName(_ v: JSONValue) -> String {
        switch v {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case let .double(d): d.isFinite ? "number" : "non-finite number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// JSON equality: numbers compare by value (`1` equals `1.0`), objects ignore key order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.number, let y = b.number, isNumber(a), isNumber(b) { return x == y }
        switch (a, b) {
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case let (.object(x), .object(y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { kv in y.contains { $0.0 == kv.0 && equal($0.1, kv.1) } }
        default: return a == b
        }
    }
}
