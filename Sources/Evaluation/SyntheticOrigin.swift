import Foundation

/// Which synthetic set a run read (`evaluate --synthetic`): with the same kind, seed, count,
/// capture and generator version the set is the same, image for image, so the run can be
/// repeated. Kept in the run's facts (and its record header) so a merge of shards keeps it.
public struct SyntheticOrigin: Codable, Sendable, Hashable {
    /// The generator's kind (`etched`, `permit`, …).
    public var kind: String
    /// The seed the set was drawn with.
    public var seed: UInt64
    /// Images in the whole set (every shard).
    public var count: Int
    /// How documents were photographed (`flat`, `phone`, `mixed`); only document kinds use it.
    public var capture: String
    /// `DatasetGenerator.version` of the generator that drew it.
    public var generatorVersion: String

    /// Describes a set.
    public init(kind: String, seed: UInt64, count: Int, capture: String, generatorVersion: String) {
        self.kind = kind
        self.seed = seed
        self.count = count
        self.capture = capture
        self.generatorVersion = generatorVersion
    }

    /// The `synthetic` object of the summary JSON. A seed above `Int.max` is written as a
    /// decimal string, since JSON numbers here are signed 64-bit.
    public var json: JSONValue {
        .object([
            ("kind", .string(kind)),
            ("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed))),
            ("count", .int(count)),
            ("capture", .string(capture)),
            ("generator_version", .string(generatorVersion)),
        ])
    }
}
