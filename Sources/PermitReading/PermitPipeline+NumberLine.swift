import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// How many numbers of the rescue read have their line read in Arabic for a label.
    static let maxRescueLines = 3

    /// The permit number read again when the page read found none. The page's layout read
    /// drops or breaks the number line when a stamp lies over it or an Arabic label stands
    /// beside it (`DAA1/2023 : &e>`), while the same lines read as one block come out whole.
    /// The block from the act's title down to the body (where the number stands) is read in
    /// French; a labelled number found there is taken, a lone one only when its line read in
    /// Arabic carries `رقم`.
    func rescueNumberLine(_ pass: Pass, clock: inout StageClock) throws -> (number: PermitNumberCandidate?, reads: [String]) {
        guard let region = Self.numberBlock(pass.text.lines, heading: pass.heading, page: pass.image) else { return (nil, []) }
        // A box printed around the number line hides it from the read: its outline is erased first.
        let text = try clock.time("number-block:fra") { () throws -> RecognizedText in
            guard let r = region.clamped(width: pass.image.width, height: pass.image.height) else { return RecognizedText(lines: []) }
            let block = try PermitFrames.erased(try pass.image.cropped(to: r))
            return try french.recognize(block, mode: .block).offset(dx: r.x, dy: r.y)
        }
        let found = PermitNumberExtractor.candidates(in: text.lines, heading: [Bool](repeating: true, count: text.lines.count))
            .filter { $0.rejected == nil }
        if let labelled = found.first(where: { $0.label != nil }) { return (labelled, []) }
        // Any number of a permit's shape on a line (Arabic read as Latin noise around it makes
        // the line look like text), confirmed by its Arabic label.
        let lone = (found + text.lines.compactMap { PermitNumberExtractor.anyNumber(in: $0) }).prefix(Self.maxRescueLines)
        for var n in lone {
            let ara = try arabicLine(pass.image, box: n.box, clock: &clock)
            if ara.labelled {
                n.label = "رقم"
                n.endBefore(arabicLabelAt: ara.labelX)
                return (n, ara.numbers)
            }
        }
        return (nil, [])
    }

    /// The block a permit number stands in: from the first line naming the act down to the
    /// body (`Vu …`), or four title heights below the title when no body line was read; the
    /// page's full width (an Arabic label lies beyond the French text). `nil` without a title.
    static func numberBlock(_ lines: [RecognizedLine], heading: [Bool], page: Image) -> PixelRect? {
        guard let title = zip(lines, heading).first(where: { $0.1 && PermitNumberExtractor.isTitle($0.0.text) })?.0 else { return nil }
        let bodyTop = lines.filter { $0.box.y > title.box.maxY && PermitNumberExtractor.startsBody($0.text) }.map(\.box.y).min()
        let bottom = min(bodyTop ?? Int.max, title.box.maxY + 6 * title.box.height)
        let top = max(0, title.box.y - title.box.height / 2)
        return PixelRect(x: 0, y: top, width: page.width, height: bottom - top).clamped(width: page.width, height: page.height)
    }
}
