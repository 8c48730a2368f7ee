import Foundation
import Imaging
import ReadingCore

extension PermitPipeline {
    /// A hand-held photo's camera shake, undone before anything is read: a move of 3–4 px
    /// smears a permit number of 8–12 px glyphs past what Tesseract reads (of the legible
    /// phone permits of development seeds 104211 and 104311 read by the pipeline before this,
    /// those shaken 3–4 px with glyphs under 11 px were read 55–73 % exactly, those shaken less
    /// 90–100 %).
    ///
    /// The shake is measured on the photo (`Image.cameraShake`); the photo is deconvolved when
    /// its edges across one direction are clearly wider than along it (`shakeSmear`) while
    /// those along it are sharp (`shakeSharpWidth`): a defocused photo's edges are wide every
    /// way, and its thin strokes' widths differ by direction for reasons other than a move.
    /// Of the 260 flat and 260 phone captures of development seed 104311 (measured by a first
    /// version of this measure), no phone capture held still or shaken under 3 px and no flat
    /// one passes both; 62 of the 64 shaken 3–4 px and otherwise in focus do, 31 of the 62
    /// also defocused by 1 px. No answer changed on the 260 flat captures of fresh seed 104511.
    static let shakeSmear = 0.45...1.2
    /// See `shakeSmear`: the widest an edge along the move may be, in pixels of the photo.
    static let shakeSharpWidth = 2.9

    /// How a shaken photo is deconvolved (`Image.unshaken`): a move of `length` pixels in the
    /// measured direction, `iterations` Richardson–Lucy steps. The measure gives the direction
    /// (within 5–15°), not the length (a move of 3 px and of 4 px smear alike). Legible phone
    /// permits read exactly of development seeds 104311, 104211 and 104411 (180 + 182 + 182),
    /// as shot 146 + 161 + 158: a move of 3 px, 10 steps 149 + 164 + —; 3.5 px 149 + 163 + 162,
    /// 20 steps 150 + 164 + —; 4 px 146 + 166 + 158. Only 4 px answered no wrong number at
    /// `high` (3.5 px two: `2020-9479` for `2020-9470`, `00234` for `60234`), and it took away
    /// the one answered as shot (104411 #13, `8228/2016` for `8328/2016`).
    static let unshake = (length: 4.0, iterations: 10)

    /// The longest side of a photo whose shake is measured and undone: the size the page is
    /// read at (`pageSide`; the apps send at most 1,920 px). The gate's widths were measured on
    /// photos of 1,100–1,600 px, and a larger photo costs more than it can give back — the
    /// measure alone took 825 ms on a photo of 4,232 × 5,644 px (a phone capture enlarged 4×),
    /// and the page is read at 2,000 px whatever the photo's size. A larger photo is read as shot.
    static let shakeLongestSide = Int(pageSide)

    /// Whether `photo`'s camera shake is measured (`undoesShake`, and no larger than
    /// `shakeLongestSide`).
    func measuresShake(of photo: Image) -> Bool {
        undoesShake && max(photo.width, photo.height) <= Self.shakeLongestSide
    }

    /// Whether `shake` is a move worth undoing (`shakeSmear`, `shakeSharpWidth`).
    static func undoes(_ shake: CameraShake) -> Bool {
        shakeSmear.contains(shake.smear) && shake.width <= shakeSharpWidth
    }

    /// `photo`, its camera shake undone when it is measured (`measuresShake`) and shows one
    /// (`undoes`), timed on `clock`; `undone`: whether it was.
    func unshaken(_ photo: Image, clock: inout StageClock) throws -> (image: Image, undone: Bool) {
        guard measuresShake(of: photo) else { return (photo, false) }
        let shake = try clock.time("photo:shake") { try photo.cameraShake() }
        guard let shake, Self.undoes(shake) else { return (photo, false) }
        traceSink?(String(format: "camera shake undone: a move at %.1f° (edges %.2f px wider across it, %.2f px wide along it)",
                          shake.angleDegrees, shake.smear, shake.width))
        let image = try clock.time("photo:unshake") {
            try photo.unshaken(shake, length: Self.unshake.length, iterations: Self.unshake.iterations)
        }
        debugSink?("unshaken", image)
        return (image, true)
    }
}
