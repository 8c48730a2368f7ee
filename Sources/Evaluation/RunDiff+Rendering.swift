import Foundation

extension RunDiff {
    /// How many images each class lists in Markdown and HTML (the JSON keeps every one).
    public static let listLimit = 50

    /// The classes in report order, with how many images each holds.
    public var counts: [(change: Change, images: Int)] { Change.allCases.map { ($0, count($0)) } }

    /// A one-line tally, e.g. `2 fixed, 1 broken, 0 new confident wrong …`, for the terminal.
    public var tally: String {
        "\(matched) images in both runs: " + counts.map { "\($0.images) \($0.change.rawValue.replacingOccurrences(of: "_", with: " "))" }
            .joined(separator: ", ") + "; McNemar p \(Self.pText(mcNemarP))"
    }

    /// What the fixed/broken split says, in a sentence: its exact McNemar p-value and whether
    /// the change is beyond chance at 5 %.
    public var significance: String {
        let fixed = count(.fixed), broken = count(.broken)
        guard fixed + broken > 0 else { return "No image went from right to wrong or back." }
        let verdict = mcNemarP < 0.05 ? "beyond chance at 5 %" : "within what chance gives (images flipping either way alike)"
        return "Fixed \(fixed), broken \(broken): exact McNemar p = \(Self.pText(mcNemarP)), \(verdict)."
    }

    /// A p-value with three decimals (`0.180`), two significant digits under 0.01 (`0.0039`),
    /// `1` when it rounds to 1 (an even split sums to 1 only within rounding).
    static func pText(_ p: Double) -> String {
        p >= 0.9995 ? "1" : String(format: p >= 0.01 ? "%.3f" : "%.2g", p)
    }

    /// A Markdown section: what differs in the runs' set-ups (when known), the count per class,
    /// then each non-empty class's images (at most `limit` per class, with how many more there are).
    public func markdown(limit: Int = listLimit, heading: String = "###") -> String {
        ((setup?.markdown(heading: heading)).map { $0 + "\n" } ?? "") + imagesMarkdown(limit: limit, heading: heading)
    }

    /// The per-image part of `markdown`.
    private func imagesMarkdown(limit: Int, heading: String) -> String {
        var lines = [
            "\(heading) Per image: what changed",
            "",
            "\(matched) images in both runs" + (isPermitRun ? " (permit rules: right = exact number returned, or a refusal for a document to refuse)" : "")
                + ". New confident wrong answers: **\(count(.newConfidentWrong))**.",
            "",
            significance,
            "",
            "| class | images |",
            "|---|---:|",
        ]
        for c in counts { lines.append("| \(c.change.title) | \(c.images) |") }
        for change in Change.allCases {
            let list = images(change)
            guard !list.isEmpty else { continue }
            lines += ["", "\(heading)# \(change.title) (\(list.count))", "",
                      "| image | truth | baseline | current | latency ms |", "|---|---|---|---|---:|"]
            for e in list.prefix(limit) {
                let latency = [e.baseline, e.current].map { $0.map { String(format: "%.0f", $0.latencyMs) } ?? "—" }.joined(separator: " → ")
                lines.append("| \(Self.cell(e.relativePath)) | \(Self.cell(Self.truthText(e))) | \(Self.cell(Self.sideText(e.baseline))) | \(Self.cell(Self.sideText(e.current))) | \(latency) |")
            }
            if list.count > limit { lines += ["", "… and \(list.count - limit) more (every image is in the JSON)."] }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The diff as JSON: the runs' names when given, the rules, the counts per class and every
    /// image of every class.
    public func json(baseline: String? = nil, current: String? = nil) -> JSONValue {
        func side(_ s: Side?) -> JSONValue {
            guard let s else { return .null }
            return .object([
                ("answer", s.answer.map { .string($0) } ?? .null),
                ("confidence", .double(Metrics.round(s.confidence, 4))),
                ("confidence_level", s.confidenceLevel.map { .string($0) } ?? .null),
                ("decision", s.decision.map { .string($0) } ?? .null),
                ("error", s.error.map { .string($0) } ?? .null),
                ("latency_ms", .double(Metrics.round(s.latencyMs, 1))),
                ("right", .bool(s.right)),
                ("confident_wrong", .bool(s.confidentWrong)),
            ])
        }
        let names: [(String, JSONValue)] = [("baseline", baseline), ("current", current)].compactMap { k, v in v.map { (k, .string($0)) } }
        return .object(names + [
            ("matched", .int(matched)),
            ("permit_rules", .bool(isPermitRun)),
            ("high_confidence", .double(EvaluationSummary.highConfidence)),
            ("latency_rule", .string("outlier when one run's latency is > \(Self.format(Self.latencyFactor))× the other's and > the other's + \(Self.format(Self.latencyMarginMs)) ms")),
            ("new_confident_wrong", .int(count(.newConfidentWrong))),
            ("mcnemar_p", .double(Metrics.round(mcNemarP, 6))),
            ("setup_changes", setup?.json ?? .null),
            ("counts", .object(counts.map { ($0.change.rawValue, .int($0.images)) })),
            ("images", .object(Change.allCases.map { change in
                (change.rawValue, .array(images(change).map { e in
                    .object([
                        ("image", .string(e.relativePath)),
                        ("ground_truth", e.groundTruth.map { .string($0) } ?? .null),
                        ("kind", e.kind.map { .string($0) } ?? .null),
                        ("baseline", side(e.baseline)),
                        ("current", side(e.current)),
                        ("changes", .array(e.changes.map { .string($0.rawValue) })),
                    ])
                }))
            })),
        ])
    }

    /// The truth column: the truth, the permit kind, or a dash.
    public static func truthText(_ e: Entry) -> String {
        switch (e.groundTruth, e.kind) {
        case let (t?, k?) where k != "permit": "\(t) (\(k))"
        case let (t?, _): t
        case let (nil, k?): k
        case (nil, nil): "—"
        }
    }

    /// One side as a cell: `ANSWER 0.93 ✓`, `no answer ✗`, `error: timeout`, or a dash.
    public static func sideText(_ s: Side?) -> String {
        guard let s else { return "—" }
        var text = s.answer.map { "\($0) \(String(format: "%.2f", s.confidence))" } ?? (s.error.map { "error: \($0)" } ?? "no answer")
        if let level = s.confidenceLevel, s.answer != nil { text += " \(level)" }
        if let d = s.decision, d != "accepted", s.error == nil { text += " (\(d))" }
        return text + (s.right ? " ✓" : " ✗")
    }

    /// `s` as a Markdown table cell (pipes escaped, one line).
    static func cell(_ s: String) -> String {
        s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func format(_ d: Double) -> String {
        d == d.rounded() ? String(format: "%.0f", d) : String(d)
    }
}
