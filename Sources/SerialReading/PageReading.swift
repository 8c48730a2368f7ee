import Imaging
import Recognition

/// One layout read of the page (Tesseract's own segmentation): its serial-shaped tokens are
/// weak reads; each anchor line's crop is tightened and re-read, and becomes a region.
struct PageReading {
    let page: Preset.Page
    let crop: Preset.Crop
    let weights: Preset.Reads
    let anchors: AnchorMatching
    let engine: OCREngine
    let crops: CropReading
    let deadline: Deadline

    /// Reads `rotated` at `scale` in `variant`, adding regions and weak tokens to `state`.
    /// Returns how much legible text the read found (confident words of 3+ letters), which
    /// tells the right orientation from the wrong ones.
    func read(_ rotated: Image, scale: Double, variant: Preset.Variant, rotation: Int, stage: ReadStage,
              state: inout ReadState) throws -> Double {
        let image = try variant.apply(to: rotated.scaled(by: scale))
        try engine.setVariable("tessedit_char_whitelist", "")
        let text = try engine.recognize(image, mode: page.psm, timeLimit: deadline.remaining)
        let legibility = text.words.filter { $0.confidence > 0.6 && $0.text.filter { $0.isLetter || $0.isNumber }.count >= 3 }
            .map(\.confidence).reduce(0, +)
        state.noteAddresses(in: text)
        for t in SerialCandidateExtractor.tokens(in: text) {
            state.weak.append(SerialVote.Read(t, weight: weights.tokenWeight, source: .pageToken))
        }
        for line in text.lines {
            guard let anchor = anchors.match(in: line) else { continue }
            state.labelSeen = true
            // Vertical text found in this orientation is read in the rotation that makes it horizontal.
            if anchor.box.height > anchor.box.width { continue }
            if deadline.hasPassed { return legibility }
            guard let place = AnchorCrop(after: anchor, pageWidth: image.width, scale: scale, photo: rotated, settings: crop) else { continue }
            try add(place, of: rotated, rotation: rotation, stage: stage, regions: &state.regions)
        }
        return legibility
    }

    /// The region for an anchor's crop (a new one, read; or the one another variant already
    /// read there), with the page's word after the anchor as a read of its own.
    private func add(_ place: AnchorCrop, of rotated: Image, rotation: Int, stage: ReadStage, regions: inout [SerialPipeline.Region]) throws {
        // Same region already read (another variant found the same line): add the page token only.
        var idx = regions.firstIndex { $0.rotation == rotation && Geometry.overlap($0.box, place.box) > crop.regionOverlap }
        if idx == nil {
            regions.append(SerialPipeline.Region(box: place.box, rotation: rotation, anchored: true, stage: stage))
            idx = regions.count - 1
            let band = try BandTightening.tighten(rotated.cropped(to: place.box), centreRow: place.centreRow, glyph: place.glyph)
            regions[regions.count - 1].reads += try crops.reads(of: band, glyphHeight: place.glyph, stage: stage)
        }
        if let first = place.next, let i = idx {
            let word = RecognizedText(lines: [RecognizedLine(words: [first], box: first.box, confidence: first.confidence)])
            for piece in SerialCandidateExtractor.tokens(in: word) {
                regions[i].reads.append(SerialVote.Read(piece, weight: weights.anchorTokenWeight, source: .pageAnchor))
            }
        }
    }
}
