/// The stage that found a region or an answer. It becomes `Candidate.stage` (and the stage
/// clock's and debug crops' names) only when rendered.
enum ReadStage: Hashable, Sendable, CustomStringConvertible {
    /// The whole image read as one line (a crop or a render): `line`.
    case lineImage
    /// The line stage in one polarity and rotation, in the photo levelled by `tilt` degrees when
    /// that is not 0: `lines`, `lines:light/rot180`, `lines/tilt31/rot90`.
    case lines(Preset.Lines.Polarity, rotation: Int, tilt: Int = 0)
    /// One page read, a variant at a scale of the fitted photo: `page:background_norm@1.0/rot90`.
    case page(Preset.Variant, scale: Double, rotation: Int)
    /// Serial-shaped tokens with no label in sight: `page`.
    case tokens

    /// Today's stage name.
    var description: String {
        switch self {
        case .lineImage: "line"
        case let .lines(polarity, rotation, tilt):
            "lines" + (polarity == .dark ? "" : ":light") + (tilt == 0 ? "" : "/tilt\(tilt)") + Self.turn(rotation)
        case let .page(variant, scale, rotation): "page:\(variant.rawValue)@\(scale)" + Self.turn(rotation)
        case .tokens: "page"
        }
    }

    /// The polarity the line stage found its glyphs in; dark for the other stages.
    var polarity: Preset.Lines.Polarity {
        if case let .lines(polarity, _, _) = self { return polarity }
        return .dark
    }

    /// Whether this is the line stage (whose regions a later line token joins).
    var isLineStage: Bool {
        if case .lines = self { return true }
        return false
    }

    private static func turn(_ rotation: Int) -> String { rotation == 0 ? "" : "/rot\(rotation)" }
}
