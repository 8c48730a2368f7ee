import Evaluation
extension Preset {
    /// The numbers of the confidence formula (see `Calibration`): a vote's base, agreement and
    /// position-support terms, the caps that keep doubtful answers under 0.8, and the prior of an
    /// unanchored token. Calibrated on the rendered, synthetic and real-dev sets; every key is
    /// optional in a preset file and defaults to the value shown.
    public struct Calibration: Codable, Sendable, Hashable {
        /// The base of a valid serial's confidence.
        public var validBase = 0.45
        /// The base of a serial that fails strict validation.
        public var invalidBase = 0.2
        /// Weight of the share of reads that agree exactly, at full corroboration.
        public var agreementWeight = 0.35
        /// Reads beyond the first that give full corroboration (two agreeing reads are not enough).
        public var corroborationReads = 3
        /// Weight of the mean per-position support.
        public var positionWeight = 0.15
        /// Added when the serial was found after a label.
        public var anchoredBonus = 0.05
        /// The most a serial that fails strict validation can score.
        public var invalidCap = 0.5
        /// The most a doubtful serial (one character under `doubtful_support`, or trimmed to a
        /// shorter format) can score: under 0.8.
        public var doubtfulCap = 0.79
        /// The most a serial with no label in sight can score (it may be a model or part number).
        public var unanchoredCap = 0.75
        /// No answer scores above this.
        public var maxConfidence = 0.99
        /// Added when a second sighting (etched and sticker) confirms a serial.
        public var sightingsBonus = 0.1
        /// A sighting confirms a character when it gives it at least this share of its votes.
        public var confirmationSupport = 0.7
        /// The most an unanchored page or line token can score on its own.
        public var tokenCap = 0.5
        /// An unanchored token's base score.
        public var tokenBase = 0.2
        /// Weight of an unanchored token's mean character confidence.
        public var tokenConfidenceWeight = 0.2
        /// Added when an unanchored token passes strict validation.
        public var tokenValidBonus = 0.1

        /// A confidence learned from labelled runs (`scanbench calibrate`), applied to every
        /// answer after the formula. The built-in presets carry one fitted on fresh renders;
        /// a preset without the key uses the formula alone.
        public var learned: LearnedCalibration?

        /// Today's calibration.
        public init() {}

        enum CodingKeys: String, CodingKey {
            case validBase = "valid_base", invalidBase = "invalid_base", agreementWeight = "agreement_weight"
            case corroborationReads = "corroboration_reads", positionWeight = "position_weight", anchoredBonus = "anchored_bonus"
            case invalidCap = "invalid_cap", doubtfulCap = "doubtful_cap", unanchoredCap = "unanchored_cap"
            case maxConfidence = "max_confidence", sightingsBonus = "sightings_bonus", confirmationSupport = "confirmation_support"
            case tokenCap = "token_cap", tokenBase = "token_base", tokenConfidenceWeight = "token_confidence_weight"
            case tokenValidBonus = "token_valid_bonus"
            case learned
        }

        /// Decodes the keys present; the others keep their defaults.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Self()
            validBase = try c.decode(.validBase, default: d.validBase)
            invalidBase = try c.decode(.invalidBase, default: d.invalidBase)
            agreementWeight = try c.decode(.agreementWeight, default: d.agreementWeight)
            corroborationReads = try c.decode(.corroborationReads, default: d.corroborationReads)
            positionWeight = try c.decode(.positionWeight, default: d.positionWeight)
            anchoredBonus = try c.decode(.anchoredBonus, default: d.anchoredBonus)
            invalidCap = try c.decode(.invalidCap, default: d.invalidCap)
            doubtfulCap = try c.decode(.doubtfulCap, default: d.doubtfulCap)
            unanchoredCap = try c.decode(.unanchoredCap, default: d.unanchoredCap)
            maxConfidence = try c.decode(.maxConfidence, default: d.maxConfidence)
            sightingsBonus = try c.decode(.sightingsBonus, default: d.sightingsBonus)
            confirmationSupport = try c.decode(.confirmationSupport, default: d.confirmationSupport)
            tokenCap = try c.decode(.tokenCap, default: d.tokenCap)
            tokenBase = try c.decode(.tokenBase, default: d.tokenBase)
            tokenConfidenceWeight = try c.decode(.tokenConfidenceWeight, default: d.tokenConfidenceWeight)
            tokenValidBonus = try c.decode(.tokenValidBonus, default: d.tokenValidBonus)
            learned = try c.decodeIfPresent(LearnedCalibration.self, forKey: .learned)
        }
    }
}
