import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// How many lines under the title are read again, one by one, when the page read found no number.
    static let maxRescueLines = 3

    /// The permit number read line by line when the page read found none: the page's layout
    /// read breaks a line with a stamp over it or an Arabic label beside it into noise
    /// (`DAA1/2023 : &e>`), while the same line read on its own comes out whole. The lines
    /// just under the act's title (where the number stands) are read as single lines in
    /// French; a labelled number found there is taken, a lone one only when the same line
    /// read in Arabic carries `رقم`.
    func rescueNumberLine(_ pass: Pass, clock: inout StageClock) throws -> (number: PermitNumberCandidate?, reads: [String]) {
        for line in Self.numberLineCandidates(pass.text.lines, heading: pass.heading).prefix(Self.maxRescueLines) {
            let h = max(8, line.box.height)
            let strip = PixelRect(x: 0, y: line.box.y - h / 2, width: pass.image.width, height: h * 2)
            let text = try clock.time("number-line:fra") { try Self.recognize(pass.image, in: strip, with: french, mode: .singleLine) }
            let found = PermitNumberExtractor.candidates(in: text.lines, heading: [Bool](repeating: true, count: text.lines.count))
                .filter { $0.rejected == nil }
            if let labelled = found.first(where: { $0.label != nil }) { return (labelled, []) }
            // Any number of a permit's shape on the line (Arabic read as Latin noise around it
            // makes the line look like text), confirmed by its Arabic label.
            let lone = found.first ?? text.lines.lazy.compactMap { PermitNumberExtractor.anyNumber(in: $0) }.first
            let ara = try arabicLine(pass.image, box: lone?.box ?? line.box, clock: &clock)
            guard ara.labelled else { continue }
            if var lone {
                lone.label = "رقم"
                return (lone, ara.numbers)
            }
            if let n = ara.numbers.first {
                // Only the Arabic read has it: no box of its own to re-read.
                return (PermitNumberCandidate(text: n, raw: n, label: "رقم", line: 0, box: line.box, heading: true,
                                              confidence: 0, rejected: nil, score: 0), [])
            }
        }
        return (nil, [])
    }

    /// The heading lines a permit number may stand on: those below the first line naming the
    /// act (the title itself included, which a tilted page read merges with the number),
    /// nearest first; without a title, the heading's last lines.
    static func numberLineCandidates(_ lines: [RecognizedLine], heading: [Bool]) -> [RecognizedLine] {
        let head = zip(lines, heading).filter { $0.1 }.map(\.0)
        guard !head.isEmpty else { return [] }
        guard let title = head.first(where: { PermitNumberExtractor.isTitle($0.text) }) else {
            return Array(head.sorted { $0.box.y > $1.box.y }.prefix(maxRescueLines))
        }
        return head.filter { $0.box.y + $0.box.height / 2 > title.box.y + title.box.height / 2 }
            .sorted { $0.box.y < $1.box.y }
    }
}
