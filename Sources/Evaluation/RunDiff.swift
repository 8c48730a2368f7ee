import Foundation

/// What changed between two runs of the same images, image by image: the records are matched
/// by `relativePath` and each image is put in every class it belongs to.
///
/// **Right** is the rule robustness uses (`RobustnessSummary.isRight`): a serial image with a
/// truth is right when its top answer is the truth, one without a truth when no answer reaches
/// `EvaluationSummary.highConfidence` (0.8). In a permit run (records with a `kind`) a permit is
/// right when its exact number is returned (`EvaluationSummary.returnedNumber` and `top1Hit`),
/// a document to refuse when no number is returned.
///
/// The **answer** compared is the top candidate's text (permit runs: the number returned, none
/// when refused), and its **confidence** that answer's (no answer: 0).
///
/// **Confident wrong**: serial, an answer at ≥ 0.8 that is not the truth (for an image without a
/// truth, any answer at ≥ 0.8); permit, a number returned for a `not_permit` or `unreadable`
/// document, or a wrong number at `confidenceLevel` `high`. An image is a *new* confident wrong
/// answer when the current run's answer is one and the baseline's was not.
///
/// **Latency outliers**: an image is slower when its current latency is more than twice the
/// baseline's *and* more than the baseline's + 500 ms; faster, the same the other way round.
/// Both conditions are needed so that neither a 3 ms → 9 ms jitter nor a 4.0 s → 4.6 s drift
/// counts.
///
/// Images in only one of the runs are listed as such and judged in no other class.
public struct RunDiff: Sendable {
    /// A class an image can fall in; an image can be in several (fixed and crossing 0.8 up).
    public enum Change: String, Sendable, CaseIterable, Hashable {
        /// Current's answer is a confident wrong one, the baseline's was not.
        case newConfidentWrong = "new_confident_wrong"
        /// Right in the baseline, wrong now.
        case broken
        /// Wrong in the baseline, right now.
        case fixed
        /// The answer differs but the image is neither fixed nor broken.
        case changedAnswer = "changed_answer"
        /// The answer's confidence went from below 0.8 to 0.8 or more.
        case becameConfident = "became_confident"
        /// The answer's confidence went from 0.8 or more to below.
        case lostConfidence = "lost_confidence"
        /// Latency outlier: much slower now (see the type's notes).
        case slower
        /// Latency outlier: much faster now.
        case faster
        /// Only the baseline read it.
        case onlyInBaseline = "only_in_baseline"
        /// Only the current run read it.
        case onlyInCurrent = "only_in_current"

        /// A short heading for reports.
        public var title: String {
            switch self {
            case .newConfidentWrong: "New confident wrong answers"
            case .broken: "Broken (right → wrong)"
            case .fixed: "Fixed (wrong → right)"
            case .changedAnswer: "Changed answer"
            case .becameConfident: "Crossed 0.8 upwards"
            case .lostConfidence: "Crossed 0.8 downwards"
            case .slower: "Latency: much slower"
            case .faster: "Latency: much faster"
            case .onlyInBaseline: "Only in the baseline"
            case .onlyInCurrent: "Only in the current run"
            }
        }
    }

    /// One image's answer in one run, as the diff judged it.
    public struct Side: Sendable, Hashable {
        /// The answer compared (see the type's notes), `nil` when there is none.
        public var answer: String?
        /// The answer's confidence, 0 without one.
        public var confidence: Double
        /// Permit runs: the reader's confidence level.
        public var confidenceLevel: String?
        /// Permit runs: the decision (`accepted`, `not_permit`, …).
        public var decision: String?
        /// The error kind when the image failed.
        public var error: String?
        /// Wall-clock milliseconds for the image.
        public var latencyMs: Double
        /// Whether the image is right (see the type's notes).
        public var right: Bool
        /// Whether the answer is a confident wrong one.
        public var confidentWrong: Bool
    }

    /// One image that changed.
    public struct Entry: Sendable, Hashable {
        /// Path relative to the dataset folder (the match key).
        public var relativePath: String
        /// The truth, when labelled.
        public var groundTruth: String?
        /// Permit runs: `permit`, `not_permit`, `unreadable`.
        public var kind: String?
        /// The baseline's side, `nil` when only the current run read the image.
        public var baseline: Side?
        /// The current run's side, `nil` when only the baseline read the image.
        public var current: Side?
        /// Every class the image is in, in `Change.allCases` order.
        public var changes: [Change]
    }

    /// Latency ratio beyond which an image is an outlier (with `latencyMarginMs`).
    public static let latencyFactor = 2.0
    /// Latency difference beyond which an image is an outlier (with `latencyFactor`).
    public static let latencyMarginMs = 500.0

    /// Whether either run has records with a `kind` (permit rules apply).
    public var isPermitRun: Bool
    /// Images read by both runs.
    public var matched: Int
    /// Images with at least one change, sorted by relative path.
    public var entries: [Entry]
    /// What differs between the runs' set-ups, when both records have a header (`SetupDiff`).
    public var setup: SetupDiff?

    /// The images in class `change`.
    public func images(_ change: Change) -> [Entry] { entries.filter { $0.changes.contains(change) } }

    /// How many images are in class `change`.
    public func count(_ change: Change) -> Int { entries.reduce(0) { $0 + ($1.changes.contains(change) ? 1 : 0) } }

    /// How likely a split of the images that changed between right and wrong at least as uneven
    /// as this one (`fixed` against `broken`) is when each of them was as likely to go either way:
    /// the exact two-sided McNemar test, a binomial test of the smaller count among `fixed +
    /// broken` at one half. 1 when nothing changed. Two runs of one set share every image, so
    /// the answers that flip are what tells a change from chance; a pipeline whose answers on
    /// hard images flip under a JPEG re-encode moves a 100-image figure by several points
    /// either way without being better or worse.
    public var mcNemarP: Double { Self.mcNemarP(fixed: count(.fixed), broken: count(.broken)) }

    /// The exact two-sided McNemar p-value for `fixed` and `broken` discordant images.
    public static func mcNemarP(fixed: Int, broken: Int) -> Double {
        let n = fixed + broken, k = min(fixed, broken)
        guard n > 0 else { return 1 }
        // P(X ≤ k) for X ~ Binomial(n, 1/2), summed in log space (n can be thousands).
        func logChoose(_ i: Int) -> Double { lgamma(Double(n + 1)) - lgamma(Double(i + 1)) - lgamma(Double(n - i + 1)) }
        let logHalf = Double(n) * log(0.5)
        let tail = (0...k).reduce(0.0) { $0 + exp(logChoose($1) + logHalf) }
        return min(1, 2 * tail)
    }

    /// Whether the current run gives a confident wrong answer the baseline did not (the gate).
    public var hasNewConfidentWrong: Bool { entries.contains { $0.changes.contains(.newConfidentWrong) } }

    /// Compares `current` with `baseline`, image by image.
    public init(baseline: [SampleRecord], current: [SampleRecord], headers: (baseline: RecordHeader?, current: RecordHeader?) = (nil, nil)) {
        let permit = (baseline + current).contains { $0.kind != nil }
        let before = Dictionary(baseline.map { ($0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(current.map { ($0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        var entries: [Entry] = []
        var matched = 0
        for path in Set(before.keys).union(after.keys).sorted() {
            let b = before[path], c = after[path]
            let label = c ?? b
            var entry = Entry(relativePath: path, groundTruth: label?.groundTruth, kind: label?.kind,
                              baseline: b.map { Self.side($0, permit: permit) }, current: c.map { Self.side($0, permit: permit) }, changes: [])
            if let bs = entry.baseline, let cs = entry.current {
                matched += 1
                entry.changes = Self.changes(bs, cs)
            } else {
                entry.changes = [entry.baseline == nil ? .onlyInCurrent : .onlyInBaseline]
            }
            if !entry.changes.isEmpty { entries.append(entry) }
        }
        self.isPermitRun = permit
        self.matched = matched
        self.entries = entries
        if let b = headers.baseline, let c = headers.current { setup = SetupDiff(baseline: b, current: c) }
    }

    /// How `r` is judged in a run (`permit`: the permit rules).
    static func side(_ r: SampleRecord, permit: Bool) -> Side {
        let answer: String? = permit ? (EvaluationSummary.returnedNumber(r) ? r.top?.text : nil) : r.top?.text
        return Side(answer: answer, confidence: answer == nil ? 0 : r.top?.confidence ?? 0, confidenceLevel: r.outcome.confidenceLevel,
                    decision: r.outcome.decision, error: r.outcome.error?.kind, latencyMs: r.latencyMs,
                    right: RobustnessSummary.isRight(r, permit: permit),
                    confidentWrong: RobustnessSummary.isConfidentWrong(r, permit: permit))
    }

    /// The classes of an image read by both runs, in `Change.allCases` order.
    static func changes(_ b: Side, _ c: Side) -> [Change] {
        let high = EvaluationSummary.highConfidence
        var set: Set<Change> = []
        if c.confidentWrong && !b.confidentWrong { set.insert(.newConfidentWrong) }
        if b.right && !c.right { set.insert(.broken) }
        if !b.right && c.right { set.insert(.fixed) }
        if b.answer != c.answer && b.right == c.right { set.insert(.changedAnswer) }
        if b.confidence < high && c.confidence >= high { set.insert(.becameConfident) }
        if b.confidence >= high && c.confidence < high { set.insert(.lostConfidence) }
        if c.latencyMs > latencyFactor * b.latencyMs && c.latencyMs > b.latencyMs + latencyMarginMs { set.insert(.slower) }
        if b.latencyMs > latencyFactor * c.latencyMs && b.latencyMs > c.latencyMs + latencyMarginMs { set.insert(.faster) }
        return Change.allCases.filter(set.contains)
    }
}
