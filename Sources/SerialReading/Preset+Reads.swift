extension Preset {
    /// How much each kind of read counts in a region's vote: crops and the line's own read in
    /// full, the page token after an anchor less, label-less tokens least. Every key is optional
    /// in a preset file and defaults to the value shown.
    public struct Reads: Codable, Sendable, Hashable {
        /// A crop re-read (`crop:VARIANT@HEIGHT`).
        public var cropWeight = 1.0
        /// The line stage's read of the whole line (`line`).
        public var lineWeight = 1.0
        /// The page read's word after an anchor (`page-anchor`).
        public var anchorTokenWeight = 0.6
        /// A serial-shaped token with no label (`page-token`, `line-token`).
        public var tokenWeight = 0.3

        /// Today's weights.
        public init() {}

        enum CodingKeys: String, CodingKey {
            case cropWeight = "crop_weight", lineWeight = "line_weight", anchorTokenWeight = "anchor_token_weight", tokenWeight = "token_weight"
        }

        /// Decodes the keys present; the others keep their defaults.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Self()
            cropWeight = try c.decode(.cropWeight, default: d.cropWeight)
            lineWeight = try c.decode(.lineWeight, default: d.lineWeight)
            anchorTokenWeight = try c.decode(.anchorTokenWeight, default: d.anchorTokenWeight)
            tokenWeight = try c.decode(.tokenWeight, default: d.tokenWeight)
        }
    }
}
