import Foundation

extension EvaluationSummary {
    /// How the reader did on images whose labelled text is legible, and how often it answered
    /// confidently on images whose text nobody could read. Synthetic labels carry the verdict
    /// (`legible` = `true`/`false`, `illegible_reason`), decided from how the image was drawn,
    /// never from a reader; images with an empty `legible` (no labelled text shown) are in
    /// neither slice. Every figure is a count, so the figures of shards add up to the figures
    /// of the whole run (`add(_:)`), and the percentages are computed from the sums.
    public struct Legibility: Hashable, Sendable {
        /// Images whose labelled text is legible.
        public struct Legible: Hashable, Sendable {
            public var total = 0
            /// The backend's hit: any candidate equals the truth.
            public var hits = 0
            public var top1Hits = 0
            /// Top confidence ≥ `EvaluationSummary.highConfidence`.
            public var highConfidenceCount = 0
            /// Of those, the top candidate is not the truth (no truth: any answer is wrong).
            public var highConfidenceWrong = 0
            /// Permit runs: documents of kind `permit` among them.
            public var permits = 0
            /// Permit runs: permits whose number was returned and is exact.
            public var exactMatches = 0
            /// The same images by the cap height of their labelled text (`glyphBand`), when the
            /// labels give it: where a set's misses are small text rather than hard text.
            public var byGlyph: [String: Part] = [:]
            /// The same images by the labels' `scene` (serial kinds: `etched`, `etched+sticker`, …).
            public var byScene: [String: Part] = [:]

            /// An empty slice.
            public init() {}
        }

        /// A part of the legible images: how many, and how many read right at top 1.
        public struct Part: Hashable, Sendable {
            public var total = 0
            public var top1Hits = 0

            public init(total: Int = 0, top1Hits: Int = 0) {
                self.total = total
                self.top1Hits = top1Hits
            }

            public static func + (a: Part, b: Part) -> Part { Part(total: a.total + b.total, top1Hits: a.top1Hits + b.top1Hits) }
            public static func += (a: inout Part, b: Part) { a = a + b }

            var json: JSONValue {
                .object([("total", .int(total)), ("top1_hits", .int(top1Hits)), ("accuracy_pct", .double(Metrics.pct(top1Hits, total)))])
            }
        }

        /// The band of a record's `glyph_px` label (cap height in pixels): `<10`, `10-14` or
        /// `>=14`; `nil` without the label. Under 10 px an etched serial's look-alike glyphs are
        /// read by a person about nine times in ten (`docs/legibility.md`), over 14 px nearly
        /// always: a run's accuracy in the first band is not comparable with the others'.
        public static func glyphBand(_ r: SampleRecord) -> String? {
            guard let g = r.labelExtras[glyphColumn].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else { return nil }
            return g < 10 ? "<10" : g < 14 ? "10-14" : ">=14"
        }

        /// The legible images' parts as the reports list them: by cap height (smallest first),
        /// then by scene; empty when the labels give neither.
        public var legibleParts: [(label: String, part: Part)] {
            Self.glyphBands.compactMap { b in legible.byGlyph[b].map { ("cap height \(b) px", $0) } }
                + legible.byScene.sorted { $0.key < $1.key }.map { ("scene \($0.key)", $0.value) }
        }

        /// The bands of `glyphBand`, smallest first.
        public static let glyphBands = ["<10", "10-14", ">=14"]

        /// The labels column with the labelled text's cap height in pixels.
        public static let glyphColumn = "glyph_px"
        /// The labels column with the kind of scene drawn (serial kinds).
        public static let sceneColumn = "scene"

        /// Images whose labelled text is illegible.
        public struct Illegible: Hashable, Sendable {
            public var total = 0
            /// Top confidence ≥ `EvaluationSummary.highConfidence`.
            public var confidentAnswers = 0
            /// Of those, the top candidate is not the truth (no truth: any answer is wrong).
            public var confidentWrong = 0
            /// `illegible_reason` (e.g. `faint`, `small+blurred`; `unknown` when empty) → images.
            public var byReason: [String: Int] = [:]
            /// Permit runs: documents for which a number was returned.
            public var numbersReturned = 0
            /// Permit runs: of those, returned with confidence level `high`.
            public var highConfidenceNumbers = 0

            /// An empty slice.
            public init() {}
        }

        public var legible = Legible()
        public var illegible = Illegible()
        /// Whether the figures are in permit terms (records carry a document `kind`).
        public var permitRun = false

        /// No images yet.
        public init(permitRun: Bool = false) { self.permitRun = permitRun }

        /// The record's `legible` label: `true`, `false`, or `nil` (empty or absent).
        public static func verdict(_ r: SampleRecord) -> Bool? {
            switch r.labelExtras[Self.column]?.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true": true
            case "false": false
            default: nil
            }
        }

        /// The labels column that holds the verdict.
        public static let column = "legible"
        /// The labels column that says why the text is illegible.
        public static let reasonColumn = "illegible_reason"

        /// Counts one record into its slice (records without a verdict are ignored).
        public mutating func add(_ r: SampleRecord) {
            guard let isLegible = Self.verdict(r) else { return }
            let confident = (r.top?.confidence ?? 0) >= EvaluationSummary.highConfidence
            let returned = EvaluationSummary.returnedNumber(r)
            if isLegible {
                legible.total += 1
                if r.hit { legible.hits += 1 }
                if r.top1Hit { legible.top1Hits += 1 }
                let part = Part(total: 1, top1Hits: r.top1Hit ? 1 : 0)
                if let band = Self.glyphBand(r) { legible.byGlyph[band, default: Part()] += part }
                if let scene = r.labelExtras[Self.sceneColumn]?.trimmingCharacters(in: .whitespaces), !scene.isEmpty {
                    legible.byScene[scene, default: Part()] += part
                }
                if confident {
                    legible.highConfidenceCount += 1
                    if !r.top1Hit { legible.highConfidenceWrong += 1 }
                }
                if r.kind == "permit" {
                    legible.permits += 1
                    if returned && r.top1Hit { legible.exactMatches += 1 }
                }
            } else {
                illegible.total += 1
                if confident {
                    illegible.confidentAnswers += 1
                    if !r.top1Hit { illegible.confidentWrong += 1 }
                }
                let reason = r.labelExtras[Self.reasonColumn]?.trimmingCharacters(in: .whitespaces) ?? ""
                illegible.byReason[reason.isEmpty ? "unknown" : reason, default: 0] += 1
                if returned {
                    illegible.numbersReturned += 1
                    if r.outcome.confidenceLevel == "high" { illegible.highConfidenceNumbers += 1 }
                }
            }
        }

        /// Adds the figures of another part of the same run (a shard).
        public mutating func add(_ other: Legibility) {
            permitRun = permitRun || other.permitRun
            legible.total += other.legible.total
            legible.hits += other.legible.hits
            legible.top1Hits += other.legible.top1Hits
            legible.highConfidenceCount += other.legible.highConfidenceCount
            legible.highConfidenceWrong += other.legible.highConfidenceWrong
            legible.permits += other.legible.permits
            legible.exactMatches += other.legible.exactMatches
            legible.byGlyph.merge(other.legible.byGlyph, uniquingKeysWith: +)
            legible.byScene.merge(other.legible.byScene, uniquingKeysWith: +)
            illegible.total += other.illegible.total
            illegible.confidentAnswers += other.illegible.confidentAnswers
            illegible.confidentWrong += other.illegible.confidentWrong
            illegible.byReason.merge(other.illegible.byReason, uniquingKeysWith: +)
            illegible.numbersReturned += other.illegible.numbersReturned
            illegible.highConfidenceNumbers += other.illegible.highConfidenceNumbers
        }

        /// The `legible` object of the summary JSON; permit runs add the permit figures.
        public var legibleJSON: JSONValue {
            var pairs: [(String, JSONValue)] = [
                ("total", .int(legible.total)),
                ("hits", .int(legible.hits)),
                ("top1_hits", .int(legible.top1Hits)),
                ("accuracy_pct", .double(Metrics.pct(legible.top1Hits, legible.total))),
                ("high_confidence_count", .int(legible.highConfidenceCount)),
                ("high_confidence_wrong", .int(legible.highConfidenceWrong)),
            ]
            if permitRun {
                pairs += [
                    ("permits", .int(legible.permits)),
                    ("exact_matches", .int(legible.exactMatches)),
                    ("exact_match_pct", .double(Metrics.pct(legible.exactMatches, legible.permits))),
                ]
            }
            if !legible.byGlyph.isEmpty {
                pairs.append(("by_glyph_px", .object(Self.glyphBands.compactMap { b in legible.byGlyph[b].map { (b, $0.json) } })))
            }
            if !legible.byScene.isEmpty {
                pairs.append(("by_scene", .object(legible.byScene.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })))
            }
            return .object(pairs)
        }

        /// The `illegible` object of the summary JSON; permit runs add the permit figures.
        public var illegibleJSON: JSONValue {
            var pairs: [(String, JSONValue)] = [
                ("total", .int(illegible.total)),
                ("confident_answers", .int(illegible.confidentAnswers)),
                ("confident_wrong", .int(illegible.confidentWrong)),
                ("by_reason", .object(illegible.byReason.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ]
            if permitRun {
                pairs += [
                    ("numbers_returned", .int(illegible.numbersReturned)),
                    ("high_confidence_numbers", .int(illegible.highConfidenceNumbers)),
                ]
            }
            return .object(pairs)
        }
    }

    /// Legibility figures, or `nil` when no record's labels have a `legible` column (real
    /// datasets): then the summary has no `legible`/`illegible` fields at all.
    public var legibility: Legibility? {
        guard records.contains(where: { $0.labelExtras[Legibility.column] != nil }) else { return nil }
        var l = Legibility(permitRun: records.contains { $0.kind != nil })
        for r in records { l.add(r) }
        return l
    }

    /// The additive fields that follow ScanBench's others: `legible` and `illegible` (when the
    /// labels have the column) and `synthetic` (when the run read a synthetic set).
    public var legibilityAndOriginJSON: [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if let l = legibility {
            pairs.append(("legible", l.legibleJSON))
            pairs.append(("illegible", l.illegibleJSON))
        }
        if let origin = info.synthetic { pairs.append(("synthetic", origin.json)) }
        return pairs
    }
}
