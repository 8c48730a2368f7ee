import Foundation

/// Facts about a run that are not in any per-image record.
public struct RunInfo: Codable, Sendable, Hashable {
    /// The dataset folder as given on the command line.
    public var dataset: String
    /// The preset asked for (`etched`, `screen`, `sticker`, `auto`, `permit`).
    public var preset: String
    public var minConfidence: Double
    public var useProgressive: Bool
    /// The parameters the pipeline ran with (the backend's `extract_params`).
    public var extractParams: [String: String]
    public var workers: Int
    public var startedAt: Date
    public var finishedAt: Date
    /// `scanbench`, `tesseract`, `leptonica`, traineddata names.
    public var versions: [String: String]
    /// Hidden files / non-images skipped by the walk, unreadable folders.
    public var skippedHidden: Int
    public var skippedNonImages: Int
    public var unreadableFolders: [String]
    /// Problems found in labels.csv.
    public var labelIssues: [LabelIssue]
    /// The synthetic set read instead of a folder (`evaluate --synthetic`), else `nil`.
    public var synthetic: SyntheticOrigin?

    public init(dataset: String, preset: String, minConfidence: Double, useProgressive: Bool,
                extractParams: [String: String], workers: Int, startedAt: Date, finishedAt: Date,
                versions: [String: String], skippedHidden: Int = 0, skippedNonImages: Int = 0,
                unreadableFolders: [String] = [], labelIssues: [LabelIssue] = [], synthetic: SyntheticOrigin? = nil) {
        self.dataset = dataset; self.preset = preset; self.minConfidence = minConfidence
        self.useProgressive = useProgressive; self.extractParams = extractParams; self.workers = workers
        self.startedAt = startedAt; self.finishedAt = finishedAt; self.versions = versions
        self.skippedHidden = skippedHidden; self.skippedNonImages = skippedNonImages
        self.unreadableFolders = unreadableFolders; self.labelIssues = labelIssues
        self.synthetic = synthetic
    }
}
