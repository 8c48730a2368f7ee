import Foundation

/// Objective facts about how the labelled text (serial or permit number) ended up in one
/// generated photo, measured while drawing it, and the legibility verdict decided from them
/// alone — never from whether a reader reads the image.
public struct RenderFacts: Hashable, Sendable {
    /// Cap height of the labelled text in output pixels.
    public var glyphPixels = 0.0
    /// Stroke-to-background contrast in grey levels (0–255): the difference between the mean
    /// luma of the dark and of the light class (Otsu split) inside the text's box, after the
    /// lighting and before noise, blur and JPEG.
    public var contrast = 0.0
    /// Share of the text's box hidden: covered by a finger, a stamp's solid ink or another
    /// opaque object, or outside the photo's frame (0–1).
    public var occlusion = 0.0
    /// Standard deviation in output pixels of the combined defocus and motion blur.
    public var blurSigma = 0.0
    /// Standard deviation of the sensor noise, grey levels.
    public var noiseSigma = 0.0
    /// What the text is written in, which sets how much blur it stands (`Bound`).
    public var alphabet = Alphabet.serial

    /// The characters a labelled text is made of.
    public enum Alphabet: Hashable, Sendable {
        /// Apple's serials: capitals and digits, among them pairs told apart by one stroke's
        /// detail (`8/B`, `5/S`, `0/D/Q`, `2/Z`, `6/G`).
        case serial
        /// A permit number: digits and a separator.
        case digits
    }

    public init(glyphPixels: Double = 0, contrast: Double = 0, occlusion: Double = 0, blurSigma: Double = 0, noiseSigma: Double = 0,
                alphabet: Alphabet = .serial) {
        self.glyphPixels = glyphPixels; self.contrast = contrast; self.occlusion = occlusion
        self.blurSigma = blurSigma; self.noiseSigma = noiseSigma; self.alphabet = alphabet
    }

    /// The bounds a legible text must meet. They come from what a person needs to tell
    /// characters apart, not from our reader: strokes are about an eighth of the cap height
    /// thick and glyphs about half of it apart, so a blur wider than a fifth of the cap height
    /// merges neighbouring strokes; below 7 px capitals `8/B`, `5/S` and `0/D` differ by
    /// one pixel; the eye needs less contrast for larger glyphs (contrast sensitivity rises
    /// with size at these scales); a character is about an eighth of a serial's width, so hiding 5 % of the box
    /// hides most of one.
    ///
    /// The blur bounds were checked by eye (`docs/legibility.md`: crops of `generate
    /// --text-crops`, read without their labels): unstamped permit numbers blurred up to 0.171
    /// of their cap height were read exactly 50 times in 51, but serials blurred by 0.167–0.2 of
    /// it only 7 times in 33, never without a guess (0.13 or less: 47 of 48); a serial's
    /// look-alike pairs differ by less than a stroke gap, which such a blur fills.
    public enum Bound {
        public static let minimumGlyphPixels = 7.0
        /// Blur (σ) over cap height a permit number stands.
        public static let maximumBlurPerGlyph = 0.2
        /// Blur (σ) over cap height a serial stands: between the last read surely (0.13) and the
        /// first read only by chance (0.167); no generated serial falls between 0.14 and 0.166.
        public static let maximumBlurPerSerialGlyph = 0.15
        /// For capitals 10 px tall; larger glyphs need less (it scales with the square root
        /// of the cap height, never under 8 grey levels), smaller ones more.
        public static let minimumContrast = 14.0
        public static let minimumContrastToNoise = 3.0
        public static let maximumOcclusion = 0.05
    }

    /// Why the text cannot be read by anyone, or `nil` when it is legible. Several reasons are
    /// joined with `+` (e.g. `small+blurred`).
    public var illegibleReason: String? {
        var reasons: [String] = []
        if glyphPixels < Bound.minimumGlyphPixels { reasons.append("small") }
        let maximumBlur = alphabet == .digits ? Bound.maximumBlurPerGlyph : Bound.maximumBlurPerSerialGlyph
        if glyphPixels > 0 && blurSigma / glyphPixels > maximumBlur { reasons.append("blurred") }
        let neededContrast = max(8, Bound.minimumContrast * (10 / max(1, glyphPixels)).squareRoot())
        if contrast < neededContrast || contrast < Bound.minimumContrastToNoise * noiseSigma { reasons.append("faint") }
        if occlusion > Bound.maximumOcclusion { reasons.append("occluded") }
        return reasons.isEmpty ? nil : reasons.joined(separator: "+")
    }

    /// Whether the text is legible by the bounds above.
    public var legible: Bool { illegibleReason == nil }

    /// The labels.csv columns these facts fill, in order (after the kind's `glyph_px`).
    public static let csvHeader = ["contrast", "occlusion", "blur_sigma_px", "legible", "illegible_reason"]

    /// The values for `csvHeader`; all empty when the image shows no labelled text.
    func csvFields(hasText: Bool) -> [String] {
        guard hasText else { return Array(repeating: "", count: Self.csvHeader.count) }
        return [Degradation.fixed(contrast, 1), Degradation.fixed(occlusion, 3),
                Degradation.fixed(blurSigma, 2), legible ? "true" : "false", illegibleReason ?? ""]
    }

    /// The standard deviation of a defocus of half-width `r` (`Raster.defocused`) and a straight
    /// motion of `motionLength` pixels (`Raster.motionBlurred`, σ = L/√12 for a uniform motion)
    /// applied one after the other: the two add in quadrature.
    static func blurSigma(defocusHalfWidth r: Int, motionLength: Int) -> Double {
        let motion = motionLength > 1 ? Double(motionLength) / 12.squareRoot() : 0
        return (defocusSigma(halfWidth: r) * defocusSigma(halfWidth: r) + motion * motion).squareRoot()
    }

    /// The standard deviation of `Raster.defocused(halfWidth: r)`: a box of width 2r+1, applied
    /// once for r = 1 and twice from r = 2 on.
    static func defocusSigma(halfWidth r: Int) -> Double {
        guard r > 0 else { return 0 }
        let width = Double(2 * r + 1)
        return (Double(r == 1 ? 1 : 2) * (width * width - 1) / 12).squareRoot()
    }
}
