import Recognition

extension Preset {
    /// How a crop that should hold a serial is cut and re-read.
    public struct Crop: Codable, Sendable, Hashable {
        /// Glyph heights (px) the crop is scaled to before each re-read.
        public var targetHeights: [Int]
        /// Preprocessing variants, each read at every target height.
        public var variants: [Variant]
        /// How Tesseract segments the crop (a single line, or a block when a neighbour may show).
        public var psm: PageSegmentation
        /// The only characters a crop read may give.
        public var whitelist: String
        /// How far right of the anchor the crop reaches, in glyph heights; 0 = to the image's
        /// edge (a screen's value column is right-aligned far from its label).
        public var reach: Double
        /// Vertical slack per pixel of reach (≈ tan of the tilt tolerated).
        public var tiltSlack: Double
        /// Margin around a line token's box, in glyph heights (`token_margin`, default 0.6).
        public var tokenMargin = 0.6
        /// After a label, the crop may start this many glyph heights before the label's box ends
        /// (`anchor_margin`, default 0.5): LSTM word boxes often start most of a glyph late.
        public var anchorMargin = 0.5
        /// A line's last word is cropped to the band's end less this many glyph heights
        /// (`end_margin`, default 0.4).
        public var endMargin = 0.4
        /// After a label, the crop starts at most this many glyph heights before the end of the
        /// blank gap before the serial (`gap_lead`, default 0.6).
        public var gapLead = 0.6
        /// A page crop reaches this many glyph heights past the word after the anchor
        /// (`next_word_margin`, default 1.5).
        public var nextWordMargin = 1.5
        /// A page crop's band is padded by this many glyph heights above and below
        /// (`band_padding`, default 0.35).
        public var bandPadding = 0.35
        /// Two boxes over this share of the smaller one are the same region (`region_overlap`,
        /// default 0.4).
        public var regionOverlap = 0.4
        /// Once this many reads of a region agree on one valid serial, its remaining crop reads
        /// are skipped (`settle_reads`, default 4).
        public var settleReads = 4

        enum CodingKeys: String, CodingKey {
            case targetHeights = "target_heights", variants, psm, whitelist, reach, tiltSlack = "tilt_slack"
            case tokenMargin = "token_margin", anchorMargin = "anchor_margin", endMargin = "end_margin", gapLead = "gap_lead"
            case nextWordMargin = "next_word_margin", bandPadding = "band_padding", regionOverlap = "region_overlap"
            case settleReads = "settle_reads"
        }
    }
}

extension Preset.Crop {
    /// Decodes a crop; the margins, overlap and settle count are optional (older preset files
    /// lack them) and keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        targetHeights = try c.decode([Int].self, forKey: .targetHeights)
        variants = try c.decode([Preset.Variant].self, forKey: .variants)
        psm = try c.decode(PageSegmentation.self, forKey: .psm)
        whitelist = try c.decode(String.self, forKey: .whitelist)
        reach = try c.decode(Double.self, forKey: .reach)
        tiltSlack = try c.decode(Double.self, forKey: .tiltSlack)
        tokenMargin = try c.decode(.tokenMargin, default: tokenMargin)
        anchorMargin = try c.decode(.anchorMargin, default: anchorMargin)
        endMargin = try c.decode(.endMargin, default: endMargin)
        gapLead = try c.decode(.gapLead, default: gapLead)
        nextWordMargin = try c.decode(.nextWordMargin, default: nextWordMargin)
        bandPadding = try c.decode(.bandPadding, default: bandPadding)
        regionOverlap = try c.decode(.regionOverlap, default: regionOverlap)
        settleReads = try c.decode(.settleReads, default: settleReads)
    }
}
