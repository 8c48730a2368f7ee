import Foundation

extension EvaluationSummary {
    /// Permit-run figures (records with a `kind`): exact matches on permits, false acceptances
    /// (a number returned for a `not_permit` or `unreadable` document — the costliest error),
    /// false refusals, accuracy per confidence level, reason counts and latency.
    public struct PermitSummary: Sendable {
        public var documents = 0
        public var byKind: [String: Int] = [:]
        public var permits = 0
        public var exactMatches = 0
        public var falseAcceptances = 0
        /// `not_permit` + `unreadable` documents.
        public var negatives = 0
        public var falseRefusals = 0
        public var wrongNumbers = 0
        /// Confidence level (`high`/`medium`/`low`/`none`) → (numbers returned, correct).
        public var byLevel: [String: (returned: Int, correct: Int)] = [:]
        /// Decision (`accepted`, `not_permit`, `unreadable`, `no_number`, or `error:<kind>`) → count.
        public var reasons: [String: Int] = [:]
        public var latency = LatencyStats()

        /// The `permit` object of the JSON summary.
        public var json: JSONValue {
            .object([
                ("documents", .int(documents)),
                ("by_kind", .object(byKind.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                ("permits", .int(permits)),
                ("exact_matches", .int(exactMatches)),
                ("exact_match_pct", .double(Metrics.pct(exactMatches, permits))),
                ("exact_match_ci95_pct", Interval(successes: exactMatches, trials: permits).json),
                ("false_acceptances", .int(falseAcceptances)),
                ("false_acceptance_rate_pct", .double(Metrics.pct(falseAcceptances, negatives))),
                ("false_refusals", .int(falseRefusals)),
                ("false_refusal_rate_pct", .double(Metrics.pct(falseRefusals, permits))),
                ("wrong_numbers", .int(wrongNumbers)),
                ("by_confidence_level", .object(byLevel.sorted { $0.key < $1.key }.map {
                    ($0.key, .object([("returned", .int($0.value.returned)), ("correct", .int($0.value.correct)),
                                      ("accuracy_pct", .double(Metrics.pct($0.value.correct, $0.value.returned)))]))
                })),
                ("reasons", .object(reasons.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                ("latency_ms", latency.summaryJSON),
            ])
        }
    }

    /// Whether the reader returned a number for this document (a candidate, and no refusal).
    public static func returnedNumber(_ r: SampleRecord) -> Bool {
        r.detected && (r.outcome.decision == nil || r.outcome.decision == "accepted")
    }

    /// Permit figures, or `nil` when no record has a `kind` (a serial run).
    public var permitSummary: PermitSummary? {
        guard records.contains(where: { $0.kind != nil }) else { return nil }
        var p = PermitSummary()
        for r in records {
            p.documents += 1
            let kind = r.kind ?? "unknown"
            p.byKind[kind, default: 0] += 1
            let returned = Self.returnedNumber(r)
            let correct = returned && kind == "permit" && r.top1Hit
            if kind == "permit" {
                p.permits += 1
                if correct { p.exactMatches += 1 }
                if !returned { p.falseRefusals += 1 } else if !correct { p.wrongNumbers += 1 }
            } else if kind == "not_permit" || kind == "unreadable" {
                p.negatives += 1
                if returned { p.falseAcceptances += 1 }
            }
            if returned {
                let level = r.outcome.confidenceLevel ?? "none"
                var s = p.byLevel[level] ?? (0, 0)
                s.returned += 1
                if correct { s.correct += 1 }
                p.byLevel[level] = s
            }
            let reason = r.outcome.error.map { "error:\($0.kind)" } ?? r.outcome.decision ?? (r.detected ? "accepted" : "no_number")
            p.reasons[reason, default: 0] += 1
            p.latency.record(ms: r.latencyMs)
        }
        return p
    }
}
