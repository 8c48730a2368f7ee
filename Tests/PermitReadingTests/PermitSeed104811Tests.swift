@testable import PermitReading
import Testing

/// Permits of seed 104811 (issue 28, a development seed) read wrong or refused though legible,
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of seed 104811")
struct PermitSeed104811Tests {
    /// Phone 104811 #223 (`N° 2088/2013`, shaken 4 px): the page and most crops read
    /// `20882013`, the permit model and English `2088/2013` on one crop between them. The
    /// engines' consensus has the page read's digits and the separator it lost: its form is the
    /// answer.
    @Test func theConsensusPutsBackTheSeparatorThePageReadLost() throws {
        let result = try GeneratedPermit.read(seed: 104811, .phone, 223, label: "2088/2013")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2088/2013", "\(result.stage)")
    }
}
