/// What was measured on one image of a folder.
public struct RealismSample: Codable, Sendable, Hashable {
    /// Whether the labelled row was found.
    public enum RowStatus: String, Codable, Sendable, Hashable {
        /// A line's read holds the truth's last characters within the allowed edits.
        case found
        /// The image has a truth, but no line read close enough to it.
        case notFound = "not_found"
        /// No truth in labels.csv (a negative, a refused document, an unlabelled image).
        case noTruth = "no_truth"
        /// The image could not be decoded: nothing was measured.
        case unreadable
    }

    /// The row holding the labelled serial (or permit number).
    public struct Row: Codable, Sendable, Hashable {
        /// The line's read.
        public var text: String
        /// Edits from the truth's last characters to the read.
        public var distance: Int
        /// Glyph height of the line, px of the image.
        public var glyphHeight: Double
        /// Otsu gap of the line's band (grey levels).
        public var contrast: Double
        /// Laplacian variance of the line's band at the image's resolution.
        public var sharpness: Double
        /// Clockwise degrees the image was turned to read the line upright (0, 90, 180, 270).
        public var rotation: Int
        /// Lines whose reads held the truth in the pass that found this one (2: the serial shown
        /// twice, etched and on a sticker; this row is the longest of them).
        public var holdingLines: Int

        /// A row with these measurements.
        public init(text: String, distance: Int, glyphHeight: Double, contrast: Double, sharpness: Double, rotation: Int, holdingLines: Int = 1) {
            self.text = text; self.distance = distance; self.glyphHeight = glyphHeight
            self.contrast = contrast; self.sharpness = sharpness; self.rotation = rotation; self.holdingLines = holdingLines
        }
    }

    /// The image's path relative to the folder.
    public var file: String
    public var width = 0
    public var height = 0
    /// Why the image was not measured (`unreadable`).
    public var error: String?
    /// 0 or 90: the quarter turn in which its lines chain (upright or upside down is not told).
    public var lineRotation = 0
    /// The lines were found as light text on a darker ground.
    public var lightText = false
    /// Glyph heights of the text lines found (lines that look like edges left out), px of the image.
    public var lineHeights: [Double] = []
    /// Chains left out because they look like an edge (a step in brightness, not text).
    public var edgeLines = 0
    /// Grey levels of the whole image fitted to `maxSide`.
    public var grey = RealismStatistics.GreyLevels(mean: 0, p5: 0, p95: 0)
    /// Laplacian variance of the whole image fitted to `maxSide`.
    public var sharpness = 0.0
    public var rowStatus = RowStatus.noTruth
    public var row: Row?
    /// Seconds the measurement took (decoding, line finding, reads).
    public var seconds = 0.0

    /// An empty record for `file`.
    public init(file: String) { self.file = file }
}
