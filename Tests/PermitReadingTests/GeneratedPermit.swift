import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// A permit photo drawn by the generator (deterministic: a seed and an index name one photo) and
/// read end to end: how the seed suites pin a development or fresh seed's photo.
enum GeneratedPermit {
    /// Permit `index` of `seed` in `capture`, checked to be labelled `label`, read by `pipeline`
    /// (a new one when not given).
    static func read(seed: UInt64, _ capture: DatasetGenerator.Capture, _ index: Int, label: String, with pipeline: PermitPipeline? = nil,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> PermitPipeline.Result {
        let sample = try DatasetGenerator(kind: .permit, seed: seed, capture: capture).sample(at: index)
        #expect(sample.label == label, sourceLocation: sourceLocation)
        return try (pipeline ?? PermitPipeline()).read(try Image(data: sample.jpeg))
    }

    /// The answer of `result`; a refusal is recorded as an issue naming the stage that refused.
    static func answer(_ result: PermitPipeline.Result, sourceLocation: SourceLocation = #_sourceLocation) -> PermitResponse? {
        if case .accepted(let answer) = result.verdict { return answer }
        Issue.record("refused: \(result.stage)", sourceLocation: sourceLocation)
        return nil
    }
}
