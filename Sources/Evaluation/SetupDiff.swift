import Foundation

/// What differs between the set-ups of two runs, read from their record headers: the dataset,
/// the preset, every parameter it read with (`extract_params`), every setting (the presets' and
/// the models' digests, the image limit, a synthetic set's drawing, a perturbation), the
/// versions, the confidence floor and the workers. Two runs whose answers differ while their
/// set-ups do not were read by different code; when they differ, this names what was changed.
public struct SetupDiff: Sendable, Hashable {
    /// One value that differs: its name (`extract_params.crop.token_margin`, `settings.model.serial_best`,
    /// `versions.scanbench`, …) and its value in each run, nil where a run does not have it.
    public struct Item: Sendable, Hashable {
        public var name: String
        public var baseline: String?
        public var current: String?
    }

    /// The values that differ, by name.
    public var items: [Item]

    /// Whether the two set-ups are the same.
    public var isEmpty: Bool { items.isEmpty }

    /// Compares the set-up of `current` with `baseline`'s.
    public init(baseline: RecordHeader, current: RecordHeader) {
        let before = Self.values(baseline), after = Self.values(current)
        items = Set(before.keys).union(after.keys).sorted().compactMap { name in
            before[name] == after[name] ? nil : Item(name: name, baseline: before[name], current: after[name])
        }
    }

    /// A header's set-up as named values. Start and end times are not set-up; neither is the
    /// shard (a merged run and its shards read the same way).
    static func values(_ header: RecordHeader) -> [String: String] {
        let info = header.info
        var v: [String: String] = [
            "dataset": info.dataset, "preset": info.preset,
            "min_confidence": String(info.minConfidence), "workers": String(info.workers),
        ]
        if let s = info.synthetic {
            v["synthetic"] = "\(s.kind) seed \(s.seed), \(s.count) images" + (s.capture.isEmpty ? "" : ", \(s.capture) capture") + ", generator \(s.generatorVersion)"
        }
        for (k, x) in info.extractParams { v["extract_params.\(k)"] = x }
        for (k, x) in header.settings { v["settings.\(k)"] = x }
        for (k, x) in info.versions { v["versions.\(k)"] = x }
        return v
    }

    /// How many differing values Markdown and HTML list (the JSON keeps every one).
    public static let listLimit = 40

    /// What the renderings say when the set-ups are the same.
    public static let sameText = "The same dataset, preset, parameters, settings (presets' and models' digests) and versions."

    /// What the renderings say of the values past `listLimit`.
    public var moreText: String? {
        items.count > Self.listLimit ? "… and \(items.count - Self.listLimit) more (every one is in the JSON)." : nil
    }

    /// A Markdown section: the values that differ, or that none does.
    public func markdown(heading: String = "###") -> String {
        var lines = ["\(heading) Set-up: what differs between the runs", ""]
        guard !isEmpty else {
            return (lines + [Self.sameText, ""]).joined(separator: "\n")
        }
        lines += ["| | baseline | current |", "|---|---|---|"]
        for i in items.prefix(Self.listLimit) {
            lines.append("| \(RunDiff.cell(i.name)) | \(RunDiff.cell(i.baseline ?? "—")) | \(RunDiff.cell(i.current ?? "—")) |")
        }
        if let moreText { lines += ["", moreText] }
        return (lines + [""]).joined(separator: "\n")
    }

    /// The values that differ, as JSON objects `{name, baseline, current}`.
    public var json: JSONValue {
        .array(items.map { i in
            .object([("name", .string(i.name)), ("baseline", i.baseline.map { .string($0) } ?? .null),
                     ("current", i.current.map { .string($0) } ?? .null)])
        })
    }
}
