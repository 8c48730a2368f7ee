import Evaluation
import Foundation
import Reporting
import RunStore

/// The contract's JSON shapes of a serial read.
enum ScanResultJSON {
    /// `/process-serial`: `{"serials":[{"serial","confidence"}…], "saved", "debug", "persisted"}`,
    /// best first. `saved` and `persisted` say whether the read was written to the run history
    /// store; `debug` says how the answer was reached.
    static func processSerial(_ o: SampleOutcome, seconds: Double, saved: Bool) -> JSONValue {
        .object([
            ("serials", .array(o.candidates.map { .object([("serial", .string($0.text)), ("confidence", JSONResponse.rounded($0.confidence, 4))]) })),
            ("saved", .bool(saved)),
            ("debug", debug(o, seconds: seconds)),
            ("persisted", .bool(saved)),
        ])
    }

    /// The job API's `results` (completed): serials with `method` and `roi_index`, the top
    /// result, counts, `processing_time` in seconds, strategy and fallback, and whether the read
    /// was written to the run history store (`saved_to_database`).
    static func jobResults(_ o: SampleOutcome, seconds: Double, saved: Bool) -> JSONValue {
        let top = o.candidates.first
        return .object([
            ("serials", .array(o.candidates.map {
                .object([("serial", .string($0.text)), ("confidence", JSONResponse.rounded($0.confidence, 4)),
                         ("method", .string($0.method)), ("roi_index", .int($0.roiIndex))])
            })),
            ("top_result", top.map { .object([("serial", .string($0.text)), ("confidence", JSONResponse.rounded($0.confidence, 4))]) } ?? .null),
            ("total_detected", .int(o.candidates.count)),
            ("processing_time", JSONResponse.rounded(seconds, 3)),
            ("fallback_used", .bool(o.fallbackUsed)),
            ("strategy_used", .string(o.strategyUsed)),
            ("saved_to_database", .bool(saved)),
        ])
    }

    /// The read as the run history store saves it: the top candidate (the export's Serial Data
    /// columns), read on the server (`source` `server`) through `endpoint`.
    static func scanRead(_ o: SampleOutcome, options: ScanOptions, endpoint: String, jobId: String? = nil, at date: Date = Date()) -> ScanRead {
        let top = o.candidates.first
        let confidence = top?.confidence ?? 0
        var notes = ["endpoint: \(endpoint)", "preset: \(o.preset)", "strategy: \(o.strategyUsed)"]
        if let top { notes.append("method: \(top.method)") }
        if let jobId { notes.append("job: \(jobId)") }
        return ScanRead(scannedAt: date, serial: top?.text ?? "", deviceType: options.deviceType ?? "", confidence: confidence,
                        source: SerialRow.evaluationSource, notes: notes.joined(separator: "; "), validationPassed: top?.strictValid ?? false,
                        confidenceAcceptable: confidence >= XLSXReport.defaultAcceptableConfidence, endpoint: endpoint, preset: o.preset, jobId: jobId)
    }

    /// Preset, strategy, per-candidate method and stage, stage timings, image size.
    static func debug(_ o: SampleOutcome, seconds: Double) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("preset", .string(o.preset)), ("strategy_used", .string(o.strategyUsed)), ("fallback_used", .bool(o.fallbackUsed)),
            ("processing_time", JSONResponse.rounded(seconds, 3)),
            ("candidates", .array(o.candidates.map {
                .object([("serial", .string($0.text)), ("method", .string($0.method)), ("stage", .string($0.stage)),
                         ("strict_valid", .bool($0.strictValid)), ("roi_index", .int($0.roiIndex))])
            })),
            ("stage_ms", .object(o.stageTimings.map { ($0.stage, JSONResponse.rounded($0.ms, 1)) })),
        ]
        if let w = o.width, let h = o.height { pairs.append(("image", .object([("width", .int(w)), ("height", .int(h))]))) }
        return .object(pairs)
    }

    /// The refusal for an outcome without a serial: the image could not be decoded (400), or
    /// nothing was read (422 `NO_TEXT_DETECTED`, the backend's answer).
    static func refusal(_ o: SampleOutcome) -> APIError? {
        if let e = o.error {
            switch e.kind {
            case "empty_file", "unreadable_image": return APIError(.badRequest, "INVALID_IMAGE", "Cannot decode the image: \(e.message)")
            case "unsupported_format": return APIError(.unsupportedMediaType, "UNSUPPORTED_IMAGE_TYPE", e.message)
            case "too_large": return APIError(.contentTooLarge, "IMAGE_TOO_LARGE", "The image has too many pixels: \(e.message)")
            case TesseractSerialScanner.tooSmallKind:
                return APIError(.unprocessableContent, "NO_TEXT_DETECTED", "Error processing image: no serial number found (\(e.message))")
            case "timeout": return APIError(.unprocessableContent, "NO_TEXT_DETECTED", "Error processing image: no serial number found (\(e.message))")
            default: return APIError(.internalServerError, "OCR_ENGINE_ERROR", "The OCR engine failed on this image: \(e.message)")
            }
        }
        if o.candidates.isEmpty {
            return APIError(.unprocessableContent, "NO_TEXT_DETECTED", "Error processing image: No serial number detected")
        }
        return nil
    }
}
