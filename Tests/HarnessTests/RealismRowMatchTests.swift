import Harness
import Testing

@Suite("Realism row match")
struct RealismRowMatchTests {
    @Test func matchesTheTruthsLastEightCharactersAnywhereInTheRead() throws {
        let exact = try #require(RealismRowMatch(truth: "C02Y94ZEJG5H", text: "CAN ICES-3 (B)/NMB-3(B) Serial C02Y94ZEJG5H"))
        #expect(exact.target == "94ZEJG5H" && exact.distance == 0)
        // One slip (G read as 6), the first characters wrong: the suffix still matches within 2.
        let slip = try #require(RealismRowMatch(truth: "C02Y94ZEJG5H", text: "Serial CO7Y94ZEJ65H"))
        #expect(slip.distance == 1 && slip.holds(allowed: RealismRowMatch.allowedEdits(forLength: 8)))
        let other = try #require(RealismRowMatch(truth: "C02Y94ZEJG5H", text: "Model A1990 EMC 3359"))
        #expect(!other.holds(allowed: 2))
    }

    @Test func lookAlikesAndPunctuationCostNothing() {
        #expect(RealismRowMatch.normalized("sl.# c0i-ZO o") == "SLC01Z00")
        #expect(RealismRowMatch(truth: "M06CK45V4G", text: "MO6CK45V4G")?.distance == 0)
    }

    @Test func permitNumbersAreShortAndAllowOneEdit() throws {
        #expect(RealismRowMatch.allowedEdits(forLength: 8) == 2)
        #expect(RealismRowMatch.allowedEdits(forLength: 5) == 1)
        let m = try #require(RealismRowMatch(truth: "87746", text: "رقم : 87746"))
        #expect(m.target == "87746" && m.distance == 0)
        #expect(RealismRowMatch(truth: "87746", text: "Autorisation n° 87 746")?.distance == 0)
        #expect(RealismRowMatch(truth: "87746", text: "")?.distance == 5)
    }

    @Test func anEmptyTruthHasNothingToMatch() {
        #expect(RealismRowMatch(truth: " - ", text: "Serial C02Y94ZEJG5H") == nil)
    }

    @Test func substringDistanceSkipsTextAroundTheMatch() {
        func d(_ p: String, _ t: String) -> Int {
            RealismRowMatch.substringDistance(Array(p.unicodeScalars), in: Array(t.unicodeScalars))
        }
        #expect(d("ABC", "XXABCXX") == 0)
        #expect(d("ABC", "XXABXX") == 1)
        #expect(d("ABC", "") == 3)
        #expect(d("", "ABC") == 0)
    }
}
