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
}
