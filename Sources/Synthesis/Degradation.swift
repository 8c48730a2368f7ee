import Foundation

/// The camera and compression effects applied to one image, drawn from the image's seed and
/// written to `labels.csv` so failures can be sliced by cause.
public struct Degradation: Hashable, Sendable {
    /// Quarter turns clockwise applied last (0–3): photos taken sideways.
    public var quarterTurns = 0
    /// In-plane tilt of the scene, degrees.
    public var tiltDegrees = 0.0
    /// Keystone strength of a true projective warp: how far (as a fraction of the image side)
    /// the corners of the perspective quad move inwards; 0 = none (the shear still applies).
    public var perspective = 0.0
    /// Horizontal and vertical shear of the scene (the affine part of an oblique view).
    public var shearX = 0.0, shearY = 0.0
    /// Zoom of the scene relative to its nominal layout (1 = nominal).
    public var scale = 1.0
    /// Defocus: half-width in pixels of the box filter applied twice (0 = sharp).
    public var blur = 0
    /// Standard deviation of additive sensor noise, in grey levels.
    public var noise = 0.0
    /// Overall exposure multiplier (1 = nominal; < 1 darker).
    public var exposure = 1.0
    /// Strength of a specular highlight / glare spot, 0–1.
    public var glare = 0.0
    /// JPEG quality of the written file.
    public var jpegQuality = 85
    /// The phone's tone mapping: how far the 1st–99th percentile luma range is stretched
    /// towards 8…247 (0 = none, 1 = fully).
    public var toneStretch = 0.0
    /// The phone's sharpening: unsharp-mask amount at radius 1 (0 = none).
    public var sharpen = 0.0
    /// Motion blur: how many pixels the camera moved while the shutter was open (0 = none).
    public var motionBlur = 0
    /// Direction of that motion, degrees (0 = left to right, 90 = top to bottom).
    public var motionAngle = 0.0
    /// Darkness (0–1) of the soft shadow a hand or the phone casts across the page (0 = none).
    public var shadow = 0.0
    /// The perspective looks at the surface from a corner (both pairs of sides converge), as a
    /// phone held over a page does, instead of one side receding.
    public var obliqueView = false

    /// No degradation at all: the "clean" render used to check that labels are drawn.
    public static let none = Degradation()

    /// Names of the CSV columns written by `csvFields`, in order.
    public static let csvHeader = ["quarter_turns", "tilt_deg", "perspective", "shear_x", "shear_y", "scale", "blur_px", "noise_sigma",
                                   "exposure", "glare", "jpeg_quality", "tone_stretch", "sharpen", "motion_px", "motion_deg", "shadow"]

    /// The values for `csvHeader`, formatted with fixed decimals (locale-independent).
    public var csvFields: [String] {
        [String(quarterTurns), Self.fixed(tiltDegrees, 2), Self.fixed(perspective, 3), Self.fixed(shearX, 3), Self.fixed(shearY, 3),
         Self.fixed(scale, 3), String(blur),
         Self.fixed(noise, 2), Self.fixed(exposure, 3), Self.fixed(glare, 3), String(jpegQuality),
         Self.fixed(toneStretch, 2), Self.fixed(sharpen, 2), String(motionBlur), Self.fixed(motionAngle, 1), Self.fixed(shadow, 3)]
    }

    static func fixed(_ v: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), v == 0 ? 0 : v)
    }

    /// Draws a degradation typical of a phone photo of `kind`. `harsh` draws the heavy,
    /// unreadable end (for documents that must be refused as unreadable).
    static func draw(for kind: SceneKind, harsh: Bool = false, using rng: inout SplitMix64) -> Degradation {
        var d = Degradation()
        switch kind {
        case .etched, .sticker:
            let r = rng.unit()
            d.quarterTurns = r < 0.12 ? 1 : (r < 0.2 ? 3 : (r < 0.22 ? 2 : 0))
            d.tiltDegrees = rng.uniform(-5, 5)
            d.perspective = rng.chance(0.3) ? rng.uniform(0.02, 0.07) : 0
            d.scale = rng.uniform(0.85, 1.25)
        case .screen:
            let r = rng.unit()
            d.quarterTurns = r < 0.06 ? 1 : (r < 0.1 ? 3 : 0)
            d.tiltDegrees = rng.uniform(-4, 4)
            d.perspective = rng.chance(0.35) ? rng.uniform(0.02, 0.08) : 0
            d.scale = rng.uniform(0.8, 1.1)
        case .document:
            d.quarterTurns = rng.chance(0.04) ? 1 : 0
            d.tiltDegrees = rng.uniform(-4, 4)
            d.perspective = rng.chance(0.3) ? rng.uniform(0.02, 0.06) : 0
            d.scale = rng.uniform(0.86, 1.0)
        }
        d.shearX = rng.uniform(-0.06, 0.06)
        d.shearY = rng.uniform(-0.03, 0.03)
        let b = rng.unit()
        d.blur = b < 0.55 ? 0 : (b < 0.88 ? 1 : 2)
        d.noise = rng.uniform(0.8, 3.5)
        d.exposure = rng.uniform(0.7, 1.12)
        d.glare = rng.chance(0.45) ? rng.uniform(0.1, 0.55) : 0
        d.jpegQuality = rng.int(55...85)
        // Every phone processes its photos; screens and documents a little less than metal.
        d.toneStretch = kind == .etched ? rng.uniform(0.1, 0.6) : rng.uniform(0, 0.4)
        d.sharpen = rng.uniform(0.1, 0.5)
        if harsh {
            // One dominant cause, so a reader can tell why the document was unreadable.
            switch rng.int(0...2) {
            case 0: d.blur = rng.int(6...9)
            case 1: d.exposure = rng.uniform(0.1, 0.2); d.noise = rng.uniform(10, 16); d.blur = 3
            default: d.scale = rng.uniform(0.16, 0.22); d.blur = 2; d.jpegQuality = rng.int(25...40)
            }
        }
        return d
    }
}

/// Which family of photograph a scene belongs to; selects degradation ranges.
enum SceneKind: Sendable {
    case etched, screen, sticker, document
}
