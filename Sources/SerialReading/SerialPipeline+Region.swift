import Imaging

extension SerialPipeline {
    /// A region believed to hold a serial, with the reads collected for it.
    struct Region {
        /// In the rotated, full-resolution grey image.
        var box: PixelRect
        var rotation: Int
        /// Found after a label.
        var anchored: Bool
        var reads: [SerialVote.Read] = []
        var stage: ReadStage
    }
}
