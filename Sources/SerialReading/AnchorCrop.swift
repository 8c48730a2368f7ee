import Imaging
import Recognition

/// Where a page read's serial should be: the box after an anchor, sized by the word after it
/// (when it sits on the anchor's baseline), in the full-resolution rotated photo.
struct AnchorCrop {
    /// The box in the rotated photo, clamped to it.
    var box: PixelRect
    /// The anchor's band's middle row, in the box.
    var centreRow: Double
    /// Glyph height in the rotated photo.
    var glyph: Double
    /// The word after the anchor on its baseline, if any.
    var next: RecognizedWord?

    /// The crop after `anchor` in a page read at `scale` of `photo` (`pageWidth` wide); nil
    /// when it would be too small to read.
    init?(after anchor: AnchorMatching.Match, pageWidth: Int, scale: Double, photo: Image, settings: Preset.Crop) {
        let anchorBox = anchor.box
        let anchorEnd = anchorBox.maxX
        // The token after the anchor, when it sits on the anchor's baseline, sizes the glyphs.
        let next = anchor.after.first.flatMap { abs($0.box.y + $0.box.height / 2 - (anchorBox.y + anchorBox.height / 2)) < anchorBox.height ? $0 : nil }
        let glyphPage = Double(next?.box.height ?? anchorBox.height)
        // A 12-character serial spans ~9–10 glyph heights; the page read often cuts the
        // token short, so the crop reaches at least that far past the anchor.
        let reach = settings.reach
        let minimum = reach <= 0 ? pageWidth : anchorEnd + Int(glyphPage * reach)
        let right = max(minimum, (next?.box.maxX ?? 0) + Int(glyphPage * settings.nextWordMargin))
        // Vertically: the anchor's band only (a page line box can span two tilted lines).
        let top = min(anchorBox.y, next?.box.y ?? anchorBox.y)
        let bottom = max(anchorBox.maxY, next?.box.maxY ?? anchorBox.maxY)
        // A photo tilted by a few degrees moves the value up or down the further it is from
        // the anchor: allow ~4° of slack over the reach.
        let pad = glyphPage * settings.bandPadding + Double(right - anchorEnd) * settings.tiltSlack
        let pageBox = PixelRect(x: anchorEnd + 1, y: Int(Double(top) - pad),
                                width: right - anchorEnd, height: Int(Double(bottom - top) + 2 * pad))
        let box = PixelRect(x: Int(Double(pageBox.x) / scale), y: Int(Double(pageBox.y) / scale),
                            width: Int(Double(pageBox.width) / scale) + 1, height: Int(Double(pageBox.height) / scale) + 1)
        guard let clamped = box.clamped(width: photo.width, height: photo.height), clamped.width > 8, clamped.height > 4 else { return nil }
        self.box = clamped
        centreRow = Double((top + bottom) / 2) / scale - Double(clamped.y)
        glyph = glyphPage / scale
        self.next = next
    }
}
