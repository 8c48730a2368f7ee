import Evaluation
import Foundation
import Synthesis

/// A synthetic set read in place of a dataset folder (`evaluate --synthetic KIND`): images
/// `0..<count` of `DatasetGenerator(kind:seed:capture:)`, named as `generate` names their
/// files (`etched_00007.jpg`), so a shard of the set reads exactly the images the same shard
/// of a folder written by `generate` would. Each worker draws the images it reads when it
/// reads them and keeps only that one in memory; with `keep`, every image drawn and the
/// labels.csv are also written as `generate` writes them.
public struct SyntheticSet: Sendable {
    /// What the generator draws.
    public var kind: DatasetKind
    /// The set's seed.
    public var seed: UInt64
    /// Images in the set (every shard).
    public var count: Int
    /// How documents are photographed (document kinds only).
    public var capture: DatasetGenerator.Capture
    /// A folder to write the images and labels.csv into, or `nil` for none.
    public var keep: URL?

    /// The set of `count` images of `kind` drawn with `seed`.
    public init(kind: DatasetKind, seed: UInt64, count: Int, capture: DatasetGenerator.Capture = .mixed, keep: URL? = nil) {
        precondition(count >= 0, "count must not be negative")
        self.kind = kind
        self.seed = seed
        self.count = count
        self.capture = capture
        self.keep = keep
    }

    /// A seed from the system's random generator, short enough to type back.
    public static func randomSeed() -> UInt64 { UInt64.random(in: 1...UInt64(UInt32.max)) }

    /// What the summary records about the set.
    public var origin: SyntheticOrigin {
        SyntheticOrigin(kind: kind.rawValue, seed: seed, count: count, capture: capture.rawValue, generatorVersion: DatasetGenerator.version)
    }

    /// The preset `make evaluate` uses for this kind: `permit` for document kinds, else `auto`.
    public var defaultPreset: String { kind.isDocumentKind ? PresetChoice.permit.name : PresetChoice.auto.name }

    /// File name of image `index`, as `DatasetGenerator` names it.
    public static func filename(kind: DatasetKind, index: Int) -> String {
        "\(kind.rawValue)_\(String(format: "%05d", index)).jpg"
    }

    /// Index of the image named `name`, or `nil` when no image of this set has that name.
    func index(of name: String) -> Int? {
        let prefix = kind.rawValue + "_", suffix = ".jpg"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix),
              let i = Int(name.dropFirst(prefix.count).dropLast(suffix.count)), (0..<count).contains(i),
              Self.filename(kind: kind, index: i) == name else { return nil }
        return i
    }

    /// The set's images, sorted by name (as a walk of `generate`'s folder lists them), under `root`.
    func items(root: URL) -> [DatasetItem] {
        (0..<count).map { Self.filename(kind: kind, index: $0) }.sorted()
            .map { DatasetItem(relativePath: $0, url: root.appendingPathComponent($0)) }
    }

    /// Settings a resumed run or a merged shard must share besides the dataset name.
    var settings: [String: String] {
        ["synthetic_capture": capture.rawValue, "generator_version": DatasetGenerator.version]
    }

    /// Sources for the runner's workers: each draws with its own generator (the generator holds
    /// Cairo surfaces and is not thread-safe) and hands its images to `keeper` when given.
    func sourceFactory(keeper: SyntheticKeeper?) -> EvaluationRunner.SourceFactory {
        let set = self
        return { try SyntheticSource(set: set, keeper: keeper) }
    }
}

extension SyntheticOrigin {
    /// The run's `dataset`: `synthetic:etched:seed=7:n=50`, with `:capture=phone` for document
    /// kinds (the only ones the capture changes).
    public var datasetName: String {
        "synthetic:\(kind):seed=\(seed):n=\(count)" + (Self.usesCapture(kind) ? ":capture=\(capture)" : "")
    }

    /// The base of the report names, safe in a file name: `synthetic_etched_seed7_n50`.
    public var reportBaseName: String {
        "synthetic_\(kind)_seed\(seed)_n\(count)" + (Self.usesCapture(kind) ? "_\(capture)" : "")
    }

    private static func usesCapture(_ kind: String) -> Bool { DatasetKind(rawValue: kind)?.isDocumentKind ?? false }
}

/// One worker's source of a synthetic set's images.
final class SyntheticSource: SampleSource {
    private let set: SyntheticSet
    private let generator: DatasetGenerator
    private let header: [String]
    private let keeper: SyntheticKeeper?

    /// An image name that is not one of the set's.
    struct UnknownImage: Error, CustomStringConvertible {
        var description: String
    }

    init(set: SyntheticSet, keeper: SyntheticKeeper?) throws {
        self.set = set
        generator = try DatasetGenerator(kind: set.kind, seed: set.seed, capture: set.capture)
        header = generator.csvHeader
        self.keeper = keeper
    }

    func load(_ item: DatasetItem) throws -> SourcedSample {
        guard let index = set.index(of: item.relativePath) else {
            throw UnknownImage(description: "\(item.relativePath) is not an image of \(set.origin.datasetName)")
        }
        let sample = try generator.sample(at: index)
        guard sample.filename == item.relativePath else {
            throw UnknownImage(description: "the generator named image \(index) \(sample.filename), not \(item.relativePath)")
        }
        try keeper?.keep(sample, index: index)
        // Parsed as labels.csv is, so the row is the one a folder run would look up.
        let label = Labels.parse(table: [header, sample.fields]).rows.first
        return SourcedSample(data: sample.jpeg, label: label)
    }
}
