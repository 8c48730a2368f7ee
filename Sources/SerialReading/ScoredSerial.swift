import Evaluation

/// A serial with its calibrated confidence and its provenance: a `Candidate` before rendering.
struct ScoredSerial: Hashable, Sendable {
    /// The serial, normalised.
    var text: String
    /// Calibrated confidence in [0, 1].
    var confidence: Double
    /// How it was reached.
    var provenance: Provenance
    /// Whether it passes strict validation.
    var strictValid: Bool

    /// The candidate a report shows; the only place provenance becomes strings.
    var candidate: Candidate {
        Candidate(text: text, confidence: confidence, method: provenance.method, stage: provenance.stage.description, strictValid: strictValid)
    }
}
