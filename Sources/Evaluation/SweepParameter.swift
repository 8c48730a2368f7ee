/// One `--param PATH=V1,V2,…` of `scanbench sweep`: a dotted path into the preset's YAML fields
/// (`crop.variants`, `page.max_side`) and the values to try there.
///
/// Values are separated by commas; a list value is written `a+b` or `[a,b]` (commas inside
/// brackets do not split). Numbers and `true`/`false` keep their type; anything else is a string.
public struct SweepParameter: Sendable, Hashable {
    /// Dotted path of the field.
    public var path: String
    /// Values to try, in the order given.
    public var values: [JSONValue]

    /// `--param` was malformed.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Creates a parameter.
    public init(path: String, values: [JSONValue]) {
        self.path = path
        self.values = values
    }

    /// Parses `path=v1,v2,...`.
    public init(parsing text: String) throws(ParseError) {
        guard let eq = text.firstIndex(of: "=") else {
            throw ParseError(description: "--param expects PATH=V1,V2 (e.g. crop.variants=gray,sauvola), got '\(text)'")
        }
        let path = text[..<eq].trimmingCharacters(in: .whitespaces)
        let rest = String(text[text.index(after: eq)...])
        guard !path.isEmpty, !path.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw ParseError(description: "--param '\(text)': the path before '=' must be dotted field names, e.g. page.max_side")
        }
        let values = Self.splitTopLevel(rest).map(Self.value)
        guard !values.isEmpty, !rest.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ParseError(description: "--param '\(text)' has no values after '='")
        }
        self.init(path: path, values: values)
    }

    /// Splits on commas outside `[...]`.
    static func splitTopLevel(_ s: String) -> [String] {
        var out: [String] = [], cur = "", depth = 0
        for ch in s {
            switch ch {
            case "[": depth += 1; cur.append(ch)
            case "]": depth = max(0, depth - 1); cur.append(ch)
            case "," where depth == 0: out.append(cur); cur = ""
            default: cur.append(ch)
            }
        }
        out.append(cur)
        return out.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A typed value from its text: `[a,b]` / `a+b` lists, integers, decimals, booleans, strings.
    public static func value(_ raw: String) -> JSONValue {
        let t = raw.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("["), t.hasSuffix("]") {
            return .array(splitTopLevel(String(t.dropFirst().dropLast())).map(value))
        }
        if t.contains("+"), Double(t) == nil {
            return .array(t.split(separator: "+").map { value(String($0)) })
        }
        if let i = Int(t) { return .int(i) }
        if let d = Double(t), t.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return .double(d) }
        if t == "true" { return .bool(true) }
        if t == "false" { return .bool(false) }
        return .string(t)
    }

    /// A value as the sweep CSV writes it: lists joined with `+`, as they are typed.
    public static func text(_ v: JSONValue) -> String {
        switch v {
        case let .array(items): items.map(text).joined(separator: "+")
        case let .string(s): s
        case let .int(i): String(i)
        case let .double(d): "\(d)"
        case let .bool(b): b ? "true" : "false"
        case .null: ""
        case .object: v.serialized(pretty: false)
        }
    }
}
