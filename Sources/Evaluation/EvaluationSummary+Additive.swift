import Foundation

extension EvaluationSummary {
    /// ScanBench's additive metric fields (issue 6), in the order they follow the lead's fields
    /// in the `/evaluate` JSON. Environment facts (manifest, machine, report paths) are added by
    /// the reporting module, which may touch the file system.
    public var additiveMetricsJSON: [(String, JSONValue)] {
        let cer = characterErrorRate
        var pairs: [(String, JSONValue)] = [
            ("top1_accuracy_ci95_pct", top1Interval.json),
            ("top1_accuracy_on_labelled_pct", .double(Metrics.pct(top1LabelledInterval.successes, labelled))),
            ("top1_accuracy_on_labelled_ci95_pct", top1LabelledInterval.json),
            ("cer", .object([
                ("value", .double(Metrics.round(cer.value, 4))), ("edits", .int(cer.edits)),
                ("reference_chars", .int(cer.referenceChars)), ("images", .int(cer.images)),
            ])),
            ("reliability", .object([
                ("bins", .array(reliabilityBins.map { b in
                    .object([
                        ("lower", .double(Metrics.round(b.lower, 2))), ("upper", .double(Metrics.round(b.upper, 2))),
                        ("count", .int(b.count)),
                        ("mean_confidence", .double(Metrics.round(b.meanConfidence, 4))),
                        ("accuracy", .double(Metrics.round(b.accuracy, 4))),
                    ])
                })),
                ("ece", .double(Metrics.round(ece, 4))),
                ("images", .int(labelled)),
            ])),
            ("accuracy_vs_coverage", .array(accuracyVsCoverage.map { p in
                .object([
                    ("threshold", .double(p.threshold)), ("accepted", .int(p.accepted)), ("correct", .int(p.correct)),
                    ("coverage_pct", .double(p.coveragePct)), ("accuracy_pct", .double(p.accuracyPct)),
                ])
            })),
            ("per_preset", .object(perPreset.map { ($0.key, $0.value.json) })),
            ("per_device", .object(perDevice.map { ($0.key, $0.value.json) })),
            ("char_confusions", .array(charConfusions.map { c in
                .object([("pair", .string(c.pair)), ("gt", .string(c.gt)), ("ocr", .string(c.ocr)), ("count", .int(c.count))])
            })),
            ("wall_time_s", .double(Metrics.round(max(0, info.finishedAt.timeIntervalSince(info.startedAt)), 3))),
        ]
        if let permit = permitSummary { pairs.append(("permit", permit.json)) }
        return pairs
    }
}
