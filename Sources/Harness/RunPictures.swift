import Evaluation
import Foundation
import Imaging
import Reporting

/// Pictures of a run's images for the HTML report's drill-down.
public enum RunPictures {
    /// Thumbnails: each record's image under `datasetRoot`, fitted into `longestSide` px, as
    /// JPEG (`quality`); `nil` when the image cannot be read (a broken file, a moved folder).
    /// Small on purpose: a report of 500 images holds 500 of them.
    public static func thumbnailer(datasetRoot: URL, longestSide: Int = 160, quality: Int = 60) -> HTMLReport.Thumbnailer {
        { record in
            guard let image = try? Image(contentsOf: datasetRoot.appendingPathComponent(record.relativePath)) else { return nil }
            let factor = min(1, Double(longestSide) / Double(max(image.width, image.height, 1)))
            guard let plain = try? image.perturbable(), let small = factor < 1 ? try? plain.scaled(by: factor) : plain else { return nil }
            return try? small.jpegData(quality: quality)
        }
    }
}
