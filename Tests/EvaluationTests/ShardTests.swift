import Evaluation
import Testing

@Suite("Shards")
struct ShardTests {
    @Test func fnv1aMatchesTheReferenceVectors() {
        // Published FNV-1a 64-bit test vectors.
        #expect(Shard.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func everyPathIsInExactlyOneShard() {
        let paths = (0..<500).map { "folder\($0 % 7)/img_\($0).jpg" }
        for n in [1, 2, 3, 5] {
            let shards = (1...n).map { Shard(index: $0, count: n) }
            for p in paths { #expect(shards.filter { $0.contains(relativePath: p) }.count == 1) }
            if n == 3 {
                let sizes = shards.map { s in paths.filter { s.contains(relativePath: $0) }.count }
                #expect(sizes.allSatisfy { $0 > 120 }, "roughly balanced: \(sizes)")
            }
        }
    }

    @Test func parsing() throws {
        #expect(try Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", "/3", "1/3/4"] {
            #expect(throws: Shard.ParseError.self) { try Shard(parsing: bad) }
        }
    }
}
