import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// How far left of a number, in its heights, `referenceBeforeLabel` reads its row: past a
    /// `N°` and the word before it (`Décret n°`, `Autorisation n°`).
    static let labelRowReach = 8

    /// The reference word (`DECRET`, `LOI`, `CIN` …) a read of the number's row alone finds left
    /// of it, when the page read gave the number under a bare `N°`: a decree cited under the
    /// title (`Décret n° 2016-2663`) whose name the layout read split off onto another line
    /// reads as a permit's `N°` line (fresh flat 106611 #84, the permit's own `2015-315 رقم`
    /// lost by the read, answered `high`). The row read as one line keeps the words together.
    /// `nil` when the label is any other, or the row names no reference.
    func referenceBeforeLabel(_ n: PermitNumberCandidate, on page: Image, clock: inout StageClock) throws -> String? {
        guard let label = n.label, Self.isBareLatinLabel(label) else { return nil }
        let h = max(8, n.box.height)
        let x0 = max(0, n.box.x - Self.labelRowReach * h)
        let row = PixelRect(x: x0, y: n.box.y - h / 3, width: n.box.maxX - x0, height: h + 2 * (h / 3))
        try french.setVariable("tessedit_char_whitelist", "")
        let read = try clock.time("number:label-row") { try Self.recognize(page, in: row, with: french, mode: .singleLine) }
        // The words left of the number's digits.
        let words = read.lines.flatMap(\.words).filter { $0.box.maxX <= n.box.x + h / 2 }
        let found = words.flatMap { PermitText.tokens($0.text) }
            .first { $0.filter(\.isLetter).count >= 3 && PermitNumberExtractor.isReferenceWord($0) }
        traceSink?("row of `\(n.text)` (label \(label)) read alone: `\(read.text.trimmingCharacters(in: .whitespacesAndNewlines))`"
                   + (found.map { ": a reference (\($0))" } ?? ""))
        return found
    }

    /// A Latin `N°` as read, with no word of a permit's label before it in the label itself
    /// (`REF. N°`, `NUMERO`, `AUTORISATION BT` are not bare).
    static func isBareLatinLabel(_ label: String) -> Bool {
        let w = PermitText.fold(label).trimmingCharacters(in: PermitNumberExtractor.labelMarks)
        return !PermitText.hasArabic(w) && !w.contains(" ") && (PermitNumberExtractor.isN(w) || PermitNumberExtractor.isLoneDegree(w))
    }
}
