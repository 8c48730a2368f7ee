/// One slice of a sharded run: shard `index` of `count` (1-based, as written on the command
/// line: `--shard 2/3`). An image belongs to the shard chosen by a stable hash of its path
/// relative to the dataset, so every machine agrees without talking to the others and adding an
/// image never moves the others between shards.
public struct Shard: Hashable, Sendable, Codable, CustomStringConvertible {
    /// 1-based shard number.
    public let index: Int
    /// Number of shards.
    public let count: Int

    /// `--shard` was not of the form `K/N` with 1 ≤ K ≤ N.
    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Creates shard `index` of `count`; `1 ≤ index ≤ count` is the caller's responsibility.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard index must be within 1…count")
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, e.g. `2/3`.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw ParseError(description: "--shard expects K/N with 1 ≤ K ≤ N (e.g. 1/3), got '\(text)'")
        }
        self.init(index: k, count: n)
    }

    /// The whole dataset in one shard.
    public static let all = Shard(index: 1, count: 1)

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the image at `relativePath` belongs to this shard.
    public func contains(relativePath: String) -> Bool {
        count == 1 || Int(Self.fnv1a64(relativePath) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a over the UTF-8 bytes: the same on every machine and every run (Swift's
    /// `Hasher` is seeded per process, so it cannot be used to split work across processes).
    public static func fnv1a64(_ text: String) -> UInt64 { fnv1a64(bytes: text.utf8) }

    /// 64-bit FNV-1a over `bytes` (a file's, for its digest).
    public static func fnv1a64(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
