import Foundation
import CTesseract

extension Image {
    /// Blurred along a straight line: the camera moved `length` pixels in direction
    /// `angleDegrees` (0 = left to right, 90 = top to bottom) while the shutter was open. Each
    /// pixel is the mean of `length` samples one pixel apart on a segment centred on it (nearest
    /// pixel, edges clamped), so the blur's standard deviation along the motion is about
    /// `length / √12`. 32-bit and 8-bit images keep their depth; others are converted to 32 bits.
    ///
    /// Leptonica has no directional blur (`pixConvolve` with a line kernel visits every element
    /// of the kernel's square, ten times the work); this sums the shifted rows of the `PIX` data
    /// directly, two colour channels per 32-bit add.
    public func motionBlurred(length: Int, angleDegrees: Double) throws(ImagingError) -> Image {
        precondition(length >= 0, "motion blur length must not be negative")
        if length <= 1 { return try copy() }
        let source = depth == 8 || depth == 32 ? self
            : try Image.wrap(withUnsafePix { pixConvertTo32($0) }, "convert to 32 bits for a motion blur")
        let taps = Self.motionTaps(length: length, angleDegrees: angleDegrees)
        // Every 32-bit word is written below, so it need not be zeroed first; 8-bit rows are
        // written byte by byte and keep zeroed padding.
        let is32 = source.depth == 32
        let out = try Image.wrap(source.withUnsafePix { is32 ? pixCreateTemplateNoInit($0) : pixCreateTemplate($0) },
                                 "allocate a motion-blurred copy")
        let w = width, h = height
        let (src, dst, wpl) = source.withUnsafePix { s in
            out.withUnsafePix { d in (pixGetData(s), pixGetData(d), Int(pixGetWpl(s))) }
        }
        guard let src, let dst else { throw ImagingError(.operationFailed, "Leptonica image has no pixel data") }
        withExtendedLifetime((source, out)) {
            if is32 {
                Self.blur32(src, dst, width: w, height: h, wordsPerLine: wpl, taps: taps)
            } else {
                Self.blur8(src, dst, width: w, height: h, wordsPerLine: wpl, taps: taps)
            }
        }
        return out
    }

    /// The pixel offsets of a motion of `length` samples one pixel apart along `angleDegrees`,
    /// centred on (0, 0) (rounded to the nearest pixel; repeats keep their weight).
    static func motionTaps(length: Int, angleDegrees: Double) -> [(dx: Int, dy: Int)] {
        let a = angleDegrees * .pi / 180
        let c = cos(a), s = sin(a)
        return (0..<length).map { k in
            let t = Double(k) - Double(length - 1) / 2
            return (Int((t * c + 0.5).rounded(.down)), Int((t * s + 0.5).rounded(.down)))
        }
    }

    /// The 32-bit case: Leptonica's 0xRRGGBBAA words, summed as two pairs of 16-bit lanes
    /// (R and B, G and A), which cannot overflow for fewer than 257 samples.
    private static func blur32(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, width w: Int, height h: Int,
                               wordsPerLine wpl: Int, taps: [(dx: Int, dy: Int)]) {
        let n = UInt32(taps.count)
        let reciprocal = (65536 + n / 2) / n
        let maxDX = taps.map { abs($0.dx) }.max() ?? 0
        var rows = [UnsafeMutablePointer<UInt32>](repeating: src, count: taps.count)
        rows.withUnsafeMutableBufferPointer { rows in
            for y in 0..<h {
                for (k, t) in taps.enumerated() { rows[k] = src + min(h - 1, max(0, y + t.dy)) * wpl + t.dx }
                let out = dst + y * wpl
                func blend(_ x: Int, clamped: Bool) {
                    var rb: UInt32 = 0, ga: UInt32 = 0
                    for k in 0..<rows.count {
                        let v: UInt32
                        if clamped {
                            let sx = min(w - 1, max(0, x + taps[k].dx))
                            v = (rows[k] - taps[k].dx)[sx]
                        } else {
                            v = rows[k][x]
                        }
                        rb &+= (v >> 8) & 0x00FF_00FF
                        ga &+= v & 0x00FF_00FF
                    }
                    let r = ((rb >> 16) &* reciprocal &+ 32768) >> 16, b = ((rb & 0xFFFF) &* reciprocal &+ 32768) >> 16
                    let g = ((ga >> 16) &* reciprocal &+ 32768) >> 16
                    out[x] = (min(r, 255) << 24) | (min(g, 255) << 16) | (min(b, 255) << 8)
                }
                let inner = maxDX..<max(maxDX, w - maxDX)
                for x in 0..<min(w, maxDX) { blend(x, clamped: true) }
                for x in inner { blend(x, clamped: false) }
                for x in max(inner.upperBound, min(w, maxDX))..<w { blend(x, clamped: true) }
            }
        }
    }

    /// The 8-bit case: four pixels per word, the first in the high byte.
    private static func blur8(_ src: UnsafeMutablePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, width w: Int, height h: Int,
                              wordsPerLine wpl: Int, taps: [(dx: Int, dy: Int)]) {
        let n = taps.count
        func byte(_ line: UnsafeMutablePointer<UInt32>, _ x: Int) -> Int {
            Int(truncatingIfNeeded: line[x >> 2] >> UInt32(24 - 8 * (x & 3)))
        }
        for y in 0..<h {
            let lines = taps.map { src + min(h - 1, max(0, y + $0.dy)) * wpl }
            let out = dst + y * wpl
            for x in 0..<w {
                var sum = 0
                for k in 0..<n { sum += byte(lines[k], min(w - 1, max(0, x + taps[k].dx))) & 0xFF }
                let v = UInt32((sum + n / 2) / n)
                let shift = UInt32(24 - 8 * (x & 3))
                out[x >> 2] = (out[x >> 2] & ~(0xFF << shift)) | (v << shift)
            }
        }
    }
}
