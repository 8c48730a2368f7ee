import ArgumentParser
import Foundation
import Harness
import Synthesis

/// What `evaluate` reads: a labelled folder (`--dataset`) or a synthetic set drawn in memory
/// (`--synthetic KIND --count N --seed S|random`).
struct EvaluateSource: ParsableArguments {
    @Option(name: .long, help: "Labelled image folder (labels.csv at its root).")
    var dataset: String?

    @Option(name: .long, help: "YAML preset file loaded on top of the built-in presets.")
    var presetFile: String?

    @Option(name: .long, help: "Instead of --dataset: evaluate a synthetic set of this kind, drawn in memory (\(DatasetKind.allCases.map(\.rawValue).joined(separator: ", "))).")
    var synthetic: String?

    @Option(name: .long, help: "--synthetic: number of images (images 0..<N of `generate`). Default 40, as generate.")
    var count: Int?

    @Option(name: .long, help: "--synthetic: the seed (unsigned 64-bit), or `random` to draw one (printed on stderr). Default 1, as generate.")
    var seed: String?

    @Option(name: .long, help: "--synthetic: how documents are photographed (permit kinds): flat, phone or mixed.")
    var capture: String?

    @Option(name: .long, help: "--synthetic: also write the images and labels.csv into this folder, exactly as generate does.")
    var keep: String?

    /// `--count` when `--synthetic` gives none, as `generate`.
    static let defaultCount = 40

    func validate() throws {
        guard let synthetic else {
            guard dataset != nil else { throw ValidationError("give --dataset DIR, or --synthetic KIND to evaluate a synthetic set") }
            let stray = [("--count", count != nil), ("--seed", seed != nil), ("--capture", capture != nil), ("--keep", keep != nil)]
                .filter(\.1).map(\.0)
            if !stray.isEmpty { throw ValidationError("\(stray.joined(separator: ", ")) can only be used with --synthetic KIND") }
            return
        }
        if dataset != nil { throw ValidationError("give either --dataset or --synthetic, not both") }
        if DatasetKind(rawValue: synthetic) == nil {
            throw ValidationError("unknown kind '\(synthetic)'; use one of \(DatasetKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let seed, seed != "random", UInt64(seed) == nil {
            throw ValidationError("--seed must be an unsigned 64-bit integer or `random`, got '\(seed)'")
        }
        if let capture, DatasetGenerator.Capture(rawValue: capture) == nil {
            throw ValidationError("unknown capture '\(capture)'; use one of \(DatasetGenerator.Capture.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    /// The synthetic set asked for (a `random` seed drawn now), or `nil` for `--dataset`.
    func syntheticSet() throws -> SyntheticSet? {
        guard let synthetic else { return nil }
        guard let kind = DatasetKind(rawValue: synthetic) else { throw ValidationError("unknown kind '\(synthetic)'") }
        let seed: UInt64 = switch self.seed {
        case nil: 1
        case "random"?: SyntheticSet.randomSeed()
        case let text?: UInt64(text) ?? 1
        }
        return SyntheticSet(kind: kind, seed: seed, count: count ?? Self.defaultCount,
                            capture: capture.flatMap(DatasetGenerator.Capture.init(rawValue:)) ?? .mixed,
                            keep: keep.map { URL(fileURLWithPath: $0) })
    }
}
