/// Combines several reads of the same printed number (the page read, crops at other scales)
/// into one: a blurred digit is misread at one scale and read right at another, rarely misread
/// the same way at all of them.
public enum PermitNumberVote {
    /// The reads' consensus, or `nil` when they do not agree enough.
    ///
    /// Only reads with a permit number's shape vote. A separator some reads lost is put back
    /// (`separatorRecovered`); a read given by at least two of them wins outright; otherwise the reads of the most common length vote character by character, and
    /// every position needs a clear winner (two votes or more, no tie).
    public static func winner(_ reads: [String]) -> String? {
        let valid = reads.filter(PermitNumberFormat.isValid)
        guard !valid.isEmpty else { return nil }
        if let separated = separatorRecovered(valid) { return separated }
        var counts: [String: Int] = [:]
        for r in valid { counts[r, default: 0] += 1 }
        let ranked = counts.sorted { ($0.value, $0.key) > ($1.value, $1.key) }
        if let top = ranked.first, top.value >= 2, ranked.count == 1 || ranked[1].value < top.value {
            return top.key
        }
        var lengths: [Int: Int] = [:]
        for r in valid { lengths[r.count, default: 0] += 1 }
        guard let length = lengths.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }),
              length.value >= 3 else { return nil }
        let same = valid.filter { $0.count == length.key }.map { Array($0) }
        var out = ""
        for i in 0..<length.key {
            var tally: [Character: Int] = [:]
            for r in same { tally[r[i], default: 0] += 1 }
            let ranked = tally.sorted { $0.value > $1.value }
            guard let best = ranked.first, best.value >= 2, ranked.count == 1 || ranked[1].value < best.value else { return nil }
            out.append(best.key)
        }
        return PermitNumberFormat.isValid(out) ? out : nil
    }

    /// The separated form of a number most reads give, once separators are set aside, when
    /// some of them lost its `/` or `-` (a thin stroke blurred into the digits beside it:
    /// `36492014`, `3649/2014`, `3649/2014`): the same digits in at least half of the reads,
    /// the separated form given by two of them or more and by more than any other.
    static func separatorRecovered(_ valid: [String]) -> String? {
        var groups: [String: [String]] = [:]
        for r in valid { groups[digits(r), default: []].append(r) }
        guard let (_, group) = groups.max(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) }),
              2 * group.count >= valid.count else { return nil }
        var forms: [String: Int] = [:]
        for r in group where r.contains(where: PermitNumberFormat.isSeparator) { forms[r, default: 0] += 1 }
        let ranked = forms.sorted { ($0.value, $0.key) > ($1.value, $1.key) }
        guard let top = ranked.first, top.value >= 2, ranked.count == 1 || ranked[1].value < top.value,
              group.contains(where: { !$0.contains(where: PermitNumberFormat.isSeparator) }) else { return nil }
        return top.key
    }

    /// Whether `voted` is `read` with a separator put back (`3649/2014` of `36492014`).
    public static func addsSeparator(_ voted: String, to read: String) -> Bool {
        !read.contains(where: PermitNumberFormat.isSeparator) && voted.contains(where: PermitNumberFormat.isSeparator)
            && digits(voted) == read
    }

    static func digits(_ s: String) -> String { s.filter(\.isNumber) }

    /// The page's plain read of an unusual length (`20233280`: seven or eight digits, no
    /// separator) with the separator its crops show put back (`2023-3280`): the page read joined
    /// the two groups across a thin `-` or `/` it did not see. One crop read with the same
    /// digits and a common shape is enough, as it only adds what the page read dropped; the
    /// separator most such reads show, `nil` on a tie or when none does.
    public static func separatorRestored(to page: String, from reads: [String]) -> String? {
        guard isUnusualPlain(page) else { return nil }
        var forms: [String: Int] = [:]
        for r in reads where addsSeparator(r, to: page) && PermitNumberFormat.isTypical(r) { forms[r, default: 0] += 1 }
        let ranked = forms.sorted { ($0.value, $0.key) > ($1.value, $1.key) }
        guard let top = ranked.first, ranked.count == 1 || ranked[1].value < top.value else { return nil }
        return top.key
    }

    /// Whether the engines' `consensus` (read by `engines` engines) is `read`, a plain read of an
    /// unusual length (`isUnusualPlain`), with the separator it lost put back, in a common shape:
    /// the page read and most crops joined two groups across a thin `/` that two engines or more
    /// saw (`2088/2013` of `20882013`, phone 104811 #223).
    public static func putsBackSeparator(_ consensus: String, engines: Int, to read: String) -> Bool {
        engines >= 2 && isUnusualPlain(read) && addsSeparator(consensus, to: read) && PermitNumberFormat.isTypical(consensus)
    }

    /// A valid number without separator and of an unusual length (`20233280`): the read may
    /// have joined two groups across a separator it did not see.
    /// A vote's winner of digits alone, of an unusual length (`isUnusualPlain`), where the page
    /// read showed a separator: the winner's digits with that separator put back after as many
    /// digits as the page read had before it, when that gives a number of a common shape. The
    /// French crop reads lose a thin separator alike (phone 106311 #217: the page's `2014-2587`,
    /// crops `2014287` twice, voted `2014287`; English read `2014-287`).
    public static func separatorKept(from page: String, in voted: String) -> String {
        guard isUnusualPlain(voted), let i = page.firstIndex(where: PermitNumberFormat.isSeparator) else { return voted }
        let k = page[..<i].filter(\.isNumber).count
        let c = Array(voted)
        guard k > 0, k < c.count else { return voted }
        let out = String(c[..<k]) + String(page[i]) + String(c[k...])
        return PermitNumberFormat.isTypical(out) ? out : voted
    }

    public static func isUnusualPlain(_ page: String) -> Bool {
        !page.contains(where: PermitNumberFormat.isSeparator) && !PermitNumberFormat.isTypical(page) && PermitNumberFormat.isValid(page)
    }

    /// Whether `read` is `other` with characters dropped (never changed): `2014/9722` of `2014/97221`.
    public static func isSubsequence(_ read: String, of other: String) -> Bool {
        guard read.count < other.count else { return false }
        var rest = Substring(other)
        for c in read {
            guard let i = rest.firstIndex(of: c) else { return false }
            rest = rest[rest.index(after: i)...]
        }
        return true
    }

    /// Whether `longer`'s digits are `read`'s with more before or after them (`201220344` of
    /// `20122034`): what a crop run on over ink beside the number reads.
    public static func extendsAtAnEnd(_ read: String, to longer: String) -> Bool {
        let r = digits(read), l = digits(longer)
        return l.count > r.count && (l.hasPrefix(r) || l.hasSuffix(r))
    }

    /// Whether the Arabic engine's read of the number's line shows `number`'s digits: as one of
    /// its numbers, or its numbers run together (`2016` `08786` of `2016:08786 : رقم الرخصه`).
    /// That engine reads an Arabic label as letters, not as the digit the Latin engines' crops
    /// make of its ink: a consensus it shows may run on past the page read's number
    /// (`overrules`' `mayGrow`). Phone 106811 #71: the page and the French crops cut
    /// `2016-08786` to `2016-0878`; the permit model read `2016-08786` on every crop, English
    /// on three of five, the Arabic line `2016:08786`.
    public static func arabicShows(_ number: String, in arabicReads: [String]) -> Bool {
        let d = digits(number)
        return !d.isEmpty && (arabicReads.contains { digits($0) == d } || digits(arabicReads.joined()) == d)
    }

    /// Whether `whole` is `read` with one digit put back, the separators alike (`2022-771`
    /// of `2022-77`), and still of a permit number's common shape.
    public static func restoresOneDigit(_ whole: String, to read: String) -> Bool {
        whole.count == read.count + 1 && isSubsequence(read, of: whole)
            && whole.filter { !$0.isNumber } == read.filter { !$0.isNumber } && PermitNumberFormat.isTypical(whole)
    }

    /// Whether `whole` is `read` with digits added at its end (`2019-55475` of `2019-554`), of a
    /// permit number's common shape: the rest of a number whose read stopped short.
    public static func continues(_ read: String, as whole: String) -> Bool {
        whole.count > read.count && whole.hasPrefix(read) && whole.dropFirst(read.count).allSatisfy(\.isNumber)
            && PermitNumberFormat.isTypical(whole)
    }

    /// How many of `reads` are exactly `text`.
    public static func support(_ text: String, in reads: [String]) -> Int {
        reads.filter { $0 == text }.count
    }

    /// What independent engines read on the same crops of a number (`byEngine`: each engine's
    /// reads of the `crops` crops, `nil` where it read nothing). One engine repeats its own
    /// misreading of a blurred glyph at every scale and threshold (the French one read
    /// `2021-8283` on four crops of `2021-883`, which the serial model, the permit model's
    /// predecessor, read right on all five), so its reads count as one vote, shared among what
    /// it read: a text's support is the share of each engine's crops that read its digits,
    /// summed over the engines. The winner needs the support of at least one whole engine, more
    /// than any other; `engines` is how many engines read it (one engine's reads alone can be
    /// its hallucination: the permit model, whose vote weighs double, read `002208` on three
    /// crops of a rule line the others read as nothing); its form is the separated one its
    /// reads show most (blur hides a thin separator more often than it changes one). Reads are taken
    /// without a separator left at an end (the label's `:` read as `/`), and only of a permit
    /// number's shape. `weights`: each engine's vote (1 each when empty), for an engine that
    /// reads such crops better than the others.
    public static func consensus(_ byEngine: [[String?]], crops: Int, weights: [Double] = [])
        -> (text: String, support: Double, engines: Int)? {
        let (support, forms, engines) = tally(byEngine, crops: crops, weights: weights)
        let ranked = support.sorted { ($0.value, $0.key) > ($1.value, $1.key) }
        guard let top = ranked.first, top.value >= 1 - 1e-9,
              ranked.count == 1 || ranked[1].value < top.value - 1e-9,
              let group = forms[top.key] else { return nil }
        let separated = group.filter { $0.key.contains(where: PermitNumberFormat.isSeparator) }
        let pick = separated.isEmpty ? group : separated
        guard let form = pick.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        return (form.key, top.value, engines[top.key, default: []].count)
    }

    /// `text`'s support among the engines' reads, as in `consensus` (its digits, whatever the separator).
    public static func engineSupport(_ text: String, in byEngine: [[String?]], crops: Int, weights: [Double] = []) -> Double {
        tally(byEngine, crops: crops, weights: weights).support[digits(text)] ?? 0
    }

    /// The engines' reads of a permit number's shape (trimmed), by their digits: the support
    /// (each read `weights[engine] / crops`, a weight 1 where `weights` has none), how often each
    /// form was read, and which engines read them.
    static func tally(_ byEngine: [[String?]], crops: Int, weights: [Double])
        -> (support: [String: Double], forms: [String: [String: Int]], engines: [String: Set<Int>]) {
        var support: [String: Double] = [:]
        var forms: [String: [String: Int]] = [:]
        var engines: [String: Set<Int>] = [:]
        var separatorLost: [(engine: Int, digits: String)] = []
        for (e, reads) in byEngine.enumerated() {
            let weight = e < weights.count ? weights[e] : 1
            for case let r? in reads {
                let t = trimmed(r)
                guard PermitNumberFormat.isValid(t) else {
                    if !t.isEmpty, t.allSatisfy(\.isNumber) { separatorLost.append((e, t)) }
                    continue
                }
                support[digits(t), default: 0] += weight / Double(crops)
                engines[digits(t), default: []].insert(e)
                forms[digits(t), default: [:]][t, default: 0] += 1
            }
        }
        // A read of digits alone too long for a plain number (`202108030`) is a separated
        // number whose thin separator blur hid: it backs a read of a permit number's shape with
        // the same digits (`2021/08030`, phone 104411 #256: English read `202108030` on three
        // crops, the permit model on three and `2021/08030` on one). Its form is not counted:
        // the answer keeps the separator the other reads show.
        for (e, d) in separatorLost where support[d] != nil {
            support[d, default: 0] += (e < weights.count ? weights[e] : 1) / Double(crops)
            engines[d, default: []].insert(e)
        }
        return (support, forms, engines)
    }

    /// Whether the engines' `consensus` (with its `support`) replaces `read`, which has `readSupport`:
    /// other digits, backed by `consensusMargin` more of the engines' reads. Not when it is
    /// `read` with one glyph of a doubled pair dropped (blur merges the `00` of `2014/03500` at
    /// most scales, and all three engines read `2014/0350`), nor, unless `mayGrow`, when it is
    /// `read` run on at an end (`extendsAtAnEnd`): right of a number labelled in Arabic is the
    /// label's ink, which the crops read as a digit (`2012/20344` of `2012/2034 رقم`). A digit
    /// put back inside is no label's ink (`2012/4682` of the page's `2012682`, phone 104411 #159).
    /// `raw`: the words `read` was read from (`PermitNumberCandidate.raw`): a pair the page read
    /// put in two words (`80305 5`) was not merged by blur — the second is a word of its own,
    /// the label's colon or a stroke read as a digit — and dropping it is no lost glyph.
    /// `mayDropDoubled`: the consensus is unanimous on a sharp crop, which blur did not merge —
    /// the page read doubled the glyph (`2014-9003` of a sharp `2014-903`, flat 104911 #80, every
    /// engine reading `2014-903` on most crops).
    public static func overrules(_ consensus: String, support: Double, _ read: String, readSupport: Double,
                                 mayGrow: Bool, raw: String? = nil, mayDropDoubled: Bool = false) -> Bool {
        digits(consensus) != digits(read) && support - readSupport >= consensusMargin - 1e-9
            && (mayGrow || !extendsAtAnEnd(read, to: consensus))
            && (mayDropDoubled || !dropsDoubledGlyph(consensus, of: read, raw: raw))
    }

    /// How many engines read `text` (its digits) on most of the `crops` crops (`byEngine`: each
    /// engine's reads, `nil` where it read nothing).
    public static func enginesReadingMostly(_ text: String, in byEngine: [[String?]], crops: Int) -> Int {
        let target = digits(text)
        return byEngine.filter { reads in
            2 * reads.filter { $0.map { digits(trimmed($0)) == target } ?? false }.count > crops
        }.count
    }

    /// Whether `read` is read on most crops by more engines than `consensus` is: then the
    /// consensus, however weighted, does not replace it. The permit model, whose vote weighs
    /// double, reads a number's first digit by its habit as well as by its ink — `26544` on every
    /// crop of a sharp `56544` that the French engine read right on all five and English on
    /// three (flat 104411 #31), `5818/2017` for `6818/2017` (phone 104411 #56). Over the
    /// engines' consensuses that replaced a page read on the eight development sets of seeds
    /// 104211–104511 (flat and phone), these two were the only ones whose page read more engines
    /// read mostly, and the page read was right in both.
    public static func readMoreWidely(_ read: String, than consensus: String, in byEngine: [[String?]], crops: Int) -> Bool {
        enginesReadingMostly(read, in: byEngine, crops: crops) > enginesReadingMostly(consensus, in: byEngine, crops: crops)
    }

    /// Whether a consensus only one engine read (`consensusEngines`) meets a read another engine
    /// read on most crops: one engine's reads, however weighted, do not replace it. The permit
    /// model read `22621` on all five crops of flat 104311 #235's sharp `52621`, the French
    /// engine `52621` on four (English `92621`). On the development sets of seeds 104211–104511
    /// this was the only consensus of one engine, taken for the answer, whose page read another
    /// engine read mostly, of 25.
    public static func oneEngineAgainst(_ read: String, consensusEngines: Int, in byEngine: [[String?]], crops: Int) -> Bool {
        consensusEngines == 1 && enginesReadingMostly(read, in: byEngine, crops: crops) >= 1
    }

    /// How much more of the engines' support a consensus needs than the read it replaces: three
    /// fifths of one engine's crops. Chosen on the crops of seeds 97501 and 98001 (flat and phone,
    /// 522 permits, 95 voted): 0.4 also took `197969` for `197909`, 0.8 left `2013-2668` for
    /// `2013-2665`.
    public static let consensusMargin = 0.6

    /// Whether `shorter` is `read` with one of two equal neighbouring glyphs removed, the two
    /// in one word of `raw` (the words `read` was read from) when it is given.
    static func dropsDoubledGlyph(_ shorter: String, of read: String, raw: String? = nil) -> Bool {
        let r = Array(read)
        guard r.count == shorter.count + 1 else { return false }
        let words = raw.flatMap { wordOfEachGlyph(read, raw: $0) }
        return r.indices.dropLast().contains { i in
            r[i] == r[i + 1] && String(r[..<i] + r[(i + 1)...]) == shorter && (words.map { $0[i] == $0[i + 1] } ?? true)
        }
    }

    /// For each glyph of `read`, the index of the word of `raw` it was read in: `read` is
    /// `raw`'s digits and separators. `nil` when it is not (a read changed since).
    static func wordOfEachGlyph(_ read: String, raw: String) -> [Int]? {
        var out: [Int] = []
        for (w, word) in raw.split(separator: " ").enumerated() {
            for ch in word where ch.isNumber || PermitNumberFormat.isSeparator(ch) { out.append(w) }
        }
        guard out.count == read.count,
              String(raw.filter { $0.isNumber || PermitNumberFormat.isSeparator($0) }) == read else { return nil }
        return out
    }

    /// `s` without separators at its ends.
    static func trimmed(_ s: String) -> String {
        String(s.drop(while: PermitNumberFormat.isSeparator).reversed().drop(while: PermitNumberFormat.isSeparator).reversed())
    }
}
