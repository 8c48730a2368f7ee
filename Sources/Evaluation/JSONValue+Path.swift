extension JSONValue {
    /// Dotted paths of every leaf of an object tree (arrays count as leaves), for messages.
    public var leafPaths: [String] {
        guard case let .object(pairs) = self else { return [] }
        return pairs.flatMap { k, v -> [String] in
            if case .object = v { return v.leafPaths.map { k + "." + $0 } }
            return [k]
        }
    }

    /// The value at a dotted path of object keys.
    public func value(atPath path: String) -> JSONValue? {
        var node: JSONValue? = self
        for part in path.split(separator: ".") { node = node?[String(part)] }
        return node
    }

    /// Replaces the value at an existing dotted path; returns `false` when the path does not
    /// exist. A scalar put where a list is expected becomes a one-element list, so
    /// `crop.target_heights=36` means `[36]`.
    @discardableResult
    public mutating func set(path: String, to value: JSONValue) -> Bool {
        let parts = path.split(separator: ".").map(String.init)
        return Self.set(&self, parts[...], value)
    }

    private static func set(_ node: inout JSONValue, _ parts: ArraySlice<String>, _ value: JSONValue) -> Bool {
        guard case var .object(pairs) = node, let key = parts.first,
              let i = pairs.firstIndex(where: { $0.0 == key }) else { return false }
        if parts.count == 1 {
            if case .array = pairs[i].1, !Self.isArray(value) { pairs[i].1 = .array([value]) } else { pairs[i].1 = value }
        } else {
            var child = pairs[i].1
            guard set(&child, parts.dropFirst(), value) else { return false }
            pairs[i].1 = child
        }
        node = .object(pairs)
        return true
    }

    private static func isArray(_ v: JSONValue) -> Bool { if case .array = v { true } else { false } }
}
