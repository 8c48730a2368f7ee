import Foundation
import Testing
import TestSupport

/// Memory stays flat over repeated reads: measured in a separate `scanbench` process so tests
/// running in parallel cannot disturb the figure.
@Suite("Memory over repeated reads")
struct MemoryTests {
    @Test func repeatedReadsKeepRSSFlat() throws {
        let img = try LineSet.make(count: 1, name: "memory").appendingPathComponent(LineSet.fileName(0))
        let r = try Fixtures.run(Fixtures.scanbenchBinary, ["read", img.path, "--repeat", "150"])
        #expect(r.status == 0, "stderr: \(r.err)")
        // "reads 150  p50 … rss_after_warmup_kib A  rss_end_kib B  growth_pct G"
        let fields = r.out.split(whereSeparator: \.isWhitespace).map(String.init)
        let growth = try #require(fields.firstIndex(of: "growth_pct").flatMap { Double(fields[$0 + 1]) }, "output: \(r.out)")
        #expect(growth < 5, "RSS grew \(growth) % over 150 pipeline reads (~900 engine reads)")
    }
}
