import Foundation
import Imaging
import Recognition

/// A number found on the page, with what anchors it.
public struct PermitNumberCandidate: Hashable, Sendable {
    /// The number as printed, spaces dropped (`2023/00457`).
    public var text: String
    /// The words it was read from, joined by spaces.
    public var raw: String
    /// The label before it as read (`N°`, `Numéro`, `رقم`), `nil` when it stands alone.
    public var label: String?
    /// Line index in the text it was found in.
    public var line: Int
    /// Union of the number's word boxes (page coordinates).
    public var box: PixelRect
    /// The number's line lies in the heading block (above the body).
    public var heading: Bool
    /// Mean per-character engine confidence of the number's words.
    public var confidence: Double
    /// Why it is not the permit number (law reference, ID card …), `nil` when it may be.
    public var rejected: String?
    /// Rejected as a reference to another act or document (`CIN n° …`, `décret n° …`).
    public var isReference: Bool { rejected?.hasPrefix(PermitNumberExtractor.referencePrefix) ?? false }
    /// Higher is a better anchor (label form, heading block, a line of its own).
    public var score: Double
    /// Where the next word on the line starts (page x), `nil` when the number ends the line: a
    /// re-read of the number's crop stops short of it (an Arabic label right of the number).
    public var nextWordX: Int? = nil
    /// A number-like word right after it was left out, or its ink runs on into the next word
    /// (`PermitPipeline.confirm`): it may be cut, so never `high`.
    public var mayBeCut = false
    /// Labelled, and above the act's title where the permit's number never stands
    /// (`permits.md`): a reference printed in the header whose name the read lost is as likely.
    public var aboveTitle = false
    /// Rejected as a reference the read names: a reference word before its label (`Décret n°`,
    /// `CIN n°`) or a law's wording or date after it (`… relative au`, `du 9 mai 2018`), not
    /// only an unknown word before `N°` (`foreignWordBefore`), which a stamp's noise can make.
    public var namesReference = false

    /// The number's re-reads stop short of its Arabic label, boxed at page x `labelX` by the
    /// Arabic read of its line, when the label stands in the right half of the number's box or
    /// right of it: the French read can box the label's glyphs into the number's word
    /// (`2021-4504` boxed over `رقم`) or drop them, leaving no next word to stop at, and a crop
    /// run on over `رقم` reads it as a last digit (`2021-45043`).
    mutating func endBefore(arabicLabelAt labelX: Int?) {
        guard let labelX, labelX > box.x + box.width / 2 else { return }
        if labelX < box.maxX { box.width = labelX - box.x }
        nextWordX = min(nextWordX ?? labelX, labelX)
    }

    /// Labelled `رقم`, as the Arabic read of its line showed it (boxed at page x `labelX`): its
    /// re-reads stop short of the label (`endBefore`).
    mutating func labelArabic(at labelX: Int?) {
        label = "رقم"
        endBefore(arabicLabelAt: labelX)
    }
}

/// Finds the permit number: the number after its label (`N°`, `N° :`, `Numéro :`,
/// `Autorisation n°`, `Réf. N° :`, `رقم`) in the heading block — not a law reference
/// (`loi n° 2018-29`), an ID card, a date, a capacity or a phone number.
public enum PermitNumberExtractor {
    /// Words that, just before a label, make it a reference to another text or identity.
    static let referenceWords: Set<String> = ["LOI", "DECRET", "ORGANIQUE", "CIRCULAIRE", "CODE", "JORT", "ARTICLE",
                                              "CIN", "CNI", "RC", "MF", "TEL", "FAX", "GSM", "PASSEPORT", "REGISTRE",
                                              "IDENTITE", "FACTURE", "EXTRAIT", "DOSSIER", "TITRE", "RECU", "QUITTANCE"]
    /// Long reference words OCR may cut at a line break or misread (`anique`, `DECRFT`): matched
    /// fuzzily, or by a prefix/suffix of five letters or more.
    static let longReferenceWords = ["ORGANIQUE", "DECRET", "CIRCULAIRE", "PASSEPORT", "REGISTRE", "IDENTITE",
                                     "FACTURE", "EXTRAIT", "QUITTANCE", "TITULAIRE", "GOUVERNEMENTAL", "NATIONALE"]
    /// Words after a number that make it a reference to another text (`loi n° 2018-29 du 9 mai
    /// 2018 relative au …`, `décret n° 95-1166 fixant …`).
    static let referenceFollowers = ["RELATIVE", "RELATIF", "RELATIVES", "RELATIFS", "FIXANT", "MODIFIANT",
                                     "COMPLETANT", "ABROGEANT", "REGLEMENTANT", "ORGANISANT"]
    /// First words of the body, which ends the heading block.
    static let bodyStarts: Set<String> = ["VU", "ARTICLE", "ARRETE", "CONSIDERANT", "ATTENDU", "DECIDE", "ARRETONS"]

    /// Whether a line opens the body. `ARRÊTE` opens it when it stands alone (the decision
    /// verb); `ARRÊTÉ N° …` is the act's own title and number.
    static func startsBody(_ line: String) -> Bool {
        let t = PermitText.tokens(line)
        guard let first = t.first, bodyStarts.contains(first) else { return false }
        if first == "ARRETE" || first == "DECIDE" || first == "ARRETONS" {
            return t.count <= 2 && !t.contains(where: { $0.contains(where: \.isNumber) || isN($0) })
        }
        return true
    }

    /// Whether a line's tokens open like a recital (`Vu la loi …`, `Vu le décret n° …`) as a
    /// photo's read of it comes out: `Vu` as `Ve`, `Vo`, `Via`, `Wu`, `WA`, followed by more
    /// words. A permit's own number line opens with its label (`N°`, `Numéro`, `Réf.`,
    /// `Autorisation`, `رقم`), never with such a word.
    static func opensWithVu(_ tokens: [String]) -> Bool {
        guard tokens.count >= 3, let first = tokens.first, (1...4).contains(first.count),
              first.first == "V" || first.first == "W", first.allSatisfy(\.isLetter) else { return false }
        return true
    }

    /// Words of three letters or more after a labelled number that make its line a sentence
    /// (`n° 2018-29 du 9 mai 2018 relative au Code …`), a reference rather than the permit's
    /// number, which stands on its own line (at most a date after it: `du 12/03/2020`) or
    /// titles the act (`ARRÊTÉ N° 2023/457 portant autorisation d'exploitation …`). A title
    /// names the act before its label: a line that opens with the label and runs on into words
    /// of a title is a recital cut from its start (`n° 2004-973 foant les condtions
    /// d'exploitation des établissements de` of `Vu le décret n° 2004-9273 fixant …`, read so
    /// from phone permit 45 of seed 101311 compressed as the apps do, and answered `high`).
    static let sentenceWords = 3

    /// Words a permit's `N°` label may follow on its line (`Autorisation n°`, `Réf. N°`, the
    /// act's own `ARRÊTÉ N° 2023/457 portant autorisation …`).
    static let labelLeadWords = ["AUTORISATION", "REF", "REFERENCE", "PERMIS", "LICENCE", "ARRETE"]

    /// A Latin word before an `N°` label that no permit label starts with: the remains of a
    /// reference's own word (`et n° 1998-2167` read of `Décret n° 1998-2167`, `rguatque n°`
    /// of `organique n°`). A permit's number line holds its label and number only; a lead word
    /// may be cut by the read at either end (`tion n°` of `Autorisation n°`), by three letters
    /// at least: two are any word's (`ON n°` read of the holder's `CIN n°` passed as the tail
    /// of `AUTORISATION`, and its number was answered at `medium`: phone permit 0 of seed 101311).
    /// Two letters one edit from a lead word pass (`Ré N°'` of `Réf. N°`), as a weak label
    /// (`shortLead`).
    static func foreignWordBefore(_ label: Label, _ folded: [String]) -> String? {
        guard !label.arabic, label.start > 0, !isNumero(PermitText.tokens(folded[label.start]).first ?? "") else { return nil }
        let before = folded[..<label.start].filter { !PermitText.hasArabic($0) }.flatMap { PermitText.tokens($0) }
        return before.first { t in
            t.filter(\.isLetter).count >= 2 && !labelLeadWords.contains { w in
                (t.count >= minCutLeadWord && (w.hasPrefix(t) || w.hasSuffix(t)))
                    || PermitText.editDistance(t, w, limit: 3) <= (w.count >= 8 ? 3 : 1)
            }
        }
    }

    /// The word of two letters one edit from a lead word just before a Latin label (`RE` of
    /// `Ré N°':267330`, `Réf. N°` read so on a phone permit of seed 30001), nil when there is
    /// none. It is as often what the read left of a reference's own word: `Re n° 2004-1285` of
    /// `Décret n° 2004-1285` under a permit's title (flat 105811 #59), its number answered
    /// `high`. Such a label is weak (`isWeakLabel`).
    static func shortLead(_ label: Label, _ folded: [String]) -> String? {
        guard !label.arabic, label.start > 0, let t = PermitText.tokens(folded[label.start - 1]).last,
              isShortLeadWord(t) else { return nil }
        return t
    }

    /// Two letters one edit from a lead word (`RE`, `RF`, `EF` of `REF`).
    static func isShortLeadWord(_ t: String) -> Bool {
        t.count == 2 && t.allSatisfy(\.isLetter) && labelLeadWords.contains { PermitText.editDistance(t, $0, limit: 2) <= 1 }
    }

    /// The fewest letters of a label's lead word cut by the read that still count as it.
    static let minCutLeadWord = 3

    /// Whether a folded token names another text or an identity document, allowing for OCR
    /// errors and for words cut at a line break.
    static func isReferenceWord(_ t: String) -> Bool {
        if referenceWords.contains(t) { return true }
        guard t.count >= 5 else { return false }
        for r in longReferenceWords {
            if PermitText.editDistance(t, r, limit: 1) <= PermitText.allowedDistance(r.count) - (r.count <= 7 ? 0 : 1) { return true }
            if t.count < r.count && (r.hasPrefix(t) || r.hasSuffix(t)) { return true }
        }
        return false
    }

    /// Whether the words after a number make it a reference (`… du 9 mai 2018 relative au …`).
    static func followedByReference(_ tokens: [String]) -> String? {
        for t in tokens.prefix(8) where t.count >= 6 {
            if let f = referenceFollowers.first(where: { PermitText.editDistance(t, $0, limit: 2) <= PermitText.allowedDistance($0.count) }) {
                return f
            }
        }
        return nil
    }

    /// French month names, folded: a law or a decree is cited with its date spelled out.
    static let months = ["JANVIER", "FEVRIER", "MARS", "AVRIL", "MAI", "JUIN", "JUILLET", "AOUT", "SEPTEMBRE", "OCTOBRE", "NOVEMBRE", "DECEMBRE"]

    /// The date of the act a number cites, when the words after it begin with one spelled out
    /// (`du 9 mai 2018`): how a law or a decree is cited, its name and `relative au …` being
    /// what a column cut of the page read loses first (`° 2018-29 du 9 mai 201`, read as the
    /// permit's number at medium on a second source's clean photo).
    /// The month may have its year glued on (`mai2` of `mai 2018`, the space lost) or be cut
    /// where the read's line ends (`du 9 ma`, a column cut): second-source seed 17 #79 and #87
    /// answered `2018-29` so at `medium`.
    static func followedByActDate(_ tokens: [String]) -> String? {
        guard tokens.count >= 3, tokens[0] == "DU", Int(tokens[1]).map({ (1...31).contains($0) }) ?? (tokens[1] == "1ER") else { return nil }
        let month = String(tokens[2].prefix { !$0.isNumber })
        let cut = tokens.count == 3 && month.count >= 2 && month == tokens[2]
        guard months.contains(where: { PermitText.editDistance(month, $0, limit: 1) <= ($0.count >= 5 ? 1 : 0) || (cut && $0.hasPrefix(month)) })
        else { return nil }
        return "du \(tokens[1]) \(month.lowercased())"
    }

    /// Which lines form the heading block: those above the first body line (`Vu …`,
    /// `Article …`, `ARRÊTE`), or the top 45 % of the text when no body line is found.
    /// A lone recital printed in the heading (`Vu le décret n° 2018-417` above the act's title
    /// or between the title and the number) does not open the body: a `Vu` line followed,
    /// before the next body line, by the act's title or a permit number's line is skipped.
    /// `headingWithoutBody`: the lines are a read of the heading band alone, so without a body
    /// line every one of them is the heading.
    public static func headingFlags(_ lines: [RecognizedLine], headingWithoutBody: Bool = false) -> [Bool] {
        guard !lines.isEmpty else { return [] }
        let order = lines.indices.sorted { lines[$0].box.y < lines[$1].box.y }
        let opens = order.map { startsBody(lines[$0].text) }
        var bodyTop: Int?
        for (rank, i) in order.enumerated() where opens[rank] {
            if PermitText.tokens(lines[i].text).first == "VU",
               recitalInHeading(after: rank, order: order, opens: opens, lines) { continue }
            bodyTop = lines[i].box.y
            break
        }
        let top = lines.map(\.box.y).min() ?? 0
        let bottom = lines.map(\.box.maxY).max() ?? 0
        if bodyTop == nil, headingWithoutBody { return lines.map { _ in true } }
        let limit = bodyTop ?? (top + Int(Double(bottom - top) * 0.45))
        return lines.map { $0.box.y + $0.box.height / 2 < limit }
    }

    /// How many lines after a `Vu` line are looked at for the heading's title or number.
    static let recitalLookahead = 2

    /// Whether, among the few lines after the `Vu` line at `rank` (y order) and before the next
    /// body line, one names the act or holds a permit number (labelled, or alone on a short
    /// line): the recital then stands inside the heading block.
    static func recitalInHeading(after rank: Int, order: [Int], opens: [Bool], _ lines: [RecognizedLine]) -> Bool {
        var seen = 0
        var r = rank + 1
        while r < order.count, seen < recitalLookahead, !opens[r] {
            let line = lines[order[r]]
            if opensWithVu(PermitText.tokens(line.text)) { return false }
            if isTitle(line.text) || candidates(in: line, index: order[r], heading: true).contains(where: {
                $0.rejected == nil || ($0.label != nil && $0.rejected == shapeRejection)
            }) {
                return true
            }
            seen += 1
            r += 1
        }
        return false
    }

    /// Words of the act's title (`AUTORISATION D'EXPLOITATION D'UN RESTAURANT`, `LICENCE DE
    /// RESTAURATION`, `رخصة استغلال مطعم`): the permit number stands under it.
    static let titleWords = ["AUTORISATION", "PERMIS", "LICENCE", "RESTAURANT", "RESTAURATION", "EXPLOITATION", "OUVERTURE"]
    static let arabicTitleWords = ["رخصة", "ترخيص", "مطعم"]

    /// Whether a line names the act (fuzzily: OCR drops or swaps a letter of a long word).
    static func isTitle(_ line: String) -> Bool {
        let t = PermitText.tokens(line)
        return t.contains { tok in
            tok.count >= 6 && titleWords.contains { PermitText.editDistance(tok, $0, limit: 2) <= PermitText.allowedDistance($0.count) }
        } || arabicTitleWords.contains { PermitText.fold(line).contains(PermitText.fold($0)) }
    }

    /// Every labelled (and, in the heading block, every lone) number, best first.
    public static func candidates(in lines: [RecognizedLine], heading: [Bool]? = nil) -> [PermitNumberCandidate] {
        let flags = heading ?? headingFlags(lines)
        var out: [PermitNumberCandidate] = []
        for (i, line) in lines.enumerated() {
            let inHeading = i < flags.count ? flags[i] : false
            out += candidates(in: line, index: i, heading: inHeading, next: continuation(of: i, in: lines),
                              previous: lead(of: i, in: lines))
        }
        // A lone number is where the permit's stands when it is under the title; above it, in the
        // bilingual header, it is Arabic script the French read turned into digits or the
        // commune's phone (`te 7252 703` of `Tél : 72 527 703`), never the permit's number
        // (`permits.md`: the number stands on its own line under the title).
        let titles = zip(lines, flags).filter { $0.1 && isTitle($0.0.text) }.map(\.0.box)
        func middle(_ c: PermitNumberCandidate) -> Int { c.box.y + c.box.height / 2 }
        if let top = titles.map(\.y).min(), let bottom = titles.map(\.maxY).max() {
            for i in out.indices where out[i].label == nil {
                let y = middle(out[i])
                if y < top {
                    out[i].score -= 1
                    if out[i].rejected == nil { out[i].rejected = "a lone number above the title" }
                } else if y > bottom { out[i].score += 0.5 }
            }
            // A labelled number above the title, with a number standing under it, is a
            // reference printed in the header whose name the read lost (`t n° 2004-1373` of
            // `Décret n° 2004-1373`), not the permit's.
            // Under the title's middle: a title's box can take in the Arabic line below it.
            if let first = titles.min(by: { $0.y < $1.y }),
               out.contains(where: { $0.rejected == nil && middle($0) > first.y + first.height / 2 }) {
                for i in out.indices where out[i].label != nil && out[i].rejected == nil && middle(out[i]) < top {
                    out[i].rejected = "a labelled number above the title"
                }
            }
            // With none under it, it may still be the permit's (its line lost, the title's
            // words on the number's line), but it is as likely that reference: never firmly
            // anchored (`ret n° 2006-1018` of `Décret n° 2006-1018` over a title whose number
            // line read `Autorisation a® 8173` was answered `high`, flat 104611 #108).
            for i in out.indices where out[i].label != nil && middle(out[i]) < top { out[i].aboveTitle = true }
        }
        return out.sorted { ($0.rejected == nil ? 1 : 0, $0.score, -$0.box.y) > ($1.rejected == nil ? 1 : 0, $1.score, -$1.box.y) }
    }

    /// The best candidate that is not rejected.
    public static func best(in lines: [RecognizedLine], heading: [Bool]? = nil) -> PermitNumberCandidate? {
        candidates(in: lines, heading: heading).first { $0.rejected == nil }
    }

    /// The first tokens of what the sentence of line `i` goes on to: the fragment just right of
    /// it on the same row (the read splits a tilted row into pieces, each a little higher), or
    /// else, in the row below (its top within a line height of the line's bottom), the leftmost
    /// fragment that starts left of the line's end (a wrapped line starts at the margin).
    /// Empty without one.
    static func continuation(of i: Int, in lines: [RecognizedLine]) -> [String] {
        let box = lines[i].box
        func middle(_ j: Int) -> Int { lines[j].box.y + lines[j].box.height / 2 }
        let right = lines.indices.filter { j in
            j != i && lines[j].box.x >= box.maxX - box.height && lines[j].box.x <= box.maxX + 3 * box.height
                && abs(middle(j) - middle(i)) <= box.height
        }
        let row = lines.indices.filter { j in
            j != i && lines[j].box.y >= box.y + box.height / 2 && lines[j].box.y <= box.maxY + box.height && lines[j].box.x < box.maxX
        }
        let top = row.map { lines[$0].box.y }.min() ?? 0
        let next = right.min { lines[$0].box.x < lines[$1].box.x }
            ?? row.filter { lines[$0].box.y <= top + box.height / 2 }.min { lines[$0].box.x < lines[$1].box.x }
        return next.map { Array(PermitText.tokens(lines[$0].text).prefix(4)) } ?? []
    }

    /// The last tokens of the fragment just left of line `i` on the same row: the read splits a
    /// row where its words stand apart (`Décret` and `n° 2015-641` of one centred
    /// `Décret n° 2015-641`, flat 104611 #221). Empty without one.
    static func lead(of i: Int, in lines: [RecognizedLine]) -> [String] {
        let box = lines[i].box
        func middle(_ j: Int) -> Int { lines[j].box.y + lines[j].box.height / 2 }
        let left = lines.indices.filter { j in
            j != i && lines[j].box.maxX <= box.x + box.height && lines[j].box.maxX >= box.x - 4 * box.height
                && abs(middle(j) - middle(i)) <= box.height / 2
        }
        return left.max { lines[$0].box.maxX < lines[$1].box.maxX }.map { Array(PermitText.tokens(lines[$0].text).suffix(2)) } ?? []
    }

    /// Candidates of one line. `next`: the first tokens of what its sentence goes on to
    /// (`continuation`), where a law's date may stand (`n° 2018-29 du` / `9 mai 2018 relative`).
    /// `previous`: the last tokens of what it comes from (`lead`), where a reference's own word
    /// may stand when the read split its row before the `n°` (`Décret` / `n° 2015-641`).
    static func candidates(in line: RecognizedLine, index: Int, heading: Bool, next: [String] = [],
                           previous: [String] = []) -> [PermitNumberCandidate] {
        let words = line.words
        let folded = words.map { PermitText.fold($0.text) }
        let lineTokens = PermitText.tokens(line.text)
        let firstToken = lineTokens.first ?? ""
        let inBody = startsBody(line.text) || opensWithVu(lineTokens)
        var out: [PermitNumberCandidate] = []
        // Labelled numbers the read garbled: listed last, and no obstacle to a lone number.
        var garbledOut: [PermitNumberCandidate] = []
        var used = Set<Int>()
        var j = 0
        while j < words.count {
            guard let label = label(at: j, folded) else { j += 1; continue }
            // The number follows the label (or, for an Arabic label in a right-to-left line,
            // may precede it).
            var k = label.next
            while k < words.count, isFiller(folded[k]) { k += 1 }
            // Digits glued on are in the label's last word (`Réf. N°:2018-4517`: `N°:2018-4517`).
            var number = numberGroup(words, from: k, glued: label.glued.map { ($0, label.next - 1) })
            // One digit glued to the label before a whole number is the label's colon misread
            // (`Réf. N°2 2012-1679` of `Réf. N° : 2012-1679`), not the number's first digit.
            if let g = label.glued, g.count == 1, let n = number, !PermitNumberFormat.isValid(n.text),
               let alone = numberGroup(words, from: k, glued: nil), PermitNumberFormat.isValid(alone.text) {
                number = alone
            }
            if number == nil, label.glued == nil, !label.arabic, let after = colonAfterGarbledFiller(folded, from: k) {
                number = numberGroup(words, from: after, glued: nil)
            }
            if number == nil && label.arabic {
                var e = label.start - 1
                while e >= 0, isFiller(folded[e]) { e -= 1 }
                if e >= 0 { number = numberGroupBackwards(words, endingAt: e) }
            }
            // Digits the read garbled (`2023/9%6704`, `202 V00550`): kept, rejected, for a re-read of their crop.
            var garbled = false
            if !label.arabic, number.map({ !PermitNumberFormat.isValid($0.text) }) ?? true,
               let g = garbledNumberGroup(words, from: k), g.indices.count > (number?.indices.count ?? 0) {
                // No number, or one of no permit's shape that stops short of more garbled digits
                // (`202` of `202 V00550`).
                number = g
                garbled = true
            }
            guard let number else { j = label.next; continue }
            // A garbled `n°` after `Autorisation` is thin evidence: it labels only a number of a
            // common shape that is no bare year. A number cut at its separator (`Autorisation &
            // 2017: 56464` of `2017-36464`, phone 101211 #146) or garbled (`Autorisation K
            // 2020800` of `2024/10309`, flat 104711 #127) would stand in for the one the rows'
            // reads and the engines' consensus find.
            if isGarbledAutorisation(label.text), !PermitNumberFormat.isTypical(number.text) || PermitNumberFormat.isYear(number.text) {
                j = label.next
                continue
            }
            number.indices.forEach { used.insert($0) }
            let before = folded[max(0, label.start - 4)..<label.start].flatMap { PermitText.tokens($0) }
            var rejected: String?
            let after = folded[min(folded.count, (number.indices.max() ?? label.next) + 1)...].flatMap { PermitText.tokens($0) }
            if let ref = before.last(where: { isReferenceWord($0) }) {
                rejected = "\(referencePrefix) (\(ref) n°)"
            } else if before.isEmpty, let ref = previous.last, isReferenceWord(ref) {
                rejected = "\(referencePrefix) (\(ref) / n°)"
            } else if let f = followedByReference(after) {
                rejected = "\(referencePrefix) (n° … \(f))"
            } else if let d = followedByActDate(after) ?? (after.count <= 1 ? followedByActDate(after + next) : nil) {
                rejected = "\(referencePrefix) (n° … \(d))"
            }
            let namesReference = rejected != nil
            if rejected == nil {
                if let w = foreignWordBefore(label, folded) {
                    rejected = "\(referencePrefix) (\(w) n°)"
                } else if after.count >= 5, after.filter({ $0.filter(\.isLetter).count >= 3 }).count >= sentenceWords,
                          !isTitle(line.text) || label.start == 0 {
                    rejected = "in a sentence (n° … \(after.prefix(3).joined(separator: " ")))"
                } else if inBody {
                    rejected = "in the body (\(firstToken) …)"
                } else if PermitNumberFormat.isDate(number.text) {
                    rejected = "a date"
                } else if garbled || !PermitNumberFormat.isValid(number.text) {
                    rejected = shapeRejection
                }
            }
            var score = 2.0
            if heading { score += 2 }
            let others = words.count - (label.next - label.start) - number.indices.count
            // A label in the middle of a sentence is more often a reference than the heading's number.
            if others <= 2 { score += 1 } else if others <= 5 { score += 0.5 } else { score -= 1 }
            if label.strong { score += 0.5 }
            let labelText = shortLead(label, folded).map { $0 + " " + label.text } ?? label.text
            let candidate = PermitNumberCandidate(text: number.text, raw: number.raw, label: labelText, line: index,
                                                  box: number.box, heading: heading, confidence: number.confidence,
                                                  rejected: rejected, score: score, nextWordX: nextWordX(words, after: number), mayBeCut: number.mayBeCut,
                                                  namesReference: namesReference)
            if garbled { garbledOut.append(candidate) } else { out.append(candidate) }
            j = max(label.next, (number.indices.max() ?? label.next) + 1)
        }
        // A lone number on a short heading line (its label lost to OCR, or Arabic read as
        // Latin noise — `26023 : Le )l c)` for `رقم الرخصة : 26023`) is a weak candidate.
        if heading && out.isEmpty && words.count <= 6 {
            var k = 0
            while k < words.count {
                if !used.contains(k), let n = numberGroup(words, from: k, glued: nil), PermitNumberFormat.isValid(n.text) {
                    // Real Latin words (a name, an address) make it a line of text, not a label's
                    // noise: three letters or more, read confidently, or four or more.
                    let latinWords = folded.enumerated().filter {
                        let letters = $0.element.filter(\.isLetter).count
                        return !n.indices.contains($0.offset) && !PermitText.hasArabic($0.element)
                            && (letters >= 4 || (letters >= 3 && words[$0.offset].confidence >= 0.6))
                    }
                    if latinWords.isEmpty {
                        // On a line of its own under the title, it is where the permit number
                        // sits: above a labelled number in the body (an ID card, a decree).
                        // A colon beside it is where its label's was (`0671/2024 : رقم`).
                        let nextToColon = [n.indices.min()! - 1, n.indices.max()! + 1].contains { $0 >= 0 && $0 < words.count && words[$0].text.hasPrefix(":") }
                            || n.raw.hasSuffix(":")
                        out.append(PermitNumberCandidate(text: n.text, raw: n.raw, label: nil, line: index, box: n.box, heading: true,
                                                         confidence: n.confidence, rejected: phoneNumber(n, lineTokens: PermitText.tokens(line.text)),
                                                         score: nextToColon ? 3.5 : 3, nextWordX: nextWordX(words, after: n), mayBeCut: n.mayBeCut))
                    }
                    k = (n.indices.max() ?? k) + 1
                } else { k += 1 }
            }
        }
        return out + garbledOut
    }

    /// Why a labelled number is rejected when only its read is at fault: its digits garbled or
    /// of no permit number's shape (`8211/2628` of `0211/2020`, a separator or a digit lost).
    /// Such a candidate in the heading is worth a re-read of its crop.
    public static let shapeRejection = "not a permit number's shape"
    /// How the rejection of a reference to another act or document starts (`isReference`).
    public static let referencePrefix = "reference"

    /// Words after a label that hold a number the read garbled: up to three words, each with at
    /// least one digit and no more letters than digits (`2023/9%6704`, `202 V00550`, `2020 43:90`),
    /// four digits or more in all. Its text is the digits and separators it shows.
    static func garbledNumberGroup(_ words: [RecognizedWord], from k: Int) -> NumberGroup? {
        var idx: [Int] = []
        var i = k
        while i < words.count, idx.count < 3 {
            let w = words[i].text
            let digits = w.filter(\.isNumber).count, letters = w.filter(\.isLetter).count
            guard digits >= 1, letters <= digits else { break }
            // A whole date after the number (`du` lost: `N\2013/92122 09/03/2023`) is not part of it.
            if !idx.isEmpty, isWholeDate(w) { break }
            idx.append(i)
            i += 1
        }
        let raw = idx.map { words[$0].text }.joined(separator: " ")
        guard let first = idx.first, raw.filter(\.isNumber).count >= 4 else { return nil }
        let box = idx.dropFirst().reduce(words[first].box) { union($0, words[$1].box) }
        let confs = idx.map { words[$0].symbolConfidence }
        return NumberGroup(text: raw.filter { $0.isNumber || $0 == "/" || $0 == "-" }, raw: raw, indices: idx, box: box,
                           confidence: confs.reduce(0, +) / Double(confs.count))
    }

    /// The first run of digit words on `line` (`garbledNumberGroup`: four digits or more, a
    /// separator read as a space or a digit garbled), as an unlabelled candidate rejected for
    /// its shape: its crops are what say which number it is.
    static func digitRun(in line: RecognizedLine) -> PermitNumberCandidate? {
        let words = line.words
        for k in words.indices where words[k].text.contains(where: \.isNumber) {
            guard let g = garbledNumberGroup(words, from: k) else { continue }
            return PermitNumberCandidate(text: g.text, raw: g.raw, label: nil, line: 0, box: g.box, heading: true,
                                         confidence: g.confidence, rejected: shapeRejection, score: 0)
        }
        return nil
    }

    /// The first run of words on `line` with a permit number's shape, whatever else the line
    /// holds, as an unlabelled candidate.
    static func anyNumber(in line: RecognizedLine) -> PermitNumberCandidate? {
        let words = line.words
        for k in words.indices {
            if let n = numberGroup(words, from: k, glued: nil), PermitNumberFormat.isValid(n.text) {
                return PermitNumberCandidate(text: n.text, raw: n.raw, label: nil, line: 0, box: n.box, heading: true,
                                             confidence: n.confidence, rejected: nil, score: 0, nextWordX: nextWordX(words, after: n), mayBeCut: n.mayBeCut)
            }
        }
        return nil
    }

    /// The left edge of the first word right of the number that is not part of it, when a
    /// space separates them (a quarter of the number's height or more): a word closer than
    /// that is more likely the number's own last glyph, which the read split off (`3538 2:`).
    /// A whole date is never the number's own, however close (`2013/92122 09/03/2023`, its `du`
    /// lost under a stamp).
    static func nextWordX(_ words: [RecognizedWord], after n: NumberGroup) -> Int? {
        let next = words.indices.filter { !n.indices.contains($0) && words[$0].box.x >= n.box.maxX }.min { words[$0].box.x < words[$1].box.x }
        guard let next, !n.mayBeCut else { return nil }
        let x = words[next].box.x
        guard Double(x - n.box.maxX) >= Double(n.box.height) * minWordGap || isWholeDate(words[next].text) else { return nil }
        return x
    }

    /// Whether a word is a date, its punctuation aside (`09/03/2023`, `[09/03/2023`).
    static func isWholeDate(_ w: String) -> Bool {
        PermitNumberFormat.isDate(w.filter { $0.isNumber || $0 == "/" || $0 == "-" || $0 == "." })
    }

    /// The gap, in number heights, that makes the next word a word of its own (see `nextWordX`).
    static let minWordGap = 0.25

    /// Words that introduce a phone number (`Tél.`, `Tél/Fax`, `GSM`), as folded tokens.
    static let phoneWords: Set<String> = ["TEL", "TELFAX", "FAX", "GSM", "TELEPHONE", "MOBILE", "MOB", "PORTABLE"]

    /// Why a lone number is a phone number, if it is: its line names a phone (`Tél. : 71 497
    /// 195`), or it is eight digits printed in a phone's groups (2-3-3 or 2-2-2-2).
    static func phoneNumber(_ n: NumberGroup, lineTokens: [String]) -> String? {
        if let w = lineTokens.first(where: { t in phoneWords.contains(t) || (t.count >= 5 && phoneWords.contains { PermitText.editDistance(t, $0, limit: 1) <= 1 }) }) {
            return "a phone number (\(w))"
        }
        let groups = n.raw.split(separator: " ").map { $0.filter(\.isNumber).count }
        if n.text.count == 8, n.text.allSatisfy(\.isNumber), groups == [2, 3, 3] || groups == [2, 2, 2, 2] {
            return "a phone number (grouped \(groups.map(String.init).joined(separator: "-")))"
        }
        return nil
    }

    struct Label {
        var start: Int
        var next: Int
        var text: String
        var strong: Bool
        var arabic: Bool
        /// Digits glued to the label word (`N°2023/00457`).
        var glued: String?
    }

    /// What a label word is read with around it: its colon, and a box's or a stamp's stroke
    /// beside it read as a bracket or a bar (`[N°`, `N°\:`).
    static let labelMarks = CharacterSet(charactersIn: ":.;,[](){}|\\")

    /// Whether a folded word is `رقم` as a blurred photo's Arabic read gives it: the dots of its
    /// `ق` run into one (`ف`) or into a loop (`ه`), its `ر` taken for `د` or `ز`; with the
    /// article or the label's marks around it (`:رفم`). The word exactly, not inside another
    /// (`درهم`, the dirham).
    static func isBlurredArabicLabel(_ word: String) -> Bool {
        var w = Substring(word.trimmingCharacters(in: labelMarks))
        if w.hasPrefix("ال") { w = w.dropFirst(2) }
        let c = Array(w)
        return c.count == 3 && "ردز".contains(c[0]) && "قفهغع".contains(c[1]) && c[2] == "م"
    }

    /// A label starting at word `j`.
    static func label(at j: Int, _ folded: [String]) -> Label? {
        let w = folded[j].trimmingCharacters(in: labelMarks)
        // Arabic `رقم` (possibly with `ال` or a colon glued on).
        if w.contains("رقم") && w.count <= 6 {
            return Label(start: j, next: j + 1, text: folded[j], strong: true, arabic: true, glued: nil)
        }
        if let g = gluedLabel(w) {
            return Label(start: j, next: j + 1, text: g.label, strong: true, arabic: false, glued: g.digits)
        }
        if isNumero(w) {
            // `Numéro d'autorisation :` — the filler words are skipped by the caller.
            return Label(start: j, next: j + 1, text: folded[j], strong: true, arabic: false, glued: nil)
        }
        // `Réf. N°` read as one word, its point a slash or a colon (`Réf/N°:`, `Réf:N°2018/28116`).
        if let n = refGluedN(w) {
            let glued = gluedLabel(n)
            if glued != nil || isN(n) {
                return Label(start: j, next: j + 1, text: folded[j], strong: true, arabic: false, glued: glued?.digits)
            }
        }
        if w == "REF" || w == "REFERENCE" || w.hasPrefix("REF.") {
            if j + 1 < folded.count, let inner = label(at: j + 1, folded), !inner.arabic {
                return Label(start: j, next: inner.next, text: folded[j] + " " + inner.text, strong: true, arabic: false, glued: inner.glued)
            }
            return Label(start: j, next: j + 1, text: folded[j], strong: false, arabic: false, glued: nil)
        }
        // `Autorisation n°` whose `n°` the read garbled into a few letters (`Autorisation bT 9528
        // du 14/10/2020`, flat 105511 #127; `Autorisation ff 2019/27179`, phone 105611 #56): a
        // weak label (`isWeakLabel`), the number right after it.
        if j + 2 < folded.count, isAutorisation(w), isGarbledN(folded[j + 1]), folded[j + 2].first?.isNumber == true {
            return Label(start: j, next: j + 2, text: folded[j] + " " + folded[j + 1], strong: false, arabic: false, glued: nil)
        }
        // `N°` whose `N` the read lost (`° d'autorisation : 2019/98441`).
        if isLoneDegree(w) {
            return Label(start: j, next: j + 1, text: folded[j], strong: false, arabic: false, glued: nil)
        }
        if isN(w) {
            let strong = w.count >= 2 && w != "NE"
            return Label(start: j, next: j + 1, text: folded[j], strong: strong, arabic: false, glued: nil)
        }
        return nil
    }

    /// What follows `REF` (or `REFERENCE`) and one mark of `Réf. N°` read as one word: the
    /// `N…` part (`N°` of `REF/N°`, `N°2018/28116` of `REF:N°2018/28116`); nil for any other word.
    static func refGluedN(_ w: String) -> String? {
        for lead in ["REFERENCE", "REF"] where w.hasPrefix(lead) {
            let rest = w.dropFirst(lead.count)
            guard let mark = rest.first, "./:|".contains(mark), rest.dropFirst().first == "N" else { return nil }
            return String(rest.dropFirst())
        }
        return nil
    }

    /// `N°`, `N`, `No`, `N*`, `N'`, `Nº` — the degree sign as OCR reads it; `N/°` with its
    /// underline read as a slash.
    static func isN(_ w: String) -> Bool {
        guard w.first == "N" else { return false }
        let rest = w.dropFirst()
        return rest.isEmpty || (rest.count == 1 && "°O0*'\"E".contains(rest.first ?? " ")) || rest == "°:" || rest == "O:" || rest == "/°"
    }

    /// A label read as the letter `N` alone, its degree sign lost (`N`, `N\`, `[N`), or as `NE`:
    /// what the French read also makes of Arabic script (`قرار عدد 2012-1357`, a decree's
    /// number, read `N\ N 2012-1357`; `قرار عدد 1999-509` read `u ne 1999-509`, answered `high`
    /// for `0977/2018` on flat permit 24 of seed 100611 sent with the apps' compression), so it
    /// never makes an answer `high`.
    public static func isBareN(_ label: String) -> Bool {
        ["N", "NE"].contains(label.uppercased().trimmingCharacters(in: labelMarks))
    }

    /// A label read as the degree sign alone, its `N` lost (`°`, `° :`): a weak label.
    static func isLoneDegree(_ label: String) -> Bool {
        label.trimmingCharacters(in: labelMarks) == "°"
    }

    /// A label that may be what is left of another number's (`isBareN`, `isLoneDegree`): a
    /// citation's `n°` cut from its sentence by the read reads as a lone `°` too. So is an
    /// `Autorisation` before a garbled `n°` (`isGarbledN`): the letters may be any word's.
    static func isWeakLabel(_ label: String) -> Bool {
        isBareN(label) || isLoneDegree(label) || isGarbledAutorisation(label) || isShortLeadLabel(label)
    }

    /// Whether a label opens with a two-letter lead word (`RE N°`, `shortLead`).
    static func isShortLeadLabel(_ label: String) -> Bool {
        let words = label.split(separator: " ").map(String.init)
        return words.count == 2 && isShortLeadWord(words[0])
    }

    /// Whether a label is `Autorisation` and a garbled `n°` (`AUTORISATION BT`, `isGarbledN`).
    static func isGarbledAutorisation(_ label: String) -> Bool {
        let words = label.split(separator: " ").map(String.init)
        return words.count == 2 && isAutorisation(words[0]) && isGarbledN(words[1])
    }

    /// `AUTORISATION` as the read gives it (one edit at most).
    static func isAutorisation(_ w: String) -> Bool {
        PermitText.editDistance(w.trimmingCharacters(in: labelMarks), "AUTORISATION", limit: 1) <= 1
    }

    /// French words a heading puts after `Autorisation`: not a garbled `n°`.
    static let wordsAfterAutorisation: Set<String> = ["A", "AU", "AUX", "D", "DE", "DES", "DU", "EN", "ET", "LA", "LE", "LES", "UN", "UNE"]

    /// A garbled `n°` (`BT`, `FF`, `N*`): one to three letters or marks, no digit, not a label the
    /// extractor reads as one (`N°`, `°`) and not a French word a heading puts after `Autorisation`.
    static func isGarbledN(_ word: String) -> Bool {
        let w = word.trimmingCharacters(in: labelMarks)
        let bare = w.split(separator: "'").first.map(String.init) ?? w
        return (1...3).contains(w.count) && !w.contains(where: \.isNumber) && !isN(w) && !isLoneDegree(w)
            && !wordsAfterAutorisation.contains(bare)
    }

    static func isNumero(_ w: String) -> Bool {
        if w.count >= 5 && w.count <= 8 && PermitText.editDistance(w, "NUMERO", limit: 1) <= 1 { return true }
        // Its tail garbled by a stamp's ring (`Numéta»` of `Numéro :`, phone 101411 #124): the
        // letters open with `NUM` and are two edits from it at most.
        let letters = w.filter(\.isLetter)
        return letters.hasPrefix("NUM") && (5...7).contains(letters.count) && w.count - letters.count <= 2
            && PermitText.editDistance(letters, "NUMERO", limit: 2) <= 2
    }

    /// `N°2023/00457` or `N°:12345`: a label word with the number glued on.
    static func gluedLabel(_ w: String) -> (label: String, digits: String)? {
        // `N°2`: a degree sign and one glyph glued on (the colon misread, see `candidates`).
        guard w.first == "N", w.count >= 4 || (w.count == 3 && w.dropFirst().first == "°") else { return nil }
        var rest = Substring(w.dropFirst())
        var label = "N"
        // The degree sign's underline read as a slash (`n/°2012-144`).
        if rest.hasPrefix("/"), let c = rest.dropFirst().first, "°O*".contains(c) { label.append("/"); rest = rest.dropFirst() }
        // Up to three marks after the N (`N°':267330`: the degree, a stray quote, the colon).
        let longest = label.count + 3
        while let c = rest.first, "°O*':".contains(c), label.count < longest {
            label.append(c); rest = rest.dropFirst()
        }
        // A stamp's or a box's stroke between the label and the number, read as a separator
        // (`N°/2024-0492`) or a bracket or bar (`N°°{17503/2022`, phone 98001 #41, a stamp's
        // ring crossing the `7`): a permit number never starts with one.
        if label.count >= 2, let c = rest.first, "/-[](){}|\\".contains(c), rest.dropFirst().first?.isNumber == true { rest = rest.dropFirst() }
        guard label.count >= 2, let c = rest.first, c.isNumber else { return nil }
        return (label, String(rest))
    }

    /// Where the number starts after a filler the read garbled (`N° d'anonsation : 60918`):
    /// one or two words of letters, then a colon (alone or ending the last of them). A
    /// reference puts its number right after `n°`, never after a word and a colon; a phone's
    /// or an identity's word (`N° Tél :`, `N° CIN :`) is no filler.
    static func colonAfterGarbledFiller(_ folded: [String], from k: Int) -> Int? {
        var i = k
        while i < folded.count, i < k + 2, !folded[i].isEmpty,
              folded[i].allSatisfy({ $0.isLetter || $0 == "'" || $0 == ":" }), folded[i].filter(\.isLetter).count >= 2,
              !PermitText.tokens(folded[i]).contains(where: { phoneWords.contains($0) || isReferenceWord($0) }) {
            if folded[i].hasSuffix(":") { return i + 1 }
            i += 1
        }
        guard i > k, i < folded.count, folded[i] == ":" else { return nil }
        return i + 1
    }

    /// Words between a label and its number: punctuation, `d'autorisation`, `du permis`, and
    /// the Arabic `الرخصة` or `الترخيص` of `رقم الرخصة` (the licence's number).
    static func isFiller(_ w: String) -> Bool {
        let t = PermitText.tokens(w)
        if t.isEmpty { return true }
        return t.allSatisfy { ["D", "DE", "DU", "L", "AUTORISATION", "PERMIS", "LICENCE", "LA", "ORDRE"].contains($0) || isArabicFiller($0) }
    }

    /// `الرخصة`, `الترخيص` (folded), with or without the article, within the lexicon's
    /// edit-distance budget (`PermitText.allowedDistance`: a letter misread in the longer forms).
    static func isArabicFiller(_ token: String) -> Bool {
        guard PermitText.hasArabic(token) else { return false }
        return ["الرخصه", "رخصه", "الترخيص", "ترخيص"].contains { f in
            PermitText.editDistance(token, f, limit: 1) <= PermitText.allowedDistance(f.count)
        }
    }

    struct NumberGroup {
        var text: String
        var raw: String
        var indices: [Int]
        var box: PixelRect
        var confidence: Double
        /// A number-like word right after it was left out (read with too little confidence to
        /// join): the number may be cut (`2021` of `2021/68555`).
        var mayBeCut = false
    }

    /// Digits OCR commonly reads as letters, inside a word that has digits.
    static func digitized(_ w: String) -> String? {
        // Punctuation at either end, brackets included: a box or a stamp's edge beside the
        // number is read as one (`[8965/2018`).
        let stripped = w.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:()[]{}«»\"'\\"))
        guard stripped.contains(where: \.isNumber) else { return nil }
        var out = ""
        let chars = Array(stripped)
        func besideSeparator(_ i: Int) -> Bool {
            [i - 1, i + 1].contains { $0 >= 0 && $0 < chars.count && "/-–—".contains(chars[$0]) }
        }
        for (i, c) in chars.enumerated() {
            switch c {
            case "0"..."9", "/", "-": out.append(c)
            // A speck read as a dot beside the separator (`2023.-078`): no glyph of the number.
            case "." where besideSeparator(i), "," where besideSeparator(i): continue
            case "O", "o", "D", "Q": out.append("0")
            case "I", "l", "|", "i", "!": out.append("1")
            case "S", "s": out.append("5")
            case "B": out.append("8")
            case "Z", "z": out.append("2")
            case "–", "—": out.append("-")
            default: return nil
            }
        }
        return out
    }

    /// The engine confidence a word after a number's first needs to be read as part of it.
    /// Printed digits read at 0.8–0.97; Arabic letters read as digits at 0.0–0.45.
    static let continuationConfidence = 0.55

    /// Consecutive number-like words from `k` (a printed number may be split by spaces).
    static func numberGroup(_ words: [RecognizedWord], from k: Int, glued: (digits: String, word: Int)?) -> NumberGroup? {
        var text = ""
        var raw: [String] = []
        var idx: [Int] = []
        var confs: [Double] = []
        var box: PixelRect?
        var cut = false
        if let glued {
            guard let d = digitized(glued.digits) else { return nil }
            text = d; raw.append(glued.digits); idx.append(glued.word)
            confs.append(words[glued.word].symbolConfidence); box = gluedDigitsBox(words[glued.word], digits: glued.digits.count)
        }
        var i = k
        while i < words.count, idx.count < 4, text.count < 14 {
            let w = words[i].text
            let d: String?
            // A word after the first that opens with a quote or a bracket starts another token:
            // Arabic beside the number read as one (`2011/46308 «5,` of `2011/46308 : رقم`).
            if !idx.isEmpty, let c = w.first, "«»([{\"'".contains(c) { break }
            if w == "/" || w == "-" { d = text.isEmpty ? nil : w } else { d = digitized(w) }
            guard var d else { break }
            // A separator before the first digit is a stroke beside the number (`/2019-554`, a
            // stamp's edge), never its own: a permit number starts with a digit.
            if text.isEmpty { while let c = d.first, c == "/" || c == "-" { d.removeFirst() } }
            guard !d.isEmpty else { break }
            // A word after the first joins only when read as confidently as print is (a number
            // printed with spaces): Arabic script next to the number (`35382 رقم`), which the
            // French read turns into a low-confidence digit, does not. After a group that ends
            // with its separator it joins however unsure: `2021/` is no number alone (phone
            // 105411 #44, English rows `2021/ 16048`, answered `16048`).
            let open = text.last == "/" || text.last == "-"
            if !idx.isEmpty, !open, words[i].confidence < continuationConfidence, w != "/", w != "-" {
                cut = true
                break
            }
            // A following word that is a full date or a new separated group ends the number.
            if !text.isEmpty, (text + d).filter({ $0 == "/" || $0 == "-" }).count > 1 { break }
            text += d
            raw.append(w)
            idx.append(i)
            confs.append(words[i].symbolConfidence)
            box = box.map { union($0, words[i].box) } ?? words[i].box
            i += 1
        }
        // A word of strokes alone close after the number, wider than a box edge, may be its last
        // `1` fused with a box's edge, which no reading of digits takes (flat 104011 #128: the
        // boxed `2021/8541` read `2021/854 |`): the number may be cut.
        if !cut, let b = box, i < words.count, mayBeFusedOne(words[i], after: b) { cut = true }
        // Two separators ending a number are a stamp's or a box's strokes beside it (`3101-/`),
        // not a separator whose second group was lost (`2021/`, kept: it is no number).
        if text.count > 2, text.suffix(2).allSatisfy({ $0 == "/" || $0 == "-" }) {
            while let last = text.last, last == "/" || last == "-" { text.removeLast() }
        }
        guard !text.isEmpty, text.contains(where: \.isNumber) else { return nil }
        guard var box else { return nil }
        // A misread word's box can run on over the words after it (`2014-4315` of `2014-43150 du
        // 26/08/2020` boxed to the line's end, over `du` and the date): the number ends where
        // the next word starts.
        if let last = idx.last, last + 1 < words.count {
            let nextX = words[last + 1].box.x
            if nextX > box.x, nextX < box.maxX { box = PixelRect(x: box.x, y: box.y, width: nextX - box.x, height: box.height) }
        }
        return NumberGroup(text: text, raw: raw.joined(separator: " "), indices: idx, box: box,
                           confidence: confs.isEmpty ? 0 : confs.reduce(0, +) / Double(confs.count), mayBeCut: cut)
    }

    /// Whether `w`, the word after a number boxed `b`, is strokes only (`|`, `l`, `I`, `!`,
    /// brackets), starts within a number height of it and is wider than a box's edge alone
    /// (`fusedOneWidth` heights): a `1` and the edge beside it read as one stroke.
    static func mayBeFusedOne(_ w: RecognizedWord, after b: PixelRect) -> Bool {
        guard !w.text.isEmpty, w.text.allSatisfy({ "|lI![]".contains($0) }) else { return false }
        let h = Double(max(8, b.height))
        return Double(w.box.x - b.maxX) < h && Double(w.box.width) >= fusedOneWidth * h
    }

    /// How wide, in number heights, a word of strokes after a number must be to hold a glyph
    /// besides a box's edge (`mayBeFusedOne`). A box's edge alone is boxed 0.30–0.35 number
    /// heights wide (flat 103811 #179, #182); the `1` and edge of flat 104011 #128, 1.6.
    static let fusedOneWidth = 0.6

    /// The box of the digits glued to a label word (`N°:2018-4517`): from the first of the
    /// word's last `digits` characters as the engine boxed them, when it boxed each character;
    /// else the whole word's. A crop from the word's box re-reads the label as digits (`N°`
    /// read `91` before `7503/2022`).
    static func gluedDigitsBox(_ word: RecognizedWord, digits: Int) -> PixelRect {
        guard word.symbols.count == word.text.count, digits > 0, digits < word.symbols.count else { return word.box }
        let boxes = word.symbols.suffix(digits).map(\.box)
        return boxes.dropFirst().reduce(boxes[0], union)
    }

    /// Number words ending at `end` (an Arabic label read after its number).
    static func numberGroupBackwards(_ words: [RecognizedWord], endingAt end: Int) -> NumberGroup? {
        var start = end
        while start >= 0, digitized(words[start].text) != nil || words[start].text == "/" || words[start].text == "-" { start -= 1 }
        guard start < end else { return nil }  // `start` is the first word that is not part of the number
        return numberGroup(words, from: start + 1, glued: nil)
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        return PixelRect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
    }
}
