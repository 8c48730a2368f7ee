extension KeyedDecodingContainer {
    /// The value at `key`, or `fallback` when the key is absent: the optional tuning keys of a
    /// preset, which older preset files lack, keep the built-in value.
    func decode<T: Decodable>(_ key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
