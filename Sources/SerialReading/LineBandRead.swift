import Imaging
import Recognition

/// A line's band (deskewed, at full resolution) and its read.
struct LineBandRead {
    var band: Image
    var text: RecognizedText
}
