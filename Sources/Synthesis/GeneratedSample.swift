import Foundation

/// One generated image and its labels.csv row.
public struct GeneratedSample: Sendable {
    /// File name inside the dataset folder, e.g. `etched_00007.jpg`.
    public var filename: String
    /// The JPEG bytes.
    public var jpeg: Data
    /// The ground truth: the serial or permit number drawn (empty for negatives and refusals).
    public var label: String
    /// The labels.csv fields, in the order of `DatasetGenerator.csvHeader` (filename first).
    public var fields: [String]
    /// Where the sheet of paper lies in the image: its corners in pixel coordinates (pixel
    /// centres at integers), top-left, top-right, bottom-right, bottom-left of the upright page;
    /// empty when the scene is not a sheet on a table. Ground truth for page finding; not written
    /// to labels.csv.
    public var pageCorners: [SIMD2<Double>] = []
}
