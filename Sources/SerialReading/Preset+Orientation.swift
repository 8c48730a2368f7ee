extension Preset {
    /// How the line stage tells upright from upside down (see `Orientation`): the longest lines
    /// read both ways, and the thresholds that make a probe informative or decisive. Every key
    /// is optional in a preset file and defaults to the value shown.
    public struct Orientation: Codable, Sendable, Hashable {
        /// A line read upright at this mean confidence is upright: no turned read (text upside
        /// down reads at 0.2–0.6).
        public var sureUpright = 0.85
        /// A probe says something only when one of its reads reaches this confidence.
        public var informativeConfidence = 0.3
        /// Probing stops once the two directions' sums differ by more than this.
        public var decisiveMargin = 0.2
        /// The photo is turned over when the turned reads beat the upright ones by more than this.
        public var flipMargin = 0.05
        /// With `flip: fallback`, lines read under this mean confidence (and nothing labelled)
        /// are read again turned over.
        public var garbageConfidence = 0.4
        /// At most this many lines are probed.
        public var probeLines = 4

        /// Today's thresholds.
        public init() {}

        enum CodingKeys: String, CodingKey {
            case sureUpright = "sure_upright", informativeConfidence = "informative_confidence", decisiveMargin = "decisive_margin"
            case flipMargin = "flip_margin", garbageConfidence = "garbage_confidence", probeLines = "probe_lines"
        }

        /// Decodes the keys present; the others keep their defaults.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Self()
            sureUpright = try c.decode(.sureUpright, default: d.sureUpright)
            informativeConfidence = try c.decode(.informativeConfidence, default: d.informativeConfidence)
            decisiveMargin = try c.decode(.decisiveMargin, default: d.decisiveMargin)
            flipMargin = try c.decode(.flipMargin, default: d.flipMargin)
            garbageConfidence = try c.decode(.garbageConfidence, default: d.garbageConfidence)
            probeLines = try c.decode(.probeLines, default: d.probeLines)
        }
    }
}
