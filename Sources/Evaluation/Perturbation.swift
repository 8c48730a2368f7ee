import Foundation

/// One way `scanbench robustness` makes a capture worse, with its unit, the values it accepts
/// and a default ladder of severities (mild to severe). The image operations live in Imaging;
/// this is the vocabulary the command line, the records and the reports share.
public enum Perturbation: String, CaseIterable, Sendable, Codable, Hashable {
    case blur, motion, jpeg, scale, rotate, perspective, dark, contrast, noise
    case clientCompression = "client-compression"

    /// What a severity means, for help texts and axis labels.
    public var unit: String {
        switch self {
        case .blur: "Gaussian σ, px"
        case .motion: "smear length, px"
        case .jpeg: "JPEG quality"
        case .scale: "scale factor"
        case .rotate: "tilt, degrees"
        case .perspective: "far edge shorter by"
        case .dark: "under-exposure, stops"
        case .contrast: "contrast factor"
        case .noise: "noise σ, grey levels"
        case .clientCompression: "the apps' compression"
        }
    }

    /// The accepted severities, as a sentence for error messages.
    public var accepted: String {
        switch self {
        case .blur: "σ in px, > 0 and ≤ 20"
        case .motion: "a whole number of px from 2 to 200"
        case .jpeg: "a whole quality from 1 to 100"
        case .scale: "a factor > 0 and ≤ 4 (0.5 halves each side)"
        case .rotate: "degrees from -180 to 180, not 0"
        case .perspective: "a strength > 0 and ≤ 0.9"
        case .dark: "stops > 0 and ≤ 8"
        case .contrast: "a factor > 0 and < 1"
        case .noise: "σ in grey levels, > 0 and ≤ 128"
        case .clientCompression: "no values (write just `client-compression`)"
        }
    }

    /// Whether `value` is a severity this perturbation accepts.
    public func accepts(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let whole = value == value.rounded()
        switch self {
        case .blur: return value > 0 && value <= 20
        case .motion: return whole && value >= 2 && value <= 200
        case .jpeg: return whole && value >= 1 && value <= 100
        case .scale: return value > 0 && value <= 4 && value != 1
        case .rotate: return value >= -180 && value <= 180 && value != 0
        case .perspective: return value > 0 && value <= 0.9
        case .dark: return value > 0 && value <= 8
        case .contrast: return value > 0 && value < 1
        case .noise: return value > 0 && value <= 128
        case .clientCompression: return false
        }
    }

    /// Whether the perturbation takes severities at all (`client-compression` is one fixed algorithm).
    public var takesSeverities: Bool { self != .clientCompression }

    /// The ladder used when `--perturb` names the perturbation without values, and by the
    /// default suite: mild, clearly worse, severe.
    public var defaultSeverities: [Double] {
        switch self {
        case .blur: [1, 2, 3]
        case .motion: [5, 10, 20]
        case .jpeg: [40, 20, 10]
        case .scale: [0.75, 0.5, 0.35]
        case .rotate: [5, 15, 30]
        case .perspective: [0.15, 0.3, 0.45]
        case .dark: [1, 2, 3]
        case .contrast: [0.5, 0.3, 0.15]
        case .noise: [8, 16, 32]
        case .clientCompression: []
        }
    }

    /// How far `value` is from changing nothing, for ordering a ladder mild → severe whatever
    /// order it was typed in (quality falls, factors move away from 1, the rest grow).
    public func harm(_ value: Double) -> Double {
        switch self {
        case .jpeg: 100 - value
        case .scale, .contrast: abs(log(value))
        case .rotate: abs(value)
        default: value
        }
    }
}

/// One evaluation of a robustness run: a perturbation at one severity (`severity` is `nil` for
/// `client-compression`, which has none).
public struct PerturbationLevel: Sendable, Hashable, Codable, CustomStringConvertible {
    public var perturbation: Perturbation
    public var severity: Double?

    public init(_ perturbation: Perturbation, _ severity: Double?) {
        self.perturbation = perturbation
        self.severity = severity
    }

    /// The severity as typed back: `2`, `0.5`, `-15`.
    public var severityText: String {
        guard let s = severity else { return "" }
        return s == s.rounded() && abs(s) < 1e9 ? String(Int(s)) : String(s)
    }

    /// A file-safe name: `blur_2`, `scale_0.5`, `rotate_-15`, `client-compression`.
    public var id: String { severity == nil ? perturbation.rawValue : "\(perturbation.rawValue)_\(severityText)" }

    /// `NAME=VALUE` as `--perturb` takes it.
    public var description: String { severity == nil ? perturbation.rawValue : "\(perturbation.rawValue)=\(severityText)" }
}

/// The perturbations of a run, parsed from `--perturb NAME=S1,S2,…` options (or the default
/// suite), every value checked before any work starts.
public struct PerturbationPlan: Sendable, Hashable {
    /// Per perturbation, its severities mild → severe, in the order perturbations were given.
    public var ladders: [(perturbation: Perturbation, levels: [PerturbationLevel])]

    public static func == (a: Self, b: Self) -> Bool { a.levels == b.levels }
    public func hash(into h: inout Hasher) { h.combine(levels) }

    /// A `--perturb` value that cannot be used.
    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Every level, ladder after ladder.
    public var levels: [PerturbationLevel] { ladders.flatMap(\.levels) }

    /// Every perturbation at its default ladder.
    public static let defaultSuite = PerturbationPlan(ladders: Perturbation.allCases.map { p in
        (p, p.takesSeverities ? p.defaultSeverities.map { PerturbationLevel(p, $0) } : [PerturbationLevel(p, nil)])
    })

    /// Parses `--perturb` options: `NAME=S1,S2,…`, or `NAME` alone for its default ladder.
    /// Unknown names, values out of range, empty lists, repeated names or values are refused.
    public init(parsing options: [String]) throws(Invalid) {
        guard !options.isEmpty else { self = .defaultSuite; return }
        let names = Perturbation.allCases.map(\.rawValue).joined(separator: ", ")
        var ladders: [(Perturbation, [PerturbationLevel])] = []
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard let p = Perturbation(rawValue: name) else {
                throw Invalid(description: "unknown perturbation '\(name)' in --perturb \(option); use one of \(names)")
            }
            if ladders.contains(where: { $0.0 == p }) {
                throw Invalid(description: "--perturb names \(name) twice; give all its severities in one list (\(name)=S1,S2,…)")
            }
            guard parts.count == 2 else {
                ladders.append((p, p.takesSeverities ? p.defaultSeverities.map { PerturbationLevel(p, $0) } : [PerturbationLevel(p, nil)]))
                continue
            }
            guard p.takesSeverities else {
                throw Invalid(description: "--perturb \(option): \(name) takes \(p.accepted)")
            }
            let texts = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard !texts.allSatisfy(\.isEmpty) else {
                throw Invalid(description: "--perturb \(option): the list of severities is empty; give \(p.accepted), e.g. \(name)=\(p.defaultSeverities.map { PerturbationLevel(p, $0).severityText }.joined(separator: ","))")
            }
            var values: [Double] = []
            for t in texts {
                guard let v = Double(t), p.accepts(v) else {
                    throw Invalid(description: "--perturb \(option): '\(t)' is not a valid \(name) severity; give \(p.accepted)")
                }
                if values.contains(v) { throw Invalid(description: "--perturb \(option): \(t) is given twice") }
                values.append(v)
            }
            values.sort { p.harm($0) < p.harm($1) }
            ladders.append((p, values.map { PerturbationLevel(p, $0) }))
        }
        self.ladders = ladders
    }

    init(ladders: [(perturbation: Perturbation, levels: [PerturbationLevel])]) { self.ladders = ladders }
}
