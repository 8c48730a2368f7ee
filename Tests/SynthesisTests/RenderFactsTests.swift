import Foundation
import Testing
@testable import Synthesis

/// The facts recorded per generated image and the verdict drawn from them.
struct RenderFactsTests {
    @Test func verdictFollowsTheBoundsAndNamesEveryReason() {
        let clear = RenderFacts(glyphPixels: 12, contrast: 40, occlusion: 0, blurSigma: 0.82, noiseSigma: 2)
        #expect(clear.legible && clear.illegibleReason == nil)
        #expect(RenderFacts(glyphPixels: 6, contrast: 40, blurSigma: 0, noiseSigma: 2).illegibleReason == "small")
        #expect(RenderFacts(glyphPixels: 8, contrast: 40, blurSigma: 2, noiseSigma: 2).illegibleReason == "blurred")
        #expect(RenderFacts(glyphPixels: 10, contrast: 40, blurSigma: 2, noiseSigma: 2, alphabet: .digits).legible,
                "σ 2 on 10 px digits is the bound itself")
        #expect(RenderFacts(glyphPixels: 10, contrast: 40, blurSigma: 1.5, noiseSigma: 2).legible, "σ 1.5 on a 10 px serial is its bound")
        #expect(RenderFacts(glyphPixels: 12, contrast: 40, blurSigma: 2, noiseSigma: 2).illegibleReason == "blurred",
                "a serial blurred by a sixth of its cap height is read only by chance (docs/legibility.md)")
        #expect(RenderFacts(glyphPixels: 12, contrast: 40, blurSigma: 2, noiseSigma: 2, alphabet: .digits).legible)
        #expect(RenderFacts(glyphPixels: 12, contrast: 10, noiseSigma: 1).illegibleReason == "faint")
        #expect(RenderFacts(glyphPixels: 12, contrast: 20, noiseSigma: 8).illegibleReason == "faint", "contrast under 3 noise σ")
        #expect(RenderFacts(glyphPixels: 12, contrast: 40, occlusion: 0.3).illegibleReason == "occluded")
        #expect(RenderFacts(glyphPixels: 5, contrast: 5, occlusion: 0.5, blurSigma: 3).illegibleReason == "small+blurred+faint+occluded")
    }

    /// A permit's number is judged as digits, a serial (etched, and its sticker's copy) as
    /// Apple's capitals and digits.
    @Test func eachKindsTextIsJudgedByItsAlphabet() throws {
        for (kind, alphabet) in [(DatasetKind.permit, RenderFacts.Alphabet.digits), (.etched, .serial), (.screen, .serial)] {
            let g = try DatasetGenerator(kind: kind, seed: 21)
            let i = try #require((0..<20).first { kind != .permit || g.plan(at: $0).documentKind == "permit" })
            #expect(try g.shot(g.plan(at: i)).facts.alphabet == alphabet, "\(kind)")
        }
    }

    @Test func csvFieldsAreEmptyWithoutText() {
        let f = RenderFacts(glyphPixels: 12, contrast: 40.25, occlusion: 0.1, blurSigma: 0.82)
        #expect(f.csvFields(hasText: false) == ["", "", "", "", ""])
        #expect(f.csvFields(hasText: true) == ["40.2", "0.100", "0.82", "false", "occluded"])
        #expect(f.csvFields(hasText: true).count == RenderFacts.csvHeader.count)
    }

    @Test func otsuGapOfTwoLevelsIsTheirDifference() {
        var h = [Int](repeating: 0, count: 256)
        h[60] = 300; h[200] = 900
        #expect(abs(Photographer.otsuGap(h) - 140) < 1e-9)
        var flat = [Int](repeating: 0, count: 256)
        flat[128] = 50
        #expect(Photographer.otsuGap(flat) == 0)
    }

    @Test func shareOutsideTheVisibleQuad() {
        let frame: [SIMD2<Double>] = [[0, 0], [100, 0], [100, 100], [0, 100]]
        #expect(Photographer.shareOutside(Box(x: 10, y: 10, width: 50, height: 10), frame) == 0)
        #expect(abs(Photographer.shareOutside(Box(x: 50, y: 10, width: 100, height: 10), frame) - 0.5) < 1e-9)
        #expect(Photographer.shareOutside(Box(x: 200, y: 10, width: 10, height: 10), frame) == 1)
    }

    @Test func defocusSigmaMatchesTheBoxPasses() {
        #expect(RenderFacts.defocusSigma(halfWidth: 0) == 0)
        #expect(abs(RenderFacts.defocusSigma(halfWidth: 1) - (8.0 / 12).squareRoot()) < 1e-12, "one pass at half-width 1")
        #expect(abs(RenderFacts.defocusSigma(halfWidth: 2) - 2) < 1e-12)
    }

    /// The contrast recorded is the photo's: a faint etched block under glare records less
    /// than the same scene without it, and a scene's text measured on its own render is
    /// above the faint bound when the scene is clean.
    @Test func contrastIsMeasuredOnTheRender() throws {
        let generator = try DatasetGenerator(kind: .etched, seed: 11)
        let plan = generator.plan(at: 0)
        var fx = SplitMix64(seed: plan.fxSeed)
        let photographer = Photographer(textures: try TextureSet())
        let clean = try photographer.shoot(plan.scene, width: 1600, height: 900, degradation: .none, fx: &fx)
        var glared = Degradation.none
        glared.exposure = 1.6
        fx = SplitMix64(seed: plan.fxSeed)
        let washed = try photographer.shoot(plan.scene, width: 1600, height: 900, degradation: glared, fx: &fx)
        #expect(clean.facts.contrast > RenderFacts.Bound.minimumContrast)
        #expect(washed.facts.contrast < clean.facts.contrast)
    }
}
