import Imaging
import ReadingCore
import Recognition

/// One line found and read by the line stage.
struct ReadLine {
    var line: TextLine
    /// The deskewed strip at full resolution.
    var band: Image
    /// Band pixels per read pixel (the read was scaled to the target glyph height).
    var readScale: Double
    var text: RecognizedText
}
