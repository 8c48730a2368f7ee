/// What `scanbench generate --kind` renders.
public enum DatasetKind: String, Sendable, CaseIterable {
    /// Laser-etched MacBook bottom cases (preset `etched`).
    case etched
    /// iPhone / iPad Settings ▸ General ▸ About photographed off the screen (preset `screen`).
    case screen
    /// Printed labels and box sides with barcodes (preset `sticker`).
    case sticker
    /// Tunisian restaurant permits mixed with documents that must be refused (`not_permit`,
    /// `unreadable`), so one folder gives every permit metric.
    case permit
    /// Serial scenes (etched, screen, sticker) that show no serial: empty `serial` labels.
    case negative
    /// Only documents that must be refused: invoices, French building permits, Tunisian
    /// trade-register extracts, device labels, and unreadable permits.
    case documentNegative = "document-negative"

    /// Whether the labels are permit labels (`filename,permit_number,kind,…`).
    public var isDocumentKind: Bool { self == .permit || self == .documentNegative }

    /// The default output size (width × height, before any quarter turn) for this kind.
    public var defaultSize: (width: Int, height: Int) {
        switch self {
        case .etched, .sticker, .negative: (1600, 900)
        case .screen: (720, 1280)
        case .permit, .documentNegative: (1080, 1440)
        }
    }

    /// A number that separates the kinds' seed streams.
    var streamID: UInt64 {
        switch self {
        case .etched: 1
        case .screen: 2
        case .sticker: 3
        case .permit: 4
        case .negative: 5
        case .documentNegative: 6
        }
    }
}
