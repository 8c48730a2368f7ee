/// Where one read of a serial came from. It becomes `SerialVote.Read.method` when the read is made.
enum ReadSource: Hashable, Sendable, CustomStringConvertible {
    /// A crop re-read in a variant at a target glyph height: `crop:gray@36`.
    case crop(Preset.Variant, height: Int)
    /// The line stage's read of the whole line: `line`.
    case line
    /// A label-less token on a read line: `line-token`.
    case lineToken
    /// A label-less token of a page read: `page-token`.
    case pageToken
    /// The page read's word right after an anchor: `page-anchor`.
    case pageAnchor

    /// Today's method name.
    var description: String {
        switch self {
        case let .crop(variant, height): "crop:\(variant.rawValue)@\(height)"
        case .line: "line"
        case .lineToken: "line-token"
        case .pageToken: "page-token"
        case .pageAnchor: "page-anchor"
        }
    }
}

extension SerialVote.Read {
    /// A read of `token`, with its per-character alternatives and confidences.
    init(_ token: SerialCandidateExtractor.Token, weight: Double, source: ReadSource) {
        self.init(text: token.text, choices: token.symbols.map(\.choices), confidences: token.symbols.map(\.confidence),
                  weight: weight, method: source.description)
    }
}
