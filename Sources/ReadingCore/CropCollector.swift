import Evaluation
import Foundation
import Imaging

/// Keeps the images a pipeline reads during one image (its debug sink's line bands and crops)
/// and, once the answer is known, turns the ones it came from into small JPEGs for the record
/// (`SampleOutcome.crops`), so a report can show what the reader saw — from the run itself.
///
/// Names are the sink's (`<stage>-line-<text>`, `<stage>-crop-<variant>@<height>-<text>`,
/// `number`); a read whose text holds the answer is one it came from. Only the last
/// `capacity` reads are kept, so a long search holds little.
public final class CropCollector {
    /// Reads kept while an image is read.
    public let capacity: Int
    /// Pictures kept per answer.
    public let perAnswer: Int
    /// Longest side of a kept picture, px; its JPEG quality.
    public let maxWidth: Int, maxHeight: Int, quality: Int
    private var reads: [(name: String, image: Image)] = []

    public init(capacity: Int = 32, perAnswer: Int = 2, maxWidth: Int = 480, maxHeight: Int = 64, quality: Int = 60) {
        self.capacity = capacity
        self.perAnswer = perAnswer
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.quality = quality
    }

    /// Forgets the previous image's reads.
    public func reset() { reads.removeAll(keepingCapacity: true) }

    /// The sink to hand a pipeline (calls `also` too, when given).
    public func sink(also: ((String, Image) -> Void)? = nil) -> (String, Image) -> Void {
        { [weak self] name, image in
            also?(name, image)
            guard let self else { return }
            if self.reads.count == self.capacity { self.reads.removeFirst() }
            self.reads.append((name, image))
        }
    }

    /// Upper-case letters and digits of `s`.
    static func letters(_ s: String) -> String { String(s.uppercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }) }

    /// The pictures `answer` came from: the latest reads whose text holds it (for a name
    /// without text, such as the permit's `number`, every read named `fallback`), newest
    /// first, at most `perAnswer`. `nil` when there is no answer or no such read.
    public func pictures(for answer: String?, fallback: String? = nil) -> [CropPicture]? {
        guard let answer, !answer.isEmpty else { return nil }
        let key = Self.letters(answer)
        var chosen: [(String, Image)] = []
        // The name ends with the text read; its stage and variant words never hold a serial.
        for (name, image) in reads.reversed() where chosen.count < perAnswer {
            if name == fallback || (!key.isEmpty && Self.letters(name).contains(key)) { chosen.append((name, image)) }
        }
        let pictures = chosen.compactMap { name, image -> CropPicture? in
            guard let jpeg = try? thumbnail(image) else { return nil }
            return CropPicture(label: name, jpeg: jpeg)
        }
        return pictures.isEmpty ? nil : pictures
    }

    /// `image` fitted into `maxWidth × maxHeight`, grey, as JPEG.
    func thumbnail(_ image: Image) throws(ImagingError) -> Data {
        let grey = try image.perturbable().grayscale()
        let factor = min(1, Double(maxWidth) / Double(max(1, grey.width)), Double(maxHeight) / Double(max(1, grey.height)))
        return try (factor < 1 ? grey.scaled(by: factor) : grey).jpegData(quality: quality)
    }
}
