import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// The crop reads a garbled number's vote is made of: three scales, and two thresholds at
    /// the middle one (as the confirmation's vote).
    static let garbledReadHeights = [40.0, 48.0, 56.0]

    /// The permit number re-read from its crop when the page read found its label in the
    /// heading but garbled the digits after it (`N°: 2023/9%6704`, `Numéro : 202 V00550`,
    /// `N° d'autorisation : 8211/2628` of `0211/2020`): the page read gave no number of a
    /// permit's shape there, and the answer otherwise falls back on a lone number elsewhere (a
    /// phone's digits above the title) or is refused. The crop is read digits only at several
    /// scales and thresholds; a read two of them agree on (`PermitNumberVote.winner`; else the
    /// consensus of the French engine's, the permit model's and the English one's reads of the
    /// crops), of a permit number's shape, not a date and close to what the page read showed, is
    /// taken — as a number whose page read was not confident, so never `high`.
    /// `garbled`: whether the pass has such a labelled line at all.
    func rereadGarbled(_ pass: Pass, clock: inout StageClock) throws -> (garbled: Bool, number: PermitNumberCandidate?) {
        let garbled = Self.garbledLabelled(pass)
        return (!garbled.isEmpty, try rereadGarbled(garbled.first, on: pass, clock: &clock))
    }

    /// The numbers of `pass` labelled in the heading whose digits were read garbled.
    static func garbledLabelled(_ pass: Pass) -> [PermitNumberCandidate] {
        PermitNumberExtractor.candidates(in: pass.text.lines, heading: pass.heading)
            .filter { $0.label != nil && $0.heading && $0.rejected == PermitNumberExtractor.shapeRejection }
    }

    /// `candidate` re-read from its crops as above; `frenchFirst: false` skips the French
    /// reads' own winner for the three engines' consensus (digits the French engine garbled on
    /// the page and in its rows: `rescueNumberLine`).
    func rereadGarbled(_ candidate: PermitNumberCandidate?, on pass: Pass, frenchFirst: Bool = true, clock: inout StageClock) throws -> PermitNumberCandidate? {
        guard var n = candidate else { return nil }
        let (line, lineBox) = try clock.time("number:line") { try Self.numberLine(pass.image, box: n.box) }
        var box = lineBox
        let blurred = try Self.numberIsBlurred(line, box: box)
        if !blurred, let digits = try Self.digitsRows(line, box: box) { box = digits }
        var crops = try voteCrops(line, box: box, nextWordX: n.nextWordX, heights: Self.garbledReadHeights, sharpen: blurred)
        // A steep slash the page read as `1` is read so on every crop too: it is read back as `/`
        // where that gives a number of a common shape (`PermitNumberFormat.slashRestored`).
        func restored(_ reads: [String?]) -> [String?] { reads.map { $0.map(PermitNumberFormat.slashRestored) } }
        var frenchReads = restored(try read(crops, with: french, stage: "number:garbled", clock: &clock))
        // No glyph on any crop of a blurred number: they are cut to its digits' rows (`digitsRows`).
        if frenchReads.allSatisfy({ $0 == nil }), let digits = try Self.digitsRows(line, box: box) {
            crops = try voteCrops(line, box: digits, nextWordX: n.nextWordX, heights: Self.garbledReadHeights, sharpen: blurred)
            frenchReads = restored(try read(crops, with: french, stage: "number:garbled", clock: &clock))
        }
        // A vote the French reads cannot settle (`1896/2619` on most crops of `1890/2019`, a
        // year to come) is put to the three engines, weighted as in `confirm`.
        func engines() throws -> (text: String, engines: Int)? {
            let byEngine = [frenchReads,
                            restored(try read(crops, with: numberModel(), stage: "number:garbled-consensus", clock: &clock)),
                            restored(try read(crops, with: english(), stage: "number:garbled-consensus", clock: &clock))]
            return PermitNumberVote.consensus(byEngine, crops: crops.count, weights: Self.engineWeights).map { ($0.text, $0.engines) }
        }
        // The French reads' winner is one engine's: it must be close to the page read. A
        // consensus of two engines or three may be far from it: a stamp across the line garbles
        // the page read's digits (`2614-55786` of `2013-55754`, phone 101411 #39), not the
        // crops' reads of them all.
        let french = frenchFirst ? PermitNumberVote.winner(frenchReads.compactMap { $0 }).map { (text: $0, engines: 1) } : nil
        guard let (voted, engineCount) = try french ?? engines(), !PermitNumberFormat.isDate(voted),
              engineCount >= 2 || Self.closeToPageRead(voted, n.text) else { return nil }
        n.text = Self.separatorFromPage(voted, page: n.text) ?? voted
        n.rejected = nil
        n.confidence = min(n.confidence, Self.garbledConfidence)
        return n
    }

    /// The crops' read with the separator the page read showed put back, when the crops lost it
    /// (a thin `-` or `/` blurred into its neighbours: `20221650` of `202-1650`): at as many
    /// digits from the end as the page read had after it, when that gives a permit number's shape.
    static func separatorFromPage(_ voted: String, page: String) -> String? {
        let isSeparator = PermitNumberFormat.isSeparator
        guard !voted.contains(where: isSeparator), page.filter(isSeparator).count == 1,
              let sep = page.first(where: isSeparator), let after = page.split(whereSeparator: isSeparator).last,
              page.last.map({ !isSeparator($0) }) ?? false, after.count < voted.count else { return nil }
        let cut = voted.index(voted.endIndex, offsetBy: -after.count)
        let out = String(voted[..<cut]) + String(sep) + String(voted[cut...])
        return PermitNumberFormat.isValid(out) ? out : nil
    }

    /// The confidence a number re-read from a garbled page read is given: below `high`'s.
    static let garbledConfidence = 0.5

    /// Whether a crop's read is the number the page read garbled rather than something else in
    /// the crop: their digits differ by at most a third of the number's length (two at least),
    /// besides up to two digits the page read lost (`2923-7` of `2023-078`, a stamp's ring
    /// across its last digits).
    static func closeToPageRead(_ voted: String, _ page: String) -> Bool {
        let a = voted.filter(\.isNumber), b = page.filter(\.isNumber)
        let limit = max(2, a.count / 3) + min(maxDroppedDigits, max(0, a.count - b.count))
        return PermitText.editDistance(a, b, limit: limit + 1) <= limit
    }

    /// How many digits the page read may have lost of a number its crops read whole (`closeToPageRead`).
    static let maxDroppedDigits = 2
}
