@testable import SerialReading
import Imaging
import Testing

/// Ranking: votes per region, joint votes of regions a character apart, sightings, weak tokens.
struct RankingTests {
    static let box = PixelRect(x: 0, y: 0, width: 10, height: 10)

    static func region(_ texts: [String], anchored: Bool = true, stage: ReadStage = .lines(.dark, rotation: 0)) -> SerialPipeline.Region {
        SerialPipeline.Region(box: box, rotation: 0, anchored: anchored,
                              reads: texts.map { SerialVote.Read(text: $0, method: "line") }, stage: stage)
    }

    @Test func regionsACharacterApartVoteJointly() throws {
        // Each alone is doubtful (2 of 3, and no label); together B has 4 votes of 6.
        let etched = Self.region(["C02XP181JG5H", "C02XP181JG5H", "C02XP1B1JG5H"])
        let sticker = Self.region(Array(repeating: "C02XP1B1JG5H", count: 3), anchored: false, stage: .page(.gray, scale: 1, rotation: 0))
        let ranked = Ranking().rank(regions: [etched, sticker], weak: [])
        let joint = try #require(ranked.first { $0.provenance.joint })
        // The joint vote takes the first region's stage and is anchored when either is.
        #expect(joint.text == "C02XP1B1JG5H")
        #expect(joint.provenance.stage == .lines(.dark, rotation: 0))
        #expect(joint.candidate.method == "vote:6~0.67+anchor+joint2")
        #expect(joint.confidence == 0.79)
        #expect(ranked.allSatisfy { $0.provenance.sightings == nil })
    }

    @Test func aSerialReadAlikeInTwoRegionsIsConfirmed() throws {
        let twice = Ranking().rank(regions: [Self.region(Array(repeating: "C02XP181JG5H", count: 2)),
                                             Self.region(Array(repeating: "C02XP181JG5H", count: 2), anchored: false)], weak: [])
        let top = try #require(twice.first)
        let alone = try #require(Calibration().score(Self.region(Array(repeating: "C02XP181JG5H", count: 2)).reads, anchored: true, stage: .lineImage))
        #expect(top.provenance.sightings == 2)
        #expect(top.confidence == alone.confidence + 0.1)
        #expect(top.candidate.method == "vote:2~1.00+anchor+sightings2")
    }

    @Test func weakTokensGetAPriorOnlyWhereNoRegionVoted() {
        let weak = [SerialVote.Read(text: "C02XP181JG5H", confidences: Array(repeating: 1, count: 12), method: "page-token"),
                    SerialVote.Read(text: "F5KXJ0ABHJF8", method: "line-token"), SerialVote.Read(text: "MRY42", method: "page-token")]
        let ranked = Ranking().rank(regions: [Self.region(Array(repeating: "C02XP181JG5H", count: 4))], weak: weak)
        #expect(ranked.map(\.text) == ["C02XP181JG5H", "F5KXJ0ABHJF8"])
        #expect(ranked[0].provenance.vote != nil)
        #expect(ranked[1].candidate.method == "page-token" && ranked[1].candidate.stage == "page")
        #expect(ranked[1].confidence <= 0.5)
    }

    @Test func answersComeBestFirstTiesByText() {
        let ranked = Ranking().rank(regions: [], weak: ["C02YP181JG5H", "C02XP181JG5H"].map { SerialVote.Read(text: $0, method: "page-token") })
        #expect(ranked.map(\.text) == ["C02XP181JG5H", "C02YP181JG5H"])
    }
}
