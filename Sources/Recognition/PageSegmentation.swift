import CTesseract

/// Tesseract's page segmentation modes that ScanBench uses.
public enum PageSegmentation: String, Sendable, Codable, CaseIterable {
    /// Automatic layout analysis without OSD (PSM 3).
    case auto
    /// A uniform block of text (PSM 6).
    case block
    /// One text line (PSM 7).
    case singleLine = "single_line"
    /// One word (PSM 8).
    case singleWord = "single_word"
    /// Sparse text, as much as possible in no order (PSM 11).
    case sparse
    /// A raw line, bypassing Tesseract's hacks (PSM 13).
    case rawLine = "raw_line"

    var cValue: TessPageSegMode {
        switch self {
        case .auto: PSM_AUTO
        case .block: PSM_SINGLE_BLOCK
        case .singleLine: PSM_SINGLE_LINE
        case .singleWord: PSM_SINGLE_WORD
        case .sparse: PSM_SPARSE_TEXT
        case .rawLine: PSM_RAW_LINE
        }
    }
}
