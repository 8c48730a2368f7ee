import Foundation

/// Textures shared by every image of a run: brushed metal, paper fibre, wood grain.
/// They are computed once from a fixed seed (so they never depend on the run's seed) and each
/// image shows a different part of them through a random offset and scale.
///
/// Each texture is black with a varying alpha (its darkness), painted with plain OVER: pixman
/// has fast paths for that, whereas blend modes such as soft-light run a per-pixel float path
/// that made a 1600×900 image ten times slower.
final class TextureSet {
    /// Horizontal streaks of brushed aluminium.
    let brushed: Tile
    /// Fine paper fibre.
    let paper: Tile
    /// Wood grain bands for table tops.
    let wood: Tile

    /// Builds the textures (about 10 ms in a release build).
    init() throws(SynthesisError) {
        var rng = SplitMix64(seed: 0x5CA7_BE7C_4001)
        // Brushed metal: a random level per row plus fine per-pixel jitter, later stretched
        // horizontally so the jitter becomes streaks.
        let bw = 1024, bh = 256
        var rows = (0..<bh).map { _ in rng.gaussian() }
        for _ in 0..<2 { rows = rows.indices.map { (rows[$0] * 2 + rows[($0 + 1) % bh] + rows[($0 + bh - 1) % bh]) / 4 } }
        var jitter = [UInt8](repeating: 0, count: bw * bh)
        for i in jitter.indices { jitter[i] = UInt8(truncatingIfNeeded: rng.next()) }
        brushed = try Tile(width: bw, height: bh) { x, y in
            let v = 128 + rows[y] * 38 + (Double(jitter[y * bw + x]) - 127.5) * 0.12
            return Self.darkness(v)
        }
        let pw = 256
        var fibre = [Double](repeating: 0, count: pw * pw)
        for i in fibre.indices { fibre[i] = rng.gaussian() }
        paper = try Tile(width: pw, height: pw) { x, y in
            let n = fibre[y * pw + x] * 0.6 + fibre[y * pw + (x + 1) % pw] * 0.4
            return Self.darkness(128 + n * 9)
        }
        let ww = 1024, wh = 256
        let phase = (0..<wh).map { _ in rng.uniform(-0.3, 0.3) }
        wood = try Tile(width: ww, height: wh) { x, y in
            let fx = Double(x), fy = Double(y)
            let band = sin(fy * 0.09 + 2.2 * sin(fx * 0.006 + fy * 0.013) + phase[y] * 0.2)
            let v = 128 + 34 * band + 10 * sin(fy * 0.41 + fx * 0.002) + phase[y] * 14
            return Self.darkness(v)
        }
    }

    /// A grey level around 128 as black with alpha: darker grey → more opaque.
    private static func darkness(_ v: Double) -> (UInt8, UInt8) {
        (0, UInt8(max(0, min(255, 255 - v))))
    }
}
