import Foundation

/// How accuracy falls as a capture gets worse: one evaluation of the same images per
/// perturbation and severity, summarised as curves, the images that broke first, and one score.
///
/// **Right** per image: a serial image with a truth is right when its top answer is the truth;
/// one without (a negative) when no answer reaches 0.8. A permit is right when its number is
/// returned exactly; a document to refuse when no number is returned. The curve of a serial run
/// is the share of right images; of a permit run, exact on permits (the headline).
///
/// **Score**: per perturbation, the area under its curve from the clean images (x = 0) through
/// each severity (x = 1, 2, …, each severity weighing the same), divided by the number of
/// severities, so a reader that stays at 100 % scores 100; the score is the mean over the
/// perturbations. It falls both when clean accuracy falls and when a preset turns brittle.
public struct RobustnessSummary: Sendable {
    /// One level's figures (the clean images when `level` is `nil`).
    public struct Figures: Sendable {
        public var level: PerturbationLevel?
        public var images = 0
        /// Right images (see the type's notes).
        public var right = 0
        /// Images with a truth, and those whose top answer is it.
        public var labelled = 0
        public var exact = 0
        public var detected = 0
        /// Serial: an answer at ≥ 0.8 that is not the truth. Permit: a number returned for a
        /// document to refuse, or a wrong number at `high`.
        public var confidentWrong = 0
        public var errors = 0
        public var ece = 0.0
        public var latencyP50 = 0.0
        public var latencyP95 = 0.0
        /// Permit runs: permits, exact on them, documents to refuse, false acceptances, false refusals.
        public var permit: (permits: Int, exact: Int, negatives: Int, falseAcceptances: Int, falseRefusals: Int)?

        /// The curve's value, 0…1.
        public var accuracy: Double {
            if let p = permit { return p.permits > 0 ? Double(p.exact) / Double(p.permits) : Double(right) / Double(max(1, images)) }
            return images == 0 ? 0 : Double(right) / Double(images)
        }
    }

    /// An image right on the clean run that went wrong at `level`, the mildest severity of its
    /// perturbation at which it did.
    public struct Broken: Sendable {
        public var relativePath: String
        public var level: PerturbationLevel
        public var truth: String?
        /// The answer at that level (`nil`: none), its confidence, and its error if it failed.
        public var answer: String?
        public var confidence: Double?
        public var error: String?
    }

    /// One perturbation's curve.
    public struct Ladder: Sendable {
        public var perturbation: Perturbation
        public var levels: [Figures]
        /// Area under the curve, 0…1 (see the type's notes).
        public var area: Double
        /// Images right when clean and wrong at some severity, mildest first.
        public var brokeFirst: [Broken]
    }

    /// The clean run's facts.
    public var info: RunInfo
    /// The perturbations' seed.
    public var seed: UInt64
    public var isPermitRun: Bool
    public var clean: Figures
    public var ladders: [Ladder]

    /// Mean area over the perturbations, in percent; `nil` with no perturbation.
    public var scorePct: Double? {
        ladders.isEmpty ? nil : 100 * ladders.map(\.area).reduce(0, +) / Double(ladders.count)
    }

    /// Confident wrong answers over every perturbed level.
    public var confidentWrong: Int { ladders.flatMap(\.levels).map(\.confidentWrong).reduce(0, +) }

    /// Summarises `clean` and the perturbed runs, given as (level, summary) in ladder order.
    public init(clean: EvaluationSummary, perturbed: [(level: PerturbationLevel, summary: EvaluationSummary)], seed: UInt64) {
        info = clean.info
        self.seed = seed
        isPermitRun = clean.permitSummary != nil
        let permitRun = isPermitRun
        self.clean = Self.figures(clean, level: nil, permit: permitRun)
        let rightWhenClean = Set(clean.records.filter { Self.isRight($0, permit: permitRun) }.map(\.relativePath))
        var order: [Perturbation] = []
        var byPerturbation: [Perturbation: [(PerturbationLevel, EvaluationSummary)]] = [:]
        for (level, summary) in perturbed {
            if byPerturbation[level.perturbation] == nil { order.append(level.perturbation) }
            byPerturbation[level.perturbation, default: []].append((level, summary))
        }
        let cleanAccuracy = self.clean.accuracy
        ladders = order.map { p in
            let runs = byPerturbation[p] ?? []
            let levels = runs.map { Self.figures($0.1, level: $0.0, permit: permitRun) }
            let ys = [cleanAccuracy] + levels.map(\.accuracy)
            var area = 0.0
            for i in 1..<ys.count { area += (ys[i - 1] + ys[i]) / 2 }
            var broken: [Broken] = []
            var seen = Set<String>()
            for (level, summary) in runs {
                for r in summary.records where rightWhenClean.contains(r.relativePath) && !seen.contains(r.relativePath) && !Self.isRight(r, permit: permitRun) {
                    seen.insert(r.relativePath)
                    broken.append(Broken(relativePath: r.relativePath, level: level, truth: r.groundTruth,
                                         answer: Self.returned(r, permit: permitRun) ? r.top?.text : nil, confidence: r.top?.confidence,
                                         error: r.outcome.error?.description))
                }
            }
            return Ladder(perturbation: p, levels: levels, area: levels.isEmpty ? cleanAccuracy : area / Double(levels.count), brokeFirst: broken)
        }
    }

    /// Whether a permit run returned a number for `r` (a serial run: any candidate).
    static func returned(_ r: SampleRecord, permit: Bool) -> Bool {
        permit ? EvaluationSummary.returnedNumber(r) : r.detected
    }

    /// Whether `r` is right (see the type's notes).
    public static func isRight(_ r: SampleRecord, permit: Bool) -> Bool {
        if permit {
            let returned = EvaluationSummary.returnedNumber(r)
            return r.kind == "permit" ? returned && r.top1Hit : !returned
        }
        if r.groundTruth != nil { return r.top1Hit }
        return (r.top?.confidence ?? 0) < EvaluationSummary.highConfidence
    }

    /// Whether `r` is a confident wrong answer (see `Figures.confidentWrong`).
    public static func isConfidentWrong(_ r: SampleRecord, permit: Bool) -> Bool {
        if permit {
            guard EvaluationSummary.returnedNumber(r) else { return false }
            return r.kind != "permit" || (r.outcome.confidenceLevel == "high" && !r.top1Hit)
        }
        return (r.top?.confidence ?? 0) >= EvaluationSummary.highConfidence && !r.top1Hit
    }

    static func figures(_ s: EvaluationSummary, level: PerturbationLevel?, permit: Bool) -> Figures {
        var f = Figures(level: level)
        f.images = s.total
        f.right = s.records.filter { isRight($0, permit: permit) }.count
        f.labelled = s.labelled
        f.exact = s.top1Hits
        f.detected = s.detected
        f.confidentWrong = s.records.filter { isConfidentWrong($0, permit: permit) }.count
        f.errors = s.errors
        f.ece = s.ece
        let latency = s.latency
        f.latencyP50 = latency.percentileMs(50)
        f.latencyP95 = latency.percentileMs(95)
        if permit, let p = s.permitSummary {
            f.permit = (p.permits, p.exactMatches, p.negatives, p.falseAcceptances, p.falseRefusals)
        }
        return f
    }

    /// What the curve measures, in words.
    public var measure: String {
        isPermitRun ? "exact on permits" : "right: top-1 is the truth (images without a serial: no answer at ≥ 0.8)"
    }
}

extension RobustnessSummary.Figures {
    /// The figures as a JSON object.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("level", .string(level?.id ?? "clean")),
            ("perturbation", level.map { .string($0.perturbation.rawValue) } ?? .null),
            ("severity", level?.severity.map { .double($0) } ?? .null),
            ("images", .int(images)),
            ("right", .int(right)),
            ("accuracy_pct", .double(Metrics.round2(100 * accuracy))),
            ("labelled", .int(labelled)),
            ("exact_top1", .int(exact)),
            ("detected", .int(detected)),
            ("confident_wrong", .int(confidentWrong)),
            ("errors", .int(errors)),
            ("ece", .double(Metrics.round(ece, 4))),
            ("latency_p50_ms", .double(Metrics.round2(latencyP50))),
            ("latency_p95_ms", .double(Metrics.round2(latencyP95))),
        ]
        if let p = permit {
            fields.append(("permit", .object([
                ("permits", .int(p.permits)), ("exact_matches", .int(p.exact)), ("to_refuse", .int(p.negatives)),
                ("false_acceptances", .int(p.falseAcceptances)), ("false_refusals", .int(p.falseRefusals)),
            ])))
        }
        return .object(fields)
    }
}

extension RobustnessSummary {
    /// The `robustness` object of the summary JSON.
    public var json: JSONValue {
        .object([
            ("seed", .string(String(seed))),
            ("measure", .string(measure)),
            ("score_pct", scorePct.map { .double(Metrics.round2($0)) } ?? .null),
            ("confident_wrong", .int(confidentWrong)),
            ("clean", clean.json),
            ("perturbations", .array(ladders.map { l in
                .object([
                    ("name", .string(l.perturbation.rawValue)),
                    ("unit", .string(l.perturbation.unit)),
                    ("area_pct", .double(Metrics.round2(100 * l.area))),
                    ("levels", .array(l.levels.map(\.json))),
                    ("broke_first", .array(l.brokeFirst.map { b in
                        .object([
                            ("relative_path", .string(b.relativePath)),
                            ("level", .string(b.level.id)),
                            ("truth", b.truth.map { .string($0) } ?? .null),
                            ("answer", b.answer.map { .string($0) } ?? .null),
                            ("confidence", b.confidence.map { .double(Metrics.round(($0), 4)) } ?? .null),
                            ("error", b.error.map { .string($0) } ?? .null),
                        ])
                    })),
                ])
            })),
        ])
    }
}
