@testable import SerialReading
import Testing

/// Provenance is a value until a candidate is built; rendered, it gives today's method and
/// stage strings byte for byte (reports and baselines compare them).
struct ProvenanceTests {
    @Test(arguments: [
        (ReadStage.lineImage, "line"), (.lines(.dark, rotation: 0), "lines"), (.lines(.light, rotation: 180), "lines:light/rot180"),
        (.lines(.dark, rotation: 90, tilt: -29), "lines/tilt-29/rot90"),
        (.lines(.dark, rotation: 90), "lines/rot90"), (.page(.backgroundNorm, scale: 1.0, rotation: 90), "page:background_norm@1.0/rot90"),
        (.page(.gray, scale: 2, rotation: 0), "page:gray@2.0"), (.tokens, "page"),
    ])
    func stagesRenderAsToday(_ stage: ReadStage, _ name: String) {
        #expect(stage.description == name)
        #expect("\(stage)-crop" == name + "-crop")
    }

    @Test func onlyTheLineStageIsALineStage() {
        #expect(ReadStage.lines(.light, rotation: 270).isLineStage)
        #expect(!ReadStage.lineImage.isLineStage)
        #expect(!ReadStage.page(.gray, scale: 1, rotation: 0).isLineStage)
    }

    static func facts(reads: Int, weakest: Double, fixes: Int = 0, repair: String = "", anchored: Bool) -> Provenance.Vote {
        Provenance.Vote(SerialVote.Result(text: "C02Y94ZEJG5H", agreement: 1, positionSupport: 1, weakestSupport: weakest,
                                          reads: reads, ruleFixes: fixes, valid: true, repair: repair), anchored: anchored)
    }

    @Test func votesRenderAsToday() {
        #expect(Self.facts(reads: 7, weakest: 0.857, fixes: 1, anchored: true).method == "vote:7~0.86+rule1+anchor")
        #expect(Self.facts(reads: 6, weakest: 1, repair: "trimmed", anchored: false).method == "vote:6~1.00+trimmed")
        #expect(Self.facts(reads: 3, weakest: 0.5, repair: "whole", anchored: true).method == "vote:3~0.50+whole+anchor")
    }

    @Test func rankingFactsFollowTheVote() {
        var p = Provenance(stage: .lines(.dark, rotation: 0), vote: Self.facts(reads: 5, weakest: 0.714, anchored: true))
        #expect(p.method == "vote:5~0.71+anchor")
        p.joint = true
        p.sightings = 2
        #expect(p.method == "vote:5~0.71+anchor+joint2+sightings2")
        #expect(Provenance(stage: .tokens).method == "page-token")
    }

    @Test func aScoredSerialBecomesTodaysCandidate() {
        let s = ScoredSerial(text: "C02Y94ZEJG5H", confidence: 0.9,
                             provenance: Provenance(stage: .page(.sauvola, scale: 2, rotation: 270), vote: Self.facts(reads: 4, weakest: 1, anchored: true)),
                             strictValid: true)
        let c = s.candidate
        #expect(c.text == "C02Y94ZEJG5H" && c.confidence == 0.9 && c.strictValid)
        #expect(c.method == "vote:4~1.00+anchor")
        #expect(c.stage == "page:sauvola@2.0/rot270")
    }

    @Test(arguments: [(ReadSource.crop(.gray, height: 36), "crop:gray@36"), (.crop(.backgroundNorm, height: 44), "crop:background_norm@44"),
                      (.line, "line"), (.lineToken, "line-token"), (.pageToken, "page-token"), (.pageAnchor, "page-anchor")])
    func readSourcesRenderAsToday(_ source: ReadSource, _ method: String) {
        #expect(source.description == method)
        let token = SerialCandidateExtractor.Token(text: "C02Y94ZEJG5H", ocrConfidence: 0.9, symbols: [],
                                                   validation: SerialGrammar.validate("C02Y94ZEJG5H"))
        let read = SerialVote.Read(token, weight: 0.6, source: source)
        #expect(read.method == method && read.weight == 0.6 && read.text == "C02Y94ZEJG5H")
    }
}
