import Imaging
import Recognition

/// Re-reads a crop once per crop variant × target glyph height (the preset's PSM, with the
/// whitelist); the longest plausible token of each read (a valid one first) is a read for the vote.
struct CropReading {
    let settings: Preset.Crop
    /// Each crop read's weight in the vote.
    let weight: Double
    let engine: OCREngine
    let deadline: Deadline
    /// Receives every crop read (`read --debug`).
    let debugSink: ((String, Image) -> Void)?

    /// The reads of `crop`, whose glyphs are `glyphHeight` px tall. `prior`: reads of the same
    /// region made before (the line's own read). Once the reads settle (see `settled`), the
    /// remaining variants are skipped: they can only add agreement the vote already counts as full.
    func reads(of crop: Image, glyphHeight: Double, stage: ReadStage, prior: [SerialVote.Read] = []) throws -> [SerialVote.Read] {
        try engine.setVariable("tessedit_char_whitelist", settings.whitelist)
        defer { try? engine.setVariable("tessedit_char_whitelist", "") }
        var reads: [SerialVote.Read] = []
        for target in settings.targetHeights {
            let factor = max(0.3, min(10, Double(target) / max(1, glyphHeight)))
            let base = try crop.scaled(by: factor)
            for v in settings.variants {
                if let r = try read(base, variant: v, target: target, stage: stage) { reads.append(r) }
                if settled(prior + reads) { return reads }
            }
        }
        return reads
    }

    /// One read of the scaled crop in `variant`.
    private func read(_ base: Image, variant v: Preset.Variant, target: Int, stage: ReadStage) throws -> SerialVote.Read? {
        let img = try v.apply(to: base)
        let text = try engine.recognize(img, mode: settings.psm, timeLimit: deadline.remaining)
        debugSink?("\(stage)-crop-\(v.rawValue)@\(target)-\(text.text.replacingOccurrences(of: " ", with: "_"))", img)
        // The longest plausible token of the line is this read's serial.
        let tokens = SerialCandidateExtractor.tokens(in: text).sorted { $0.text.count > $1.text.count }
        guard let t = tokens.first(where: { $0.validation.isValid }) ?? tokens.first else { return nil }
        return SerialVote.Read(t, weight: weight, source: .crop(v, height: target))
    }

    /// Whether `settle_reads` reads in all agree on one valid serial.
    func settled(_ all: [SerialVote.Read]) -> Bool {
        guard all.count >= settings.settleReads, let first = all.first?.text, SerialGrammar.validate(first).isValid else { return false }
        return all.allSatisfy { $0.text == first }
    }
}
