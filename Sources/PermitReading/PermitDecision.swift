import Foundation

/// What the reads of one document established, before the decision.
public struct PermitAnalysis: Sendable {
    /// Words that look like text (≥ 3 letters or digits, engine confidence ≥ 0.6).
    public var readableWords: Int
    /// The document cues found (French page read, plus an Arabic header read when needed).
    public var cues: PermitCueReport
    /// The permit number chosen, if any.
    public var number: PermitNumberCandidate?
    /// Whether a re-read of the number's crop gave the same text (`nil`: not re-read).
    public var rereadAgrees: Bool?
    /// Why the image is unreadable despite its text, if it is (too dark, too blurred).
    public var qualityProblem: String?
    /// Coloured ink (a stamp) lies over the number: its digits were read through it.
    public var numberStamped = false
    /// The number is the consensus of the independent engines (French, permit model, English)
    /// over its crops (`PermitNumberVote.consensus`): put in place of the page read, or the page
    /// read itself read alike by two engines or more.
    public var numberByEngines = false
    /// That consensus had all three engines behind it, each on most of the crops.
    public var numberUnanimous = false
    /// The photo's camera shake was undone before it was read (`PermitPipeline.unshaken`).
    public var shakeUndone = false
    /// The number's height in the photo's own pixels (its box on the page read, scaled back
    /// through the page's rectification); `nil` without a number.
    public var numberPhotoHeight: Double?

    /// Whether the number's crops confirm it: re-read identically, or read alike by the
    /// engines' consensus under a French label (`N°`, `Numéro`). Under a bare `N` or
    /// the Arabic `رقم` the engines' consensus is no confirmation: the crops there hold the
    /// label's ink or other digits beside the number (of the blurred pages it confirmed under
    /// such labels on seeds 97501, 98001, 99111 and 99311, 3 were wrong — `91554` for `9155`,
    /// `3918/2018` for `8918/2018`, `1917` for `2013-6388` — and 2 right) — unless all three
    /// engines read it on most crops (`80543` on four crops of five by each, flat 100311 #49, under `رقم`).
    public var numberConfirmed: Bool {
        rereadAgrees == true || (numberByEngines && (hasFrenchLabel || (numberUnanimous && hasArabicLabel)))
    }

    /// The number's label is the Arabic `رقم`.
    var hasArabicLabel: Bool { number?.label.map(PermitText.hasArabic) ?? false }

    /// The number's label is a French one, not a bare `N` nor Arabic script.
    var hasFrenchLabel: Bool {
        guard let label = number?.label else { return false }
        return !PermitNumberExtractor.isBareN(label) && !PermitText.hasArabic(label)
    }

    /// Creates an analysis.
    public init(readableWords: Int, cues: PermitCueReport, number: PermitNumberCandidate?,
                rereadAgrees: Bool? = nil, qualityProblem: String? = nil) {
        self.readableWords = readableWords; self.cues = cues; self.number = number
        self.rereadAgrees = rereadAgrees; self.qualityProblem = qualityProblem
    }
}

/// The pipeline's final word on a document.
public enum PermitVerdict: Hashable, Sendable {
    /// A number, with its confidence level.
    case accepted(PermitResponse)
    /// A refusal; `decision` is `unreadable`, `not_permit` or `no_number`.
    case refused(PermitRefusal, decision: String)

    /// `accepted`, `unreadable`, `not_permit` or `no_number` (the evaluation's decision field).
    public var decision: String {
        switch self {
        case .accepted: "accepted"
        case .refused(_, let d): d
        }
    }
}

/// The decisions of `permits.md`, in order: unreadable, not a Tunisian restaurant permit, no
/// number, else the number with a confidence level.
public enum PermitDecision {
    /// Below this many readable words the image is refused as unreadable.
    public static let minReadableWords = 8

    /// Decides on `analysis`.
    public static func decide(_ a: PermitAnalysis) -> PermitVerdict {
        if (a.readableWords < minReadableWords && !showsPermit(a)) || a.qualityProblem != nil {
            return .refused(.unreadable, decision: "unreadable")
        }
        if !a.cues.isPermit {
            return .refused(.notPermit(a.cues.refusalDetail), decision: "not_permit")
        }
        guard let n = a.number else {
            return .refused(.noNumber("no number found after its label (N°, Numéro, رقم) in the heading"), decision: "no_number")
        }
        // A bare year (`2023` of `8228/2023`, `2018` of a recital's `2018-29`) is far more often
        // what a read kept of a number cut at its separator, or of another number, than a permit
        // numbered so: it is answered only when its crop's re-reads repeat it (`1999`, flat
        // 103011 #125). The engines' consensus is no such evidence: their crops are cut where
        // the page read's box was (`2024` of `7648/2024`, phone 103111 #249, all three alike).
        // Bare years answered on development seeds 103011 and 103111 (flat and phone): 5, one
        // right (re-read alike), four wrong (none re-read alike).
        if PermitNumberFormat.isYear(n.text), a.rereadAgrees != true {
            return .refused(.noNumber("only a year (\(n.text)) was read where the number stands: the rest of it was not"), decision: "no_number")
        }
        let confidence = level(a, n)
        // A permit read without its authority (blur, a stamp over the letterhead) is one only
        // with its number confirmed: unconfirmed, those numbers were more often wrong than right.
        // Confirmed by the engines' consensus under a French label counts too (`numberConfirmed`:
        // `2013/26838` on every crop by two engines of three, the page read `2014/26838`, phone
        // 104811 #134, its letterhead lost to a shaken page's outline).
        if !a.cues.hasEveryCue && confidence == .low && !a.numberConfirmed {
            return .refused(.notPermit(a.cues.refusalDetail), decision: "not_permit")
        }
        // `medium` is a number its crop re-read repeats, with no stamp over it. Under a stamp's
        // ring the French engine misreads a digit alike at every scale, so its re-reads repeat
        // the error: of the labelled numbers re-read identically on development seeds 97501 and
        // 98001, 17 of 17 unstamped were right and 10 of 15 stamped. A number whose crop read
        // gave nothing at all is unconfirmed: 3 of 5 right on seed 98001 (`2011` for
        // `2022-086`). Both are answered `low` (the rule above still takes a confidently read
        // number as the evidence of a permit without its authority), and so is a number in the
        // body under a label that may be another's (`bodyNumberUnderWeakLabel`), and one above
        // the act's title (`aboveTitle`), as likely a reference printed in the header.
        let doubtful = a.numberStamped || a.rereadAgrees != true || bodyNumberUnderWeakLabel(n) || n.aboveTitle
        let answered = confidence == .medium && doubtful ? PermitConfidence.low : confidence
        return .accepted(PermitResponse(permitNumber: n.text, confidence: answered))
    }

    /// A number below the heading whose label is a lone `°` or a bare `N`: what is left of
    /// another number's label split across lines (`titulaire de la CIN n°` above
    /// `° 08179877, est autorisé(e)`, flat seed 99211 #39, whose own number was labelled in
    /// Arabic only and not read), or Arabic script read as `N`.
    static func bodyNumberUnderWeakLabel(_ n: PermitNumberCandidate) -> Bool {
        guard !n.heading, let label = n.label else { return false }
        return PermitNumberExtractor.isWeakLabel(label)
    }

    /// Whether the reads found text of a permit however few of their words read cleanly: every
    /// cue, and a labelled number its crops confirm (`numberConfirmed`). A phone's shake blurs a
    /// page's small body text past a clean read while its title and number stay legible (phone
    /// captures of seed 97501: the number read and confirmed, every cue found, four clean words).
    static func showsPermit(_ a: PermitAnalysis) -> Bool {
        a.cues.hasEveryCue && a.number?.label != nil && a.numberConfirmed
    }

    /// Whether the number was read on a photo whose camera shake was undone (`shakeUndone`)
    /// and stands under `minShakenNumberHeight` pixels tall in it. Deconvolution draws such
    /// digits anew: every read of the page and of the number's crops then reads the same
    /// drawing, and agrees on a digit the shake had made ambiguous (phone 106011 #52,
    /// `2019/52872` for `2019/52873`, 11.3 px; #123, `2598` for `2698`, 11.6 px — both `high`,
    /// the French engine, the permit model and English reading the deconvolved crop alike; #52
    /// so at deconvolution lengths of 3 and 3.5 px too). Of the 138 `high` answers read on shaken photos of
    /// phone 105411, 105511, 105611 and 106011, those 2 were the only wrong ones, and 8 stood
    /// under 12 px (6 right); none of the 223 `high` answers read on photos as shot was wrong.
    /// On the phone captures of seeds 106111 and 106211, drawn after, the only wrong `high`
    /// answers (`4258/2014` for `4288/2014`, `2015/5943` for `2015/8943`) were such, and 4
    /// of their 196 right ones became `medium`.
    static func deconvolvedSmall(_ a: PermitAnalysis) -> Bool {
        a.shakeUndone && (a.numberPhotoHeight ?? 0) < minShakenNumberHeight
    }

    /// See `deconvolvedSmall`: three lengths of the move a shaken photo is deconvolved with
    /// (`PermitPipeline.unshake`: 4 px), in the photo's pixels, the number's box height.
    public static let minShakenNumberHeight = 12.0

    /// `high`: labelled in the heading under the act's title (`aboveTitle`: not above it) and
    /// not by a bare `N` or a lone `°` (a piece of a tilted
    /// page's recital, `° 2014-871 ff` of `Vu le décret n° 2014-871 fixant`, second source seed
    /// 20 #103, stood in the heading and was answered `high`), re-read identically, confidently
    /// read, of a common shape, no year to come, every cue strong, not possibly cut, no stamp
    /// over it, not small on a deconvolved photo (`deconvolvedSmall`), enough clean words on the
    /// page (one that shows a permit through few is read, never at `high`). `medium`: labelled,
    /// and re-read identically (or confidently read when no re-read was possible); `decide`
    /// answers a stamped or not re-read one `low`. `low`: anything else (a lone number, a
    /// disagreeing re-read).
    static func level(_ a: PermitAnalysis, _ n: PermitNumberCandidate) -> PermitConfidence {
        let labelled = n.label != nil
        if labelled && n.heading && !n.aboveTitle && !PermitNumberExtractor.isWeakLabel(n.label ?? "") && a.rereadAgrees == true && n.confidence >= 0.75 && a.cues.isStrong
            && !n.mayBeCut && !a.numberStamped && a.readableWords >= minReadableWords && !deconvolvedSmall(a)
            && PermitNumberFormat.isTypical(n.text) && !PermitNumberFormat.hasFutureYear(n.text) { return .high }
        if labelled && (a.rereadAgrees == true || (a.rereadAgrees == nil && n.confidence >= 0.7)) { return .medium }
        return .low
    }
}
