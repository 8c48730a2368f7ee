import Foundation

/// How a phone photographs a document lying on a table, as opposed to the flat, scan-like
/// capture: the page seen at an angle (a true projective view from a corner), smaller in the
/// frame so the table shows around it, a soft shadow of the hand or the phone across it, a
/// little camera shake, and a photo of 1,100–1,600 px on its long side (at the default size).
///
/// Every condition is drawn from the image's capture stream (so choosing the capture never
/// changes a document's content) and lands in labels.csv: `scale`, `tilt_deg`, `perspective`,
/// `motion_px`, `motion_deg`, `shadow`, and the image's own size.
enum PhoneCapture {
    /// The photo's long side when the generator's size is the documents' default (1080 × 1440);
    /// other requested sizes scale the same way.
    static let longSide = 1100.0...1600.0

    /// The size of a phone photo for a generator asked for `requested` (same aspect ratio), and
    /// where its long side falls in `longSide` (0 = smallest, 1 = largest).
    static func size(for requested: (width: Int, height: Int), using rng: inout SplitMix64) -> (width: Int, height: Int, share: Double) {
        let share = rng.unit()
        let k = (longSide.lowerBound + share * (longSide.upperBound - longSide.lowerBound)) / Double(DatasetKind.permit.defaultSize.height)
        return (max(64, Int((Double(requested.width) * k).rounded())), max(64, Int((Double(requested.height) * k).rounded())), share)
    }

    /// Turns a flat capture's degradation `d` into a phone photo's, for a photo whose long side
    /// is `share` of the way from the smallest to the largest of `longSide`. `harsh` keeps the
    /// unreadable end's defocus.
    static func apply(to d: inout Degradation, share: Double, harsh: Bool, using rng: inout SplitMix64) {
        d.perspective = rng.uniform(0.05, 0.12)
        d.obliqueView = true
        // The page fills about 45–75% of the frame's width instead of ~85%; the warp enlarges
        // the page by about 1 + perspective, taken back here. Small photos are framed tighter
        // (nobody photographs a permit at 1,100 px from afar).
        let fill = rng.uniform(0.8 - 0.16 * share, 0.86)
        d.scale *= fill * (1 - d.perspective)
        d.tiltDegrees = rng.uniform(-7, 7)
        d.shadow = rng.chance(0.65) ? rng.uniform(0.15, 0.45) : 0
        // A hand-held shot shakes a little; a phone's autofocus rarely misses a page held still.
        d.motionBlur = rng.chance(0.8) ? rng.int(2...4) : 0
        let angle = rng.uniform(0, 180)
        d.motionAngle = d.motionBlur > 1 ? angle : 0
        if !harsh { d.blur = min(d.blur, 1) }
    }

    /// A source quad inside a `w × h` image whose warp onto the whole frame looks at the surface
    /// from a corner: the corners on the side of a random direction move inwards by up to
    /// `strength` of the image, those opposite hardly move, so both pairs of sides converge.
    static func obliqueQuad(width w: Double, height h: Double, strength: Double, fx: inout SplitMix64) -> [SIMD2<Double>] {
        let direction = fx.uniform(0, 2 * .pi)
        let u = SIMD2(cos(direction), sin(direction))
        let corners: [SIMD2<Double>] = [[-1, -1], [1, -1], [1, 1], [-1, 1]]
        return corners.map { c in
            // 0 for the corner opposite the direction, 1 for the corner it points to.
            let near = ((c * u).sum() / 2.squareRoot() + 1) / 2
            let inward = strength * near * fx.uniform(0.75, 1.25) + fx.uniform(0, 0.01)
            let p = c * (1 - 2 * inward)
            return [(p.x + 1) / 2 * w, (p.y + 1) / 2 * h]
        }
    }

    /// Darkens `layer` (the photographer's smooth lighting layer, in the photo's `w × h` user
    /// space) with a soft shadow of darkness `depth`: a blurred band across the page (an arm,
    /// the phone's body) or a blob reaching in from an edge (a hand).
    static func castShadow(on layer: Canvas, width w: Double, height h: Double, depth: Double, fx: inout SplitMix64) {
        if fx.chance(0.5) {
            let a = fx.uniform(0, .pi), half = fx.uniform(0.12, 0.3) * max(w, h)
            let cx = w * fx.uniform(0.2, 0.8), cy = h * fx.uniform(0.2, 0.8)
            let nx = -sin(a), ny = cos(a)
            let edge = fx.uniform(0.25, 0.45)
            layer.paintLinear(cx - nx * half, cy - ny * half, cx + nx * half, cy + ny * half, [
                .init(offset: 0, color: .black, alpha: 0), .init(offset: edge, color: .black, alpha: depth),
                .init(offset: 1 - edge, color: .black, alpha: depth), .init(offset: 1, color: .black, alpha: 0),
            ])
        } else {
            // Centred just outside one edge, so the hand's shadow reaches in from there.
            let side = fx.int(0...3)
            let along = fx.uniform(0.15, 0.85)
            let (cx, cy) = side == 0 ? (along * w, -0.05 * h) : side == 1 ? (1.05 * w, along * h)
                : side == 2 ? (along * w, 1.05 * h) : (-0.05 * w, along * h)
            let rx = fx.uniform(0.25, 0.45) * w, ry = fx.uniform(0.2, 0.4) * h
            layer.withState {
                layer.translate(cx, cy)
                layer.rotate(degrees: fx.uniform(-30, 30))
                layer.scale(rx, ry)
                layer.paintRadial(0, 0, radius: 1, [.init(offset: 0, color: .black, alpha: depth),
                                                    .init(offset: 0.55, color: .black, alpha: depth * 0.8),
                                                    .init(offset: 1, color: .black, alpha: 0)])
            }
        }
    }
}

extension DatasetGenerator.Plan {
    /// Makes this document's photo a phone's: the degradation's phone conditions and the photo's
    /// size, for a generator asked for `requested`.
    mutating func photographByPhone(requested: (width: Int, height: Int), using rng: inout SplitMix64) {
        capture = .phone
        let photo = PhoneCapture.size(for: requested, using: &rng)
        size = (photo.width, photo.height)
        PhoneCapture.apply(to: &degradation, share: photo.share, harsh: documentKind == "unreadable", using: &rng)
    }
}
