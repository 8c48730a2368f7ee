/// The numbers a realism profile is measured with. Both folders of a comparison use the same.
public struct RealismSettings: Codable, Sendable, Hashable {
    /// Lines are found in the photo fitted to this side (as the serial presets' `lines.max_side`).
    public var maxSide = 1600
    /// A chain of fewer glyphs is not a line (the etched preset's `min_glyphs`).
    public var minGlyphs = 6
    /// Smallest glyph height, px (the etched preset's `min_glyph_px`: faint etching from afar).
    public var minGlyph = 4
    /// Lines are read with their glyphs scaled to this height (the presets' `target_height`).
    public var targetHeight = 36
    /// At most this many lines are read per polarity and turn while looking for the labelled row.
    public var maxLinesRead = 30
    /// The labelled row is matched on the truth's last this many characters.
    public var suffixLength = 8
    /// A row holds the truth when its read is within this share of the target's length in edits.
    public var allowedEditFraction = 0.25
    /// The model that reads lines of serial folders (`Models/`, as the etched preset); `eng` when absent.
    public var serialModel = "serial_best"
    /// The Tesseract languages that read lines of permit folders (the number is in digits).
    public var permitLanguages = "fra"
    /// Seconds one line's read may take.
    public var lineTimeLimit = 5.0

    /// The defaults above.
    public init() {}
}
