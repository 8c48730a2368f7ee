import CPangoCairo
import Foundation

/// A small ARGB32 Cairo surface made from pixels computed in Swift (textures, noise) or decoded
/// from PNG. Owns its `cairo_surface_t` and destroys it in `deinit`.
final class Tile {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    /// Builds a premultiplied ARGB32 tile; `pixel(x, y)` returns (grey 0–255, alpha 0–255).
    init(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8)) throws(SynthesisError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw SynthesisError(.renderFailed, "Cairo could not create a \(width)×\(height) tile")
        }
        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) {
            let stride = Int(cairo_image_surface_get_stride(surface))
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let (v, a) = pixel(x, y)
                    let p = UInt8((UInt16(v) * UInt16(a) + 127) / 255)
                    row[4 * x] = p; row[4 * x + 1] = p; row[4 * x + 2] = p; row[4 * x + 3] = a
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        self.surface = surface
        self.width = width
        self.height = height
    }

    /// Decodes PNG bytes. The corresponding C function is `cairo_image_surface_create_from_png_stream`.
    init(pngData: Data) throws(SynthesisError) {
        final class Source { let data: Data; var offset = 0; init(_ d: Data) { data = d } }
        let source = Source(pngData)
        let surface = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
            let src = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            let n = Int(length)
            guard src.offset + n <= src.data.count else { return CAIRO_STATUS_READ_ERROR }
            src.data.copyBytes(to: buffer, from: src.offset..<(src.offset + n))
            src.offset += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())
        guard let surface else { throw SynthesisError(.readFailed, "Cairo could not decode PNG data") }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw SynthesisError(.readFailed, "Cairo could not decode PNG data")
        }
        self.surface = surface
        self.width = Int(cairo_image_surface_get_width(surface))
        self.height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }
}
