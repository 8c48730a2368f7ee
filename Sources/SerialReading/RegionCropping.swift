import Imaging
import Recognition

/// Turns a token found on a read line into a region: the token is cut from the deskewed band
/// (neighbouring words blanked, the start after a label in the gap between the words), re-read
/// in every crop variant, and the line's own read votes too.
struct RegionCropping {
    let settings: Preset.Crop
    /// The line's own read's weight in the vote.
    let lineWeight: Double
    let crops: CropReading
    let engine: OCREngine

    /// Where a token's crop is: in the band, and in the (rotated) photo for matching regions.
    struct Placement {
        var cropBox: PixelRect
        var photoBox: PixelRect
    }

    /// Adds the region of `t` (found in `frame`), or adds the line's read to the line-stage
    /// region already there. `withCrops`: false leaves the region with the line's read alone.
    func add(_ t: LineToken, anchored: Bool, frame: LineReading.Frame,
             regions: inout [SerialPipeline.Region], withCrops: Bool = true) throws {
        let fit = frame.fit, rotation = frame.rotation, stage = frame.stage
        let cut = t.touchesEdge(fit: fit, width: frame.image.width, height: frame.image.height)
        let h = t.line.line.glyphHeight / fit
        let place = placement(of: t, glyph: h, fit: fit)
        let lineRead = SerialVote.Read(t.value.token, weight: lineWeight, source: .line)
        if let k = regions.firstIndex(where: {
            $0.rotation == rotation && Geometry.overlap($0.box, place.photoBox) > settings.regionOverlap && $0.stage.isLineStage
        }) {
            regions[k].reads.append(lineRead)
            regions[k].cut = regions[k].cut || cut
            return
        }
        var region = SerialPipeline.Region(box: place.photoBox, rotation: rotation, anchored: anchored, stage: stage, cut: cut)
        region.reads.append(lineRead)
        let band = t.line.band
        if withCrops, let clamped = place.cropBox.clamped(width: band.width, height: band.height), clamped.width > 8 {
            let crop = try blankedCrop(of: t, in: clamped, glyph: h)
            // A crop that cuts a glyph at its edge: every read of it makes the same slip.
            region.cut = region.cut || CropEdgeInk.cutsGlyph(crop, glyph: h)
            region.reads += try crops.reads(of: crop, glyphHeight: h, stage: stage, prior: region.reads)
            try engine.setVariable("tessedit_char_whitelist", "")
        }
        regions.append(region)
    }

    /// The token's box in band pixels (the read was scaled) with `token_margin` glyph heights
    /// around it. A line's last word runs to the line's last glyph: LSTM boxes of a line's last
    /// characters collapse (`KK5DA46N8F` boxed as `KK5DA46N`), and a crop cut there loses them.
    /// After an anchor, the crop starts `anchor_margin` before the anchor's box ends: LSTM word
    /// boxes often start most of a glyph late (the anchor is blanked by `blankedCrop`).
    func placement(of t: LineToken, glyph h: Double, fit: Double) -> Placement {
        let r = t.line, box = t.value.box
        let x0 = min(Double(box.x) * r.readScale - settings.tokenMargin * h,
                     t.limits.anchorEnd.map { Double($0) * r.readScale - settings.anchorMargin * h } ?? .infinity)
        let x1 = max(Double(box.maxX) * r.readScale + settings.tokenMargin * h, t.toEnd ? Double(r.band.width) - settings.endMargin * h : 0)
        let cropBox = PixelRect(x: Int(max(0, x0)), y: 0, width: Int(x1 - max(0, x0)), height: r.band.height)
        // The token's place in the (rotated) photo, for matching the page stage's regions.
        let px0 = Double(r.line.minX) / fit - h + max(0, x0)
        let py = r.line.baseline(at: Double(r.line.minX) + max(0, x0) * fit) / fit
        let photoBox = PixelRect(x: Int(px0), y: Int(py - 1.5 * h), width: Int(x1 - max(0, x0)), height: Int(2 * h))
        return Placement(cropBox: cropBox, photoBox: photoBox)
    }

    /// A crop's pixels and its frame in the line's read.
    struct BandCrop {
        var pixels: [UInt8]
        var width: Int
        /// The crop's median grey: the background (text covers well under half a crop).
        var median: UInt8
        var readScale: Double
        var originX: Int

        /// A read-pixel x in crop pixels.
        func x(_ readX: Int) -> Int { Int(Double(readX) * readScale) - originX }
    }

    /// Where the crop starts after a label, and how much of it is blanked.
    struct LeftEdge {
        var start: Int
        var blank: Int
    }

    /// The band cut to `clamped`, with the neighbouring words inside the margin blanked, not
    /// cut: Tesseract misreads a first character that touches the crop's edge.
    func blankedCrop(of t: LineToken, in clamped: PixelRect, glyph h: Double) throws -> Image {
        var crop = try t.line.band.cropped(to: clamped)
        let pixels = try crop.grayBytes()
        let frame = BandCrop(pixels: pixels, width: crop.width, median: pixels.isEmpty ? UInt8(128) : pixels.sorted()[pixels.count / 2],
                             readScale: t.line.readScale, originX: clamped.x)
        var blankLeft = 0
        if let a = t.limits.anchorEnd {
            let left = leftEdge(after: a, token: t.value.box, in: frame, glyph: h)
            blankLeft = left.blank
            if left.start > 0, let rest = PixelRect(x: left.start, y: 0, width: crop.width - left.start, height: crop.height)
                .clamped(width: crop.width, height: crop.height), rest.width > 8 {
                crop = try crop.cropped(to: rest)
            } else {
                blankLeft += left.start
            }
        }
        let shift = clamped.width - crop.width
        let tokenEnd = frame.x(t.value.box.maxX)
        let blankRight = t.limits.nextWord.map { n in
            (WordGap.find(pixels, width: clamped.width, median: frame.median, between: tokenEnd, and: frame.x(n), glyphHeight: h)
                .map { ($0.lowerBound + $0.upperBound) / 2 } ?? (tokenEnd + frame.x(n)) / 2) - shift
        } ?? Int.max
        return try blank(crop, left: blankLeft, right: blankRight, gray: frame.median)
    }

    /// After a label, where the crop starts (`boxLeftEdge`), unless that is not in the space
    /// between the words: then in that space, found by columns with no ink in any of the glyphs'
    /// rows (`WordGap.spaceAfterLabel`), at most `gap_lead` glyph heights before the serial's
    /// first glyph, blanked to the space's middle (a blurred `.` ending the label spills into
    /// it). LSTM word boxes start late, up to a whole glyph (`Serial 3WF…` boxed from the `W`),
    /// and the space `boxLeftEdge` looks for between them can be a glyph's open middle (the
    /// `W`'s top, a `D`, the gap after a `3`), which lost the first glyph (`W` read `N`, `D` `J`).
    func leftEdge(after anchorEnd: Int, token box: PixelRect, in frame: BandCrop, glyph h: Double) -> LeftEdge {
        let edge = boxLeftEdge(after: anchorEnd, token: box, in: frame, glyph: h)
        guard let gap = WordGap.spaceAfterLabel(frame.pixels, width: frame.width, endingAt: frame.x(anchorEnd), wordStart: frame.x(box.x), glyphHeight: h)
        else { return edge }
        // The crop's first column shown, one column of slack either side of the space.
        if (gap.lowerBound - 1)...(gap.upperBound) ~= edge.start + edge.blank { return edge }
        let start = max(gap.lowerBound, gap.upperBound - Int(settings.gapLead * h))
        return LeftEdge(start: start, blank: max(0, (gap.lowerBound + gap.upperBound) / 2 - start))
    }

    /// After a label, the crop starts in the blank space between the words (`WordGap`), at
    /// most `gap_lead` glyph heights before the serial's first glyph, rather than halfway
    /// between their boxes: LSTM word boxes start a fraction of a glyph late, and halfway could
    /// take a bite out of the first glyph (`G` read `3`, `W` read `V`, `C02` read `202`). Unless
    /// the token's box with its margin starts before the gap and halfway lies in it: then the
    /// crop starts at the box's margin, the label blanked to halfway.
    func boxLeftEdge(after anchorEnd: Int, token box: PixelRect, in frame: BandCrop, glyph h: Double) -> LeftEdge {
        let tokenStart = frame.x(box.x)
        let boxStart = max(0, Int(Double(box.x) * frame.readScale - settings.tokenMargin * h) - frame.originX)
        let halfway = (frame.x(anchorEnd) + tokenStart) / 2
        let gap = WordGap.find(frame.pixels, width: frame.width, median: frame.median, between: frame.x(anchorEnd), and: tokenStart, glyphHeight: h)
        if let gap, boxStart > gap.upperBound || !gap.contains(halfway) {
            return LeftEdge(start: max(gap.lowerBound, gap.upperBound - Int(settings.gapLead * h)), blank: 0)
        }
        // Without a word space, halfway between the boxes is no safe place to blank to: both may
        // start half a glyph late (`Serial G…` boxed from the `l`'s right and the `G`'s middle),
        // and blanking to halfway took the `G`'s left arc (read `5`, `3`). The label is blanked to
        // the middle of the blank columns found leftwards from inside the serial's first glyph.
        if gap == nil, let space = WordGap.spaceBefore(frame.pixels, width: frame.width, median: frame.median, from: tokenStart,
                                                       downTo: frame.x(anchorEnd) - Int(0.5 * h), glyphHeight: h) {
            let middle = (space.lowerBound + space.upperBound) / 2
            let start = min(boxStart, middle)
            return LeftEdge(start: start, blank: middle - start)
        }
        return LeftEdge(start: boxStart, blank: halfway - boxStart)
    }

    /// `crop` with its first `left` columns and the columns from `right` on filled with `gray`.
    func blank(_ crop: Image, left: Int, right: Int, gray: UInt8) throws -> Image {
        var crop = crop
        if left > 0 { crop = try crop.filled(PixelRect(x: 0, y: 0, width: left, height: crop.height), gray: gray) }
        if right < crop.width {
            crop = try crop.filled(PixelRect(x: max(0, right), y: 0, width: crop.width - max(0, right), height: crop.height), gray: gray)
        }
        return crop
    }
}
