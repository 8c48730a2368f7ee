import Evaluation
import Foundation
import Imaging
import ReadingCore
import Recognition

/// Reads Apple serial numbers from a photo the way a person does: read the page, find the
/// `Serial` anchor, re-read a tight crop after it at normalised glyph heights in several
/// preprocessing variants, and vote character by character. Other page variants and rotations
/// run only while no confident answer exists (progressive, with early stop and a time budget).
/// The stages are put together in `SerialPipeline+Assembly.swift`.
///
/// One pipeline per worker, with that worker's engine(s).
public final class SerialPipeline {
    /// The recipe this pipeline reads with.
    public let preset: Preset
    let layoutEngine: OCREngine
    let serialEngine: OCREngine
    /// Receives every crop the pipeline re-reads (name, image), for drill-down into failures.
    public var debugSink: ((String, Image) -> Void)?
    /// Receives a description of every text line the line stage found (`read --debug`).
    public var lineSink: ((String) -> Void)?

    /// `layoutEngine` finds the page layout and anchors; `serialEngine` (by default the same)
    /// reads the serial crops.
    public init(preset: Preset, engine: OCREngine, serialEngine: OCREngine? = nil) {
        self.preset = preset
        self.layoutEngine = engine
        self.serialEngine = serialEngine ?? engine
    }

    /// `auto` without a device: `pipelines` read `image` in turn, the outcome with the surest top
    /// candidate kept (the first one when none has a candidate), stopping once one reaches its
    /// preset's early-stop confidence. Nil when `pipelines` is empty.
    public static func readBest(_ image: Image, with pipelines: [SerialPipeline]) -> SampleOutcome? {
        var best: SampleOutcome?
        for p in pipelines {
            let o = p.read(image)
            if best == nil || (o.candidates.first?.confidence ?? -1) > (best?.candidates.first?.confidence ?? -1) { best = o }
            if let c = best?.candidates.first?.confidence, c >= p.preset.earlyStopConfidence { break }
        }
        return best
    }

    /// Reads one decoded image. A photo whose read found no confident serial is read once
    /// more with its blur undone (`Preset.deblur`; by `retry_sigma` too when that read is not
    /// kept), then by the line stage alone with faint glyphs (`Preset.faint`), within the same
    /// time budget; a later read is kept when it is sure enough and surer, or when it gives a
    /// valid serial where the reads before gave none (marked `+deblurred` or `+faint`). Not a
    /// photo whose lines read legibly without a label, a serial or a regulatory block
    /// (`lines.conclusive_confidence`): it is not blurred, it holds no serial. (On the 35
    /// screens without a serial of seed 100111 that skips 16 of the re-reads, each about 2 s;
    /// no blurred screen of seeds 99611 and 99711 read right deblurred is among them.)
    public func read(_ image: Image) -> SampleOutcome {
        let deadline = Deadline(seconds: preset.maxProcessingTime)
        var firstState = ReadState(deadline: deadline)
        let first = read(image, deblur: nil, state: &firstState)
        guard first.error == nil, !firstState.readWithoutSerial, !deadline.hasPassed,
              (first.candidates.first?.confidence ?? 0) < preset.earlyStopConfidence else { return first }
        var kept = first
        if let deblur = preset.deblur, firstState.labelSeen || !deblur.needsLabel {
            kept.fallbackUsed = true
            // Each σ in turn (`retry_sigma` after `sigma`), until a read is kept.
            for sigma in deblur.sigmas where !deadline.hasPassed {
                var secondState = ReadState(deadline: deadline)
                let second = read(image, deblur: deblur, sigma: sigma, state: &secondState)
                if let surer = Self.kept(second, over: first, at: deblur.keepAt, after: kept, mark: Self.deblurredMark) { return surer }
                kept.stageTimings += second.stageTimings
            }
        }
        // Only a photo whose lines gave an answer, however unsure, or showed a label or a
        // regulatory block (`ReadState.regulatorySeen`): the rows the faint read chains anew are
        // there. Most photos without a serial give the line stage nothing (52 of the 65 etched
        // ones of seed 104011).
        if let faint = preset.faint, !deadline.hasPassed,
           firstState.labelSeen || firstState.regulatorySeen || firstState.answers.contains(where: { $0.provenance.stage.isLineStage }) {
            let pipeline = SerialPipeline(preset: faint.applied(to: preset), engine: layoutEngine, serialEngine: serialEngine)
            pipeline.debugSink = debugSink
            pipeline.lineSink = lineSink
            var faintState = ReadState(deadline: deadline)
            let again = pipeline.read(image, deblur: nil, searchesPage: false, state: &faintState)
            kept.fallbackUsed = true
            if let surer = Self.kept(again, over: first, at: faint.keepAt, after: kept, mark: Self.faintMark) { return surer }
            kept.stageTimings += again.stageTimings
        }
        return kept
    }

    /// `again` (a later read of the photo), marked, with the times of the reads before it, when
    /// its answer is surer than `first`'s and reaches `keepAt`, or is a valid serial where
    /// `first`'s is not (an invalid answer, `579CA1932` of the regulatory rows, is always wrong;
    /// the valid one keeps its own, unsure confidence); nil otherwise. Of 15 etched photos of six
    /// seeds answered with an invalid serial or none, 5 were answered right so (0.66–0.79), none
    /// at 0.8 or more.
    private static func kept(_ again: SampleOutcome, over first: SampleOutcome, at keepAt: Double, after before: SampleOutcome,
                             mark: String) -> SampleOutcome? {
        guard again.error == nil, let surer = again.candidates.first?.confidence,
              surer > first.candidates.first?.confidence ?? -1,
              surer >= keepAt || (again.candidates.first?.strictValid == true && first.candidates.first?.strictValid != true) else { return nil }
        var again = again
        again.stageTimings = before.stageTimings + again.stageTimings
        again.fallbackUsed = true
        // Marked where every report shows it (the answers' stage, after the calibration read
        // it: its features look at the stage's start, which stays).
        again.strategyUsed += mark
        again.candidates = again.candidates.map { var c = $0; c.stage += mark; return c }
        return again
    }

    /// Appended to the strategy and to the answers' stage of a read kept from the deblurred photo.
    public static let deblurredMark = "+deblurred"

    /// Appended to the strategy and to the answers' stage of a read kept from the faint read.
    public static let faintMark = "+faint"

    /// One read of `image` into `state` (a fresh one, whose deadline it keeps), its blur first
    /// undone by `deblur` when given; the line stage alone when not `searchesPage`.
    private func read(_ image: Image, deblur: Preset.Deblur?, sigma: Double? = nil, searchesPage: Bool = true,
                      state: inout ReadState) -> SampleOutcome {
        do {
            let input = try deblur.map { d in try state.clock.time("deblur") { try d.restore(image, sigma: sigma) } } ?? image
            if deblur != nil { debugSink?("deblurred", input) }
            try Stages(self, deadline: state.deadline, searchesPage: searchesPage).read(input, state: &state)
        } catch let e as RecognitionError where e.kind == .timeout {
            // The budget ran out inside Tesseract: keep what was found, or report the timeout.
            if state.answers.isEmpty {
                return failure("timeout", "no serial found within the \(preset.maxProcessingTime) s budget", state)
            }
            state.timedOut = true
        } catch let e as ImagingError {
            return failure("engine_error", "image processing failed: \(e.message)", state)
        } catch let e as RecognitionError {
            return failure("engine_error", e.message, state)
        } catch {
            return failure("engine_error", "\(error)", state)
        }
        // A learned calibration, when the preset has one, gives the confidence last: after the
        // formula's ranking and early stops, so it reorders nothing (only `auto`, which keeps
        // the surest of its presets' answers, and `min_confidence` see the learned value).
        let learned = preset.calibration.learned
        let kept = state.answers.map { a in (answer: a, candidate: learned.map { $0.apply(a.candidate) } ?? a.candidate) }
            .filter { $0.candidate.confidence >= preset.minConfidence }.prefix(5)
        return SampleOutcome(candidates: kept.map(\.candidate), stageTimings: state.clock.timings,
                             strategyUsed: (kept.first?.answer.provenance.stage.description ?? "none") + (state.timedOut ? "+timeout" : ""),
                             fallbackUsed: state.stagesRun > 1, preset: preset.name,
                             width: image.width, height: image.height)
    }

    /// A read that gave no answer: why, with the stages' times so far.
    private func failure(_ kind: String, _ message: String, _ state: ReadState) -> SampleOutcome {
        .failure(SampleError(kind: kind, message: message), preset: preset.name, timings: state.clock.timings)
    }
}
