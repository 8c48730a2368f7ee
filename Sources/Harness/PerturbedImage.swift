import Evaluation
import Foundation
import Imaging
import PermitReading
import ReadingCore

/// One image of a dataset made worse at one `PerturbationLevel`, in memory. Deterministic: the
/// random parts (noise, which edge a keystone pulls away, the direction of a smear) come from a
/// generator seeded by the run's seed, the level and the image's relative path, so a seed gives
/// the same pixels on every machine and with any number of workers.
public enum PerturbedImage {
    /// The bytes handed to the reader, and the file extension they would be saved under.
    public struct Encoded {
        /// JPEG for `jpeg` and `client-compression` (the loss is the point); otherwise BMP or PGM,
        /// the cheapest lossless hand-over (`Image.uncompressedData`; `asFile` turns it into PNG).
        public var data: Data
        /// `jpg`, or `raw` for the uncompressed hand-over.
        public var fileExtension: String
    }

    /// The generator for `relativePath` at `level` in a run with `seed`.
    public static func generator(seed: UInt64, level: PerturbationLevel, relativePath: String) -> SeededGenerator {
        SeededGenerator(seed: Shard.fnv1a64("\(seed)|\(level.id)|\(relativePath)"))
    }

    /// Decodes `data` as the run's reader would see it: upright by EXIF for permit runs
    /// (the permit reader turns photos itself), as stored for serial runs.
    public static func decode(_ data: Data, uprightByExif: Bool, maxPixels: Int) throws(ImagingError) -> Image {
        uprightByExif ? try PermitInput.upright(data, maxPixels: maxPixels) : try Image(data: data, maxPixels: maxPixels)
    }

    /// `image` at `level`.
    public static func apply(_ level: PerturbationLevel, to image: Image, generator g: inout SeededGenerator) throws(ImagingError) -> Image {
        let s = level.severity ?? 0
        switch level.perturbation {
        case .blur: return try image.gaussianBlurred(sigma: s)
        case .motion: return try image.motionBlurred(length: Int(s), vertical: Bool.random(using: &g))
        case .scale: return try image.perturbable().scaled(by: s)
        case .rotate: return try image.tilted(degrees: s)
        case .perspective: return try image.keystoned(strength: s, far: Image.Edge.allCases.randomElement(using: &g) ?? .top)
        case .dark: return try image.underexposed(stops: s)
        case .contrast: return try image.contrastScaled(s)
        case .noise: return try image.withGaussianNoise(sigma: s, using: &g)
        case .jpeg, .clientCompression: return image
        }
    }

    /// The bytes of `image` at `level`, as the reader gets them.
    public static func encode(_ level: PerturbationLevel, _ image: Image, generator g: inout SeededGenerator) throws(ImagingError) -> Encoded {
        switch level.perturbation {
        case .jpeg: return Encoded(data: try image.perturbable().jpegData(quality: Int(level.severity ?? 75)), fileExtension: "jpg")
        case .clientCompression: return Encoded(data: try ClientCompression.compress(image.perturbable()).data, fileExtension: "jpg")
        default: return Encoded(data: try apply(level, to: image, generator: &g).uncompressedData(), fileExtension: "raw")
        }
    }

    /// The perturbed bytes of an image file's `data`, or `nil` when the original cannot be
    /// decoded (the reader then reads the file and records its own error, as `evaluate` would).
    /// With `thumbnail`, also a small JPEG of what the reader gets (`thumbnail(_:)`).
    public static func make(_ data: Data, level: PerturbationLevel, seed: UInt64, relativePath: String,
                            uprightByExif: Bool, maxPixels: Int, thumbnail: Bool = false) throws(ImagingError) -> (encoded: Encoded, thumbnail: Data?)? {
        guard let image = try? decode(data, uprightByExif: uprightByExif, maxPixels: maxPixels) else { return nil }
        var g = generator(seed: seed, level: level, relativePath: relativePath)
        switch level.perturbation {
        case .jpeg, .clientCompression:
            let encoded = try encode(level, image, generator: &g)
            return (encoded, thumbnail ? (try? Image(data: encoded.data, maxPixels: Int.max)).flatMap { Self.thumbnail($0) } : nil)
        default:
            let perturbed = try apply(level, to: image, generator: &g)
            return (Encoded(data: try perturbed.uncompressedData(), fileExtension: "raw"), thumbnail ? Self.thumbnail(perturbed) : nil)
        }
    }

    /// `image` fitted into `longestSide` px, as JPEG (quality 70), for a report.
    public static func thumbnail(_ image: Image, longestSide: Int = 240) -> Data? {
        let factor = min(1, Double(longestSide) / Double(max(image.width, image.height, 1)))
        guard let plain = try? image.perturbable(), let small = factor < 1 ? try? plain.scaled(by: factor) : plain else { return nil }
        return try? small.jpegData(quality: 70)
    }

    /// `encoded` as a file a dataset folder can hold: the uncompressed hand-over becomes PNG (lossless, so the reader
    /// sees the same pixels), JPEG stays as it is.
    public static func asFile(_ encoded: Encoded) throws(ImagingError) -> (data: Data, fileExtension: String) {
        guard encoded.fileExtension == "raw" else { return (encoded.data, encoded.fileExtension) }
        return (try Image(data: encoded.data).pngData(), "png")
    }
}

/// The images of a robustness level, perturbed as each worker asks for them; nothing is written.
/// A small picture of each is put on `pictures`, so the report can show what broke without
/// perturbing it again.
final class PerturbedSource: SampleSource {
    let level: PerturbationLevel
    let seed: UInt64
    let uprightByExif: Bool
    let maxPixels: Int
    let pictures: PictureShelf

    init(level: PerturbationLevel, seed: UInt64, uprightByExif: Bool, maxPixels: Int, pictures: PictureShelf) {
        self.level = level
        self.seed = seed
        self.uprightByExif = uprightByExif
        self.maxPixels = maxPixels
        self.pictures = pictures
    }

    func load(_ item: DatasetItem) throws -> SourcedSample {
        // A file that cannot be read or decoded goes to the reader as it is: one error row,
        // exactly as `evaluate` records it, never a stopped run.
        guard let data = try? Data(contentsOf: item.url),
              let made = try PerturbedImage.make(data, level: level, seed: seed, relativePath: item.relativePath,
                                                 uprightByExif: uprightByExif, maxPixels: maxPixels, thumbnail: true)
        else { return .itemFile }
        if let picture = made.thumbnail { pictures.put(item.relativePath, picture) }
        return SourcedSample(data: made.encoded.data, label: nil)
    }
}

/// Small pictures by relative path, filled by a level's workers and emptied by the run once
/// it has kept the few its report shows.
public final class PictureShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var pictures: [String: Data] = [:]

    public init() {}

    func put(_ path: String, _ picture: Data) { lock.lock(); pictures[path] = picture; lock.unlock() }

    /// Every picture, and the shelf emptied.
    func takeAll() -> [String: Data] {
        lock.lock(); defer { lock.unlock() }
        let all = pictures
        pictures = [:]
        return all
    }
}
