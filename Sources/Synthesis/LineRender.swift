import Foundation
import Imaging

/// One line of text drawn alone, clean, on a light background: the shape of a tight crop of a
/// label or of a rendered serial (short and wide, read as one line). Tests that need *an*
/// image of a serial make one here instead of reading photos from outside the repository.
public enum LineRender {
    /// `text` in `family`, dark grey on light grey, capitals `capHeight` px tall, with a margin
    /// of one capital height around the text.
    public static func image(of text: String, capHeight: Double = 20, family: String = "DejaVu Sans") throws(SynthesisError) -> Image {
        precondition(capHeight >= 4, "capHeight must be at least 4 px")
        return try TextRendering.serialized { () throws(SynthesisError) -> Image in
            // Measure at a reference size, then draw at the size that gives the capital height.
            let probe = try Canvas(width: 8, height: 8)
            let reference = Font(family, 100)
            let px = 100 * capHeight / max(1, probe.capHeight(reference))
            let font = Font(family, px)
            let box = probe.measure(text, font)
            let margin = capHeight
            let canvas = try Canvas(width: Int((box.width + 2 * margin).rounded(.up)), height: Int((box.height + 2 * margin).rounded(.up)))
            canvas.fill(RGB(gray: 0.92))
            canvas.text(text, font, x: margin, y: margin, color: RGB(gray: 0.12))
            return try canvas.image()
        }
    }
}
