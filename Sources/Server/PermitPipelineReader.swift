import Foundation
import Imaging
import PermitReading

/// The permit pipeline behind `POST /permit`; one per worker thread (it owns a Tesseract engine).
public final class PermitPipelineReader: PermitReader {
    private let pipeline: PermitPipeline
    private let maxPixels: Int

    /// Loads the permit pipeline's engine.
    public init(maxPixels: Int = Image.defaultMaxPixels) throws {
        pipeline = try PermitPipeline()
        self.maxPixels = maxPixels
    }

    public func readPermit(_ image: Data) -> PermitAnswer {
        let decoded: PermitInput.Decoded
        do { decoded = try PermitInput.decode(image, clientCompression: false, maxPixels: maxPixels) } catch {
            let r = error.refusal
            return .refused(statusCode: r.statusCode, message: r.message, reason: r.reason)
        }
        do {
            switch try pipeline.read(decoded.image).verdict {
            case .accepted(let a): return .accepted(permitNumber: a.permitNumber, confidence: a.confidence.rawValue)
            case .refused(let r, _): return .refused(statusCode: r.statusCode, message: r.message, reason: r.reason)
            }
        } catch {
            return .refused(statusCode: 422, message: PermitAnswer.couldNotExtractMessage, reason: "\(PermitAnswer.unreadableReason): \(error)")
        }
    }
}
