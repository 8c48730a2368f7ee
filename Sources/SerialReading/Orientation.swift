import Foundation
import Imaging
import ReadingCore
import Recognition

/// Tells an upright photo from an upside-down one: the longest lines, read as they are and
/// turned 180°, until two informative probes (or a decisive difference) say which way is up. A
/// line read upright as a label and a valid serial after it is upright, whatever its mean
/// confidence: turned text reads as no label, let alone one followed by a serial.
struct Orientation {
    let settings: Preset.Orientation
    let lines: Preset.Lines
    /// The preset's labels (`anchors:`).
    let anchors: AnchorMatching
    let engine: OCREngine
    let deadline: Deadline
    /// Receives each probe's reads (`read --debug`).
    let lineSink: ((String) -> Void)?

    /// The probes' sums, and the upright reads of whole lines, which the line stage would
    /// otherwise read again.
    struct Verdict {
        var upright = 0.0
        var flipped = 0.0
        var cache: [TextLine: LineBandRead] = [:]
    }

    /// One line read both ways.
    struct Scores {
        var upright: Double
        var flipped: Double
        var uprightText: String
        var flippedText: String
        /// Read upright as a label and a valid serial: upright, no further probe.
        var labelled = false
    }

    /// Probes up to `probe_lines` of `candidates` (in `image`, found at `fit` of it).
    func probe(_ candidates: [TextLine], in image: Image, fit: Double, polarity: Preset.Lines.Polarity = .dark,
               clock: inout StageClock) throws -> Verdict {
        var verdict = Verdict()
        try engine.setVariable("tessedit_char_whitelist", "")
        try clock.time("lines:orientation") {
            // Lines unreadable both ways (a screen's edge, moiré, a barcode) say nothing; up to
            // four probes for two lines that read as text one way or the other.
            var informative = 0
            for (k, line) in candidates.prefix(settings.probeLines).enumerated() {
                let score = try scores(line, in: image, fit: fit, polarity: polarity, wholeUpright: k == 0, cache: &verdict.cache)
                if score.labelled {
                    verdict.upright += score.upright
                    verdict.flipped = 0
                    break
                }
                // Informative: read as text one way (moiré reads as `MMMMM` at 0.45).
                let better = score.upright >= score.flipped ? score.uprightText : score.flippedText
                guard max(score.upright, score.flipped) >= settings.informativeConfidence,
                      Set(better.filter { !$0.isWhitespace }).count >= 4 else { continue }
                verdict.upright += score.upright
                verdict.flipped += score.flipped
                informative += 1
                if abs(verdict.upright - verdict.flipped) > settings.decisiveMargin || informative == 2 { break }
            }
        }
        return verdict
    }

    /// Whether the verdict says the photo is upside down.
    func isFlipped(_ v: Verdict) -> Bool {
        v.flipped > v.upright + settings.flipMargin
    }

    /// Mean confidence of reading a line (its middle ~20 glyphs when it is longer than 50) as
    /// it is and turned 180° (one band, read both ways). A whole line's upright read is kept in
    /// `cache` for the line stage. `wholeUpright`: a long line is first read whole upright (the
    /// line stage reads the first line first, so in an upright photo that read is not lost);
    /// when that read is sure, it decides alone. Otherwise its middle is read both ways as
    /// usual: a whole line's mean confidence is no measure beside its middle's (a few garbled
    /// words pull it down: 0.05 where the middle read 0.65, and the turned middle's 0.40 won).
    func scores(_ line: TextLine, in image: Image, fit: Double, polarity: Preset.Lines.Polarity = .dark, wholeUpright: Bool = false,
                cache: inout [TextLine: LineBandRead]) throws -> Scores {
        let long = line.glyphs.count > 50
        if long && wholeUpright {
            let unscaled = try line.band(from: image, scale: 1 / fit)
            let text = try engine.recognize(try lines.readImage(unscaled, factor: lines.readFactor(line, fit: fit), polarity: polarity),
                                            mode: .rawLine, timeLimit: deadline.remaining)
            cache[line] = LineBandRead(band: unscaled, text: text)
            let labelled = holdsLabelledSerial(text)
            if text.meanConfidence >= settings.sureUpright || labelled {
                lineSink?("  orientation h=\(line.glyphHeight) n=\(line.glyphCount): whole upright \(String(format: "%.2f", text.meanConfidence))\(labelled ? " labelled" : "") '\(text.text)'")
                return Scores(upright: text.meanConfidence, flipped: 0, uprightText: text.text, flippedText: "", labelled: labelled)
            }
        }
        // The first glyphs upright are the last ones upside down: take the middle of the line.
        var l = line
        if long {
            let skip = max(0, (line.glyphs.count - 20) / 2)
            l.glyphs = Array(line.glyphs.dropFirst(skip).prefix(20))
        }
        let unscaled = try l.band(from: image, scale: 1 / fit)
        let band = try lines.readImage(unscaled, factor: lines.readFactor(l, fit: fit), polarity: polarity)
        let upright = try engine.recognize(band, mode: .rawLine, timeLimit: deadline.remaining)
        if !long { cache[line] = LineBandRead(band: unscaled, text: upright) }
        let labelled = !long && holdsLabelledSerial(upright)
        let head = "  orientation h=\(line.glyphHeight) n=\(line.glyphCount): upright \(String(format: "%.2f", upright.meanConfidence))\(labelled ? " labelled" : "") '\(upright.text)'"
        // A line read this surely is upright (text upside down reads at 0.2-0.6): no second read.
        if upright.meanConfidence >= settings.sureUpright || labelled {
            lineSink?(head)
            return Scores(upright: upright.meanConfidence, flipped: 0, uprightText: upright.text, flippedText: "", labelled: labelled)
        }
        let flipped = try engine.recognize(band.rotated(quarterTurns: 2), mode: .rawLine, timeLimit: deadline.remaining)
        lineSink?(head + ", turned \(String(format: "%.2f", flipped.meanConfidence)) '\(flipped.text)'")
        return Scores(upright: upright.meanConfidence, flipped: flipped.meanConfidence, uprightText: upright.text, flippedText: flipped.text)
    }

    /// Whether a line of `text` holds a label and a valid serial after it.
    func holdsLabelledSerial(_ text: RecognizedText) -> Bool {
        text.lines.contains { line in
            anchors.match(in: line).flatMap { ValueToken.first(in: $0.after) }?.token.validation.isValid ?? false
        }
    }
}
