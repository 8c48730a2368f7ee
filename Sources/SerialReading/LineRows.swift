import Imaging
import ReadingCore

/// Rows the line finder did not chain whole: a line extended along its baseline (a screen
/// row's value, the rest of a row the chain cut), and whether one line continues another.
enum LineRows {
    /// How far (glyph heights) a label's row is read for its value.
    static let valueSpan = 25.0

    /// `line` extended along its baseline to the right (or `leftward`), up to `span` glyph heights
    /// or the image's edge (`width`, in the line's frame): where a screen row's value is, or the
    /// rest of a row the line finder cut. Nil when there is no room.
    static func row(of line: TextLine, width: Double, span: Double = valueSpan, leftward: Bool = false) -> TextLine? {
        let h = line.glyphHeight
        // The room needed, short by half a pixel: a span not cut by the edge gives exactly
        // `span × h` of room, which rounding may make a hair less (a 2.69-glyph row refused).
        let needed = min(4, span) * h - 0.5
        let x: Int
        if leftward {
            let start = max(2, Double(line.minX) - span * h)
            guard Double(line.minX) - start >= needed else { return nil }
            x = Int(start)
        } else {
            let end = min(width - 2, Double(line.maxX) + span * h)
            guard end - Double(line.maxX) >= needed else { return nil }
            x = Int(end - h / 2)
        }
        var row = line
        row.glyphs.append(PixelRect(x: x, y: Int(line.baseline(at: Double(x)) - h), width: Int(h / 2), height: Int(h)))
        return row
    }

    /// Whether `b` lies right of `a` on `a`'s baseline, with glyphs of about its height.
    static func continues(_ b: TextLine, after a: TextLine) -> Bool {
        guard b.minX > a.maxX else { return false }
        let ratio = b.glyphHeight / a.glyphHeight
        let x = Double(b.minX)
        return ratio > 0.7 && ratio < 1.45 && abs(b.baseline(at: x) - a.baseline(at: x)) < 0.5 * a.glyphHeight
    }
}
