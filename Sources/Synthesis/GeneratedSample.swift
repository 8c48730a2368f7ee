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
    /// Where the labelled text lies in the image: the corners of its box (of the sighting the
    /// labels' facts describe), in `pageCorners`' order as the text stands upright; empty when
    /// the image shows none. Not written to labels.csv.
    public var textCorners: [SIMD2<Double>] = []
    /// The cap height of that text in the image, pixels (its facts' `glyph_px`; 0 when none).
    public var textGlyphPixels = 0.0
}
