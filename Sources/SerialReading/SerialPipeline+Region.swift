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
        /// Its glyphs touch the photo's edge (`LineToken.touchesEdge`): the frame may have cut
        /// them, and reads of a cut glyph agree on its wrong letter (a bottom-cut `6P` read `AB`
        /// by every crop), so its reads agreeing is no proof.
        var cut = false
    }
}
