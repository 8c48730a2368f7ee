import Evaluation

/// Turns a region's vote into a calibrated confidence (the preset's `calibration:` formula and
/// caps), and gives unanchored tokens their low prior.
struct Calibration: Sendable {
    /// The formula's numbers.
    var settings = Preset.Calibration()
    /// A character under this share of its position's votes is doubtful (`doubtful_support`).
    var doubtfulSupport = 0.7

    /// The calibration of `preset`.
    init(_ preset: Preset) {
        settings = preset.calibration
        doubtfulSupport = preset.doubtfulSupport
    }

    /// A calibration with the given numbers (today's by default).
    init(settings: Preset.Calibration = Preset.Calibration(), doubtfulSupport: Double = 0.7) {
        self.settings = settings
        self.doubtfulSupport = doubtfulSupport
    }

    /// Votes `reads` and scores the answer; nil when no read is plausible. `cut`: the region's
    /// glyphs touch the photo's edge.
    func score(_ reads: [SerialVote.Read], anchored: Bool, stage: ReadStage, cut: Bool = false) -> ScoredSerial? {
        guard let v = SerialVote.vote(reads) else { return nil }
        return ScoredSerial(text: v.text, confidence: confidence(of: v, anchored: anchored, cut: cut),
                            provenance: Provenance(stage: stage, vote: Provenance.Vote(v, anchored: anchored)), strictValid: v.valid)
    }

    /// The confidence of a vote, rounded to 4 places. Calibrated on the rendered, synthetic and
    /// real-dev sets: a valid serial read the same way by several independent crops is right;
    /// two agreeing reads are not enough for 0.8.
    func confidence(of v: SerialVote.Result, anchored: Bool, cut: Bool = false) -> Double {
        let c = settings
        let corroboration = min(1, Double(max(0, v.reads - 1)) / Double(c.corroborationReads))
        var conf = (v.valid ? c.validBase : c.invalidBase) + c.agreementWeight * v.agreement * corroboration
            + c.positionWeight * v.positionSupport + (anchored ? c.anchoredBonus : 0)
        if !v.valid { conf = min(conf, c.invalidCap) }
        // One doubtful character (S/5, 8/B split between the reads) is a doubtful serial; a
        // second sighting (etched + sticker) can still confirm it.
        if v.weakestSupport < doubtfulSupport { conf = min(conf, c.doubtfulCap) }
        // Reads one character too long, trimmed to a shorter format (an 11-character read to a
        // 10-character serial): as likely a 12-character serial that lost a glyph past the
        // photo's edge (`C02N7DRHQ05` + `D`) as a 10-character one with a stray mark.
        if v.repair == "trimmed", v.text.count < 12 { conf = min(conf, c.doubtfulCap) }
        // Glyphs the photo's edge may cut: every read of a cut glyph makes the same slip.
        if cut { conf = min(conf, c.doubtfulCap) }
        // Ten characters that open like a 12-character serial: far likelier one whose end the
        // reads lost (glare over `…ML7H`: `FVFSPLHRM1` for `FVFSPLHRML7H` at 0.99, a second
        // source's screen photo) than a random serial that happens to (1 in 3,845 of ours).
        if SerialGrammar.opensLikeTwelve(v.text) { conf = min(conf, c.doubtfulCap) }
        // A serial-shaped token with no label in sight may be a model or part number.
        if !anchored { conf = min(conf, c.unanchoredCap) }
        // With no label, hex digits only: far likelier a phone's Wi-Fi or Bluetooth address read
        // without its colons (`9F 437CCA12BA`, a second source's screen photo) than a serial (a
        // random 10-character one is all hex about once in 1,900). No more than a lone token.
        // Of the top answers in every run record of sessions 20–26 that are all hex (letters
        // among them), the 13 right were labelled, and 474 unlabelled ones were all wrong.
        if !anchored, v.text.allSatisfy(\.isHexDigit) { conf = min(conf, c.tokenCap) }
        return Metrics.round(min(c.maxConfidence, max(0, conf)), 4)
    }

    /// An unanchored token's answer: a low prior, never above `token_cap` on its own.
    func tokenPrior(_ w: SerialVote.Read) -> ScoredSerial {
        let c = settings
        let valid = SerialGrammar.validate(w.text).isValid
        let mean = w.confidences.isEmpty ? 0.5 : w.confidences.reduce(0, +) / Double(w.confidences.count)
        return ScoredSerial(text: w.text, confidence: Metrics.round(min(c.tokenCap, c.tokenBase + c.tokenConfidenceWeight * mean + (valid ? c.tokenValidBonus : 0)), 4),
                            provenance: Provenance(stage: .tokens), strictValid: valid)
    }

    /// `answer` confirmed by `count` sightings: the bonus, up to the maximum (not rounded again).
    func confirming(_ answer: ScoredSerial, sightings count: Int) -> ScoredSerial {
        var a = answer
        a.confidence = min(settings.maxConfidence, a.confidence + settings.sightingsBonus)
        a.provenance.sightings = count
        return a
    }

    /// Whether the sightings of a serial confirm each of its characters: at every position one
    /// of them reads that character with at least `confirmation_support` of its own votes.
    /// Sightings doubtful at the same position (all torn between 6 and 5, or 8 and B, as small
    /// glyphs are) confirm nothing there, however many they are.
    func confirmed(_ text: String, by votes: [SerialVote.Result?]) -> Bool {
        let chars = Array(text)
        return chars.indices.allSatisfy { i in
            votes.contains { v in
                guard let v, v.supports.count == chars.count, Array(v.text)[i] == chars[i] else { return false }
                return v.supports[i] >= settings.confirmationSupport
            }
        }
    }
}
