/// Where the important text of a scene ended up, for labels and tests.
struct SceneMarks {
    /// The box of the labelled text (serial or permit number) in canvas device pixels, before
    /// any perspective warp or quarter turn; `nil` when the scene shows none.
    var keyBox: Box?
    /// Cap height of the labelled text in device pixels (0 when none).
    var glyphPixels = 0.0
    /// What the labelled text is written in (a serial's capitals and digits, or a permit
    /// number's digits): how much blur it stands depends on it (`RenderFacts.Bound`).
    var alphabet = RenderFacts.Alphabet.serial
    /// A short name of the scene variant, e.g. `etched+sticker`.
    var variant: String
    /// Interference stripes to add where a screen was photographed (applied per pixel with the
    /// sensor noise: far cheaper than drawing hundreds of thin rotated stripes).
    var moire: Moire? = nil
    /// The font families of the serial's text (the etched block's, then a sticker's), for the
    /// labels' `font` column: failures sliced by font, training data kept out of held-out fonts.
    var fonts: [String] = []
    /// The ink boxes, in the scene's own user space (before the photographer's tilt, zoom and
    /// warp), of the text rows around the labelled text — the regulatory block, the About
    /// table, the label's lines, the permit's lines — in drawing order. Tests check that no two
    /// of them overlap, as on every real case, screen, label and permit.
    var rows: [Box] = []
    /// Share of the labelled text hidden by something the scene drew over it (a finger, a
    /// stamp's solid ink), 0–1. The photographer adds what falls outside the frame.
    var occlusion = 0.0
    /// Other places the same labelled text is shown (the inventory sticker's `Sl.#` line on an
    /// etched case): the image is legible when any sighting is.
    var otherSightings: [Sighting] = []
    /// The sheet of paper's corners in canvas device pixels (top-left, top-right, bottom-right,
    /// bottom-left of the page), before any perspective warp or quarter turn; empty when the
    /// scene is not a sheet on a table. Tests measure page finding against them.
    var pageCorners: [SIMD2<Double>] = []
}

/// One more place where a scene shows its labelled text.
struct Sighting {
    /// What shows it, for labels.csv (`sticker`).
    var name: String
    /// Its box in canvas device pixels (as `SceneMarks.keyBox`).
    var keyBox: Box
    /// Cap height in device pixels at the scene's nominal zoom.
    var glyphPixels: Double
    /// Share of it hidden by something the scene drew over it.
    var occlusion = 0.0
}

/// Moiré stripes over a device-space region: a sinusoid of `period` pixels at `angleDegrees`.
struct Moire {
    var region: Box
    var angleDegrees: Double
    var period: Double
    /// Peak amplitude in grey levels.
    var amplitude: Double
}

/// Something that can be drawn into a canvas of the nominal size: a MacBook bottom case, an
/// iPhone screen, a permit on a table. Scenes hold only their content (drawn from the scene
/// stream of the image's seed); camera effects are applied by `Photographer`.
protocol Scene {
    /// The family of photograph, which selects degradation ranges.
    var kind: SceneKind { get }
    /// Draws the scene covering at least the canvas, in a user space of `width × height`
    /// (the photographer may have tilted or zoomed it: cover generously beyond the edges).
    func draw(on canvas: Canvas, width: Double, height: Double, textures: TextureSet) -> SceneMarks
}
