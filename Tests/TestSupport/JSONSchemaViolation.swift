/// One way an instance breaks a JSON Schema: where (a `$.a.b[0]` path) and why.
public struct JSONSchemaViolation: Hashable, Sendable, CustomStringConvertible {
    /// Location in the instance, `$` being the root.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// A violation at `path`.
    public init(path: String, message: String) { self.path = path; self.message = message }

    public var description: String { "\(path): \(message)" }
}

/// A schema file could not be read or parsed.
public struct JSONSchemaLoadError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the path.
    public var message: String
    public var description: String { message }
}
