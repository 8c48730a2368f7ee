import Evaluation
import Foundation
import Imaging
import ReadingCore
import Recognition

/// The evaluation runner's reader for `--preset permit`: decodes each file (optionally through
/// the apps' compression), runs the permit pipeline and records the decision, the confidence
/// level and the number as the single candidate. One per worker, with its own engines.
public final class PermitSampleReader: SampleReader {
    /// The preset name records carry.
    public static let presetName = "permit"
    private let pipeline: PermitPipeline
    let clientCompression: Bool
    let maxPixels: Int

    /// Receives every image the pipeline reads (for `scanbench permit --debug`).
    public var debugSink: ((String, Image) -> Void)? {
        didSet { pipeline.debugSink = crops.map { $0.sink(also: debugSink) } ?? debugSink }
    }
    /// Receives the pipeline's trace of its number search (`PermitPipeline.traceSink`).
    public var traceSink: ((String) -> Void)? {
        didSet { pipeline.traceSink = traceSink }
    }
    /// Keeps the number crop an answer was read from (`SampleOutcome.crops`), when collecting.
    private let crops: CropCollector?

    /// `clientCompression`: pass each image through the apps' compression before reading.
    /// `collectCrops`: record a small picture of the number crop each answer was read from.
    public init(clientCompression: Bool, maxPixels: Int = Image.defaultMaxPixels, dataPath: String? = nil, collectCrops: Bool = false) throws {
        self.pipeline = try PermitPipeline(dataPath: dataPath)
        self.clientCompression = clientCompression
        self.maxPixels = maxPixels
        crops = collectCrops ? CropCollector(perAnswer: 1, maxHeight: 96) : nil
        pipeline.debugSink = crops.map { $0.sink() }
    }

    public func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        do { return outcome(try PermitInput.decode(contentsOf: item.url, clientCompression: clientCompression, maxPixels: maxPixels).image) } catch {
            return Self.failure(error)
        }
    }

    public func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        do { return outcome(try PermitInput.decode(data, clientCompression: clientCompression, maxPixels: maxPixels).image) } catch {
            return Self.failure(error)
        }
    }

    /// An image that could not be decoded, as an evaluation outcome.
    private static func failure(_ error: PermitInput.Failure) -> SampleOutcome {
        .failure(SampleError(kind: error.kind == "invalid_base64" || error.kind == "malformed" || error.kind == "not_an_image" || error.kind == "empty" ? "unreadable_image" : error.kind,
                             message: error.description), preset: presetName)
    }

    /// Reads a decoded image into an evaluation outcome, with the number crop when collecting.
    public func outcome(_ image: Image) -> SampleOutcome {
        guard let crops else { return uncollectedOutcome(image) }
        crops.reset()
        defer { crops.reset() }
        var outcome = uncollectedOutcome(image)
        outcome.crops = outcome.candidates.isEmpty ? nil : crops.pictures(for: outcome.candidates.first?.text, fallback: "number")
        return outcome
    }

    private func uncollectedOutcome(_ image: Image) -> SampleOutcome {
        let result: PermitPipeline.Result
        do { result = try pipeline.read(image) } catch let e as RecognitionError {
            return .failure(SampleError(kind: e.kind == .timeout ? "timeout" : "engine_error", message: e.message), preset: Self.presetName)
        } catch {
            return .failure(SampleError(kind: "engine_error", message: "\(error)"), preset: Self.presetName)
        }
        return Self.outcome(result, width: image.width, height: image.height)
    }

    /// Maps a pipeline result to the record shape EvaluationSummary+Permits expects.
    public static func outcome(_ r: PermitPipeline.Result, width: Int?, height: Int?) -> SampleOutcome {
        var candidates: [Candidate] = []
        var level: String?
        if case .accepted(let response) = r.verdict {
            let conf: Double = switch response.confidence { case .high: 0.95; case .medium: 0.75; case .low: 0.4 }
            let method = (r.analysis.number?.label.map { "label:\($0)" } ?? "lone-number")
                + (r.analysis.rereadAgrees == true ? "+reread-agrees" : r.analysis.rereadAgrees == false ? "+reread-differs" : "")
            candidates = [Candidate(text: response.permitNumber, confidence: conf, method: method, stage: r.stage,
                                    strictValid: PermitNumberFormat.isValid(response.permitNumber))]
            level = response.confidence.rawValue
        }
        return SampleOutcome(candidates: candidates, stageTimings: r.timings, strategyUsed: r.stage, fallbackUsed: r.stage != "page",
                             preset: presetName, decision: r.verdict.decision, confidenceLevel: level, width: width, height: height)
    }

    /// The pipeline's result for a decoded image (for the `permit` command and the server).
    public func result(_ image: Image) throws -> PermitPipeline.Result { try pipeline.read(image) }
}
