import CPangoCairo
import Foundation
import Imaging

/// A font request for `Canvas.text`: a fontconfig family, a pixel size and a style.
struct Font: Sendable {
    var family: String
    /// Em size in user-space pixels.
    var px: Double
    var weight: Weight = .regular
    var italic = false
    /// Extra space between letters, in pixels.
    var letterSpacing: Double = 0

    enum Weight: Int32, Sendable {
        case light = 300, regular = 400, medium = 500, semibold = 600, bold = 700
    }

    init(_ family: String, _ px: Double, _ weight: Weight = .regular, italic: Bool = false, letterSpacing: Double = 0) {
        self.family = family; self.px = px; self.weight = weight; self.italic = italic; self.letterSpacing = letterSpacing
    }
}

/// A rectangle in a canvas' user space (or device space, see `Canvas.deviceBox`).
struct Box: Sendable {
    var x: Double, y: Double, width: Double, height: Double
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    /// Whether the two boxes share an area (touching edges do not count).
    func intersects(_ o: Box) -> Bool {
        min(maxX, o.maxX) > max(x, o.x) && min(maxY, o.maxY) > max(y, o.y)
    }
}

/// How `Canvas.text` places a string relative to its anchor point.
enum TextAlign: Sendable { case left, center, right }

/// A Cairo ARGB32 drawing surface with Pango text. Owns its `cairo_surface_t` and `cairo_t`
/// and destroys both in `deinit`; every Pango layout, font description and attribute list
/// made while drawing is released before the call that made it returns.
///
/// Not `Sendable`: Cairo contexts are single-threaded.
final class Canvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    /// One Pango context for every layout of this canvas, with an identity matrix and fixed
    /// font options: Pango caches font sets per (description, matrix), so laying text out at a
    /// fixed reference size under an identity matrix and letting Cairo scale and rotate the
    /// glyphs avoids a fontconfig search for every string (it was 12% of the time).
    private let pango: OpaquePointer
    /// The user-space ink box of the last string `text` drew or measured.
    private(set) var lastInk = Box(x: 0, y: 0, width: 0, height: 0)
    /// Text is laid out at this em size and scaled by Cairo.
    private static let referencePixels = 100.0

    /// Creates a transparent-black canvas of `width × height` pixels.
    init(width: Int, height: Int) throws(SynthesisError) {
        precondition(width > 0 && height > 0, "canvas size must be positive")
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw SynthesisError(.renderFailed, "Cairo could not create a \(width)×\(height) surface")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw SynthesisError(.renderFailed, "Cairo could not create a \(width)×\(height) surface (out of memory?)")
        }
        guard let pango = pango_font_map_create_context(pango_cairo_font_map_get_default()) else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw SynthesisError(.renderFailed, "Pango could not create a context")
        }
        if let options = cairo_font_options_create() {
            // Unhinted metrics: layout at the reference size scales exactly to any size.
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(pango, options)
            cairo_font_options_destroy(options)
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.cr = cr
        self.pango = pango
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pango))
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: State and transforms

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    func withState<R>(_ body: () throws -> R) rethrows -> R {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body()
    }

    func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    func rotate(degrees: Double) { cairo_rotate(cr, degrees * .pi / 180) }
    func scale(_ sx: Double, _ sy: Double) { cairo_scale(cr, sx, sy) }
    /// Multiplies the current transform by the affine matrix (xx, yx, xy, yy, x0, y0).
    func transform(xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        var m = cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
        cairo_transform(cr, &m)
    }

    /// The bounding box, in device pixels, of a user-space box under the current transform.
    func deviceBox(of box: Box) -> Box { bounds(of: box, cairo_user_to_device) }

    /// Where the user-space point `p` lands in device pixels under the current transform.
    func devicePoint(_ p: SIMD2<Double>) -> SIMD2<Double> {
        var x = p.x, y = p.y
        cairo_user_to_device(cr, &x, &y)
        return [x, y]
    }

    /// The bounding box, in user space, of a device-space box under the current transform.
    func userBox(of box: Box) -> Box { bounds(of: box, cairo_device_to_user) }

    /// The bounding box of `box`'s four corners moved by `convert`.
    private func bounds(of box: Box, _ convert: (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void) -> Box {
        var xs: [Double] = [], ys: [Double] = []
        for (px, py) in [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)] {
            var x = px, y = py
            convert(cr, &x, &y)
            xs.append(x); ys.append(y)
        }
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Box(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    // MARK: Paths and fills

    func setColor(_ c: RGB, alpha: Double = 1) { cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha) }
    func setOperator(_ op: BlendMode) { cairo_set_operator(cr, op.cValue) }
    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(cr, x, y, w, h) }
    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
    }
    func closePath() { cairo_close_path(cr) }
    func newPath() { cairo_new_path(cr) }
    func circle(_ cx: Double, _ cy: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, cx, cy, r, 0, 2 * .pi)
    }
    func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
        let r = min(radius, w / 2, h / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 1.5 * .pi)
        cairo_close_path(cr)
    }
    func fill() { cairo_fill(cr) }
    func fillPreserve() { cairo_fill_preserve(cr) }
    func clip() { cairo_clip(cr) }
    func stroke(width: Double) {
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }
    /// Paints the whole clip region with the current source.
    func paint(alpha: Double = 1) { cairo_paint_with_alpha(cr, alpha) }

    /// Fills `rect` (or the whole clip when `nil`) with a solid colour.
    func fill(_ color: RGB, alpha: Double = 1, rect r: Box? = nil) {
        setColor(color, alpha: alpha)
        if let r { rect(r.x, r.y, r.width, r.height); fill() } else { paint() }
    }

    /// A colour stop of a gradient: position in [0, 1], colour, opacity.
    struct Stop { var offset: Double; var color: RGB; var alpha: Double = 1 }

    /// Paints the current clip with a linear gradient from (x0, y0) to (x1, y1).
    func paintLinear(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ stops: [Stop], mode: BlendMode = .over) {
        guard let pattern = cairo_pattern_create_linear(x0, y0, x1, y1) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for s in stops { cairo_pattern_add_color_stop_rgba(pattern, s.offset, s.color.r, s.color.g, s.color.b, s.alpha) }
        withState {
            cairo_set_operator(cr, mode.cValue)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
    }

    /// Paints the current clip with a radial gradient centred on (cx, cy) out to `radius`.
    func paintRadial(_ cx: Double, _ cy: Double, radius: Double, _ stops: [Stop], mode: BlendMode = .over) {
        guard let pattern = cairo_pattern_create_radial(cx, cy, 0, cx, cy, max(1, radius)) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for s in stops { cairo_pattern_add_color_stop_rgba(pattern, s.offset, s.color.r, s.color.g, s.color.b, s.alpha) }
        withState {
            cairo_set_operator(cr, mode.cValue)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
    }

    /// Paints `tile` repeated over the current clip, its origin at (ox, oy), scaled by
    /// (sx, sy), blended with `mode` at opacity `alpha`. Nearest-neighbour sampling by default:
    /// textures are noise anyway, and bilinear sampling under a rotation is pixman's slow path.
    func paintTile(_ tile: Tile, originX ox: Double, originY oy: Double, scaleX sx: Double = 1, scaleY sy: Double = 1,
                   rotationDegrees: Double = 0, alpha: Double, mode: BlendMode = .over, repeats: Bool = true, smooth: Bool = false) {
        guard let pattern = cairo_pattern_create_for_surface(tile.surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, repeats ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_NONE)
        cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_FAST)
        // The pattern matrix maps user space to pattern space: the inverse of place-and-scale.
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, 1 / sx, 1 / sy)
        cairo_matrix_rotate(&m, -rotationDegrees * .pi / 180)
        cairo_matrix_translate(&m, -ox, -oy)
        cairo_pattern_set_matrix(pattern, &m)
        withState {
            cairo_set_operator(cr, mode.cValue)
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
        }
    }

    // MARK: Text

    /// Draws `string` with its top-left (or top-centre / top-right per `align`) at (x, y) and
    /// returns its logical box in user space. Pango shapes the text, so Arabic is joined and laid
    /// out right to left.
    ///
    /// With `baseline: true`, `y` is the first line's baseline instead of its top: rows placed by
    /// baseline keep their pitch even when a fallback font (e.g. for `⎓`) makes one row's layout
    /// taller. The ink box of what was drawn (or measured) is left in `lastInk`.
    @discardableResult
    func text(_ string: String, _ font: Font, x: Double, y: Double, color: RGB, alpha: Double = 1,
              align: TextAlign = .left, baseline: Bool = false, draw: Bool = true) -> Box {
        let k = font.px / Self.referencePixels
        return withLayout(string, font) { layout in
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            let scale = Double(PANGO_SCALE)
            let w = Double(logical.width) / scale * k, h = Double(logical.height) / scale * k
            let left: Double
            switch align {
            case .left: left = x
            case .center: left = x - w / 2
            case .right: left = x - w
            }
            let top = baseline ? y - Double(pango_layout_get_baseline(layout)) / scale * k : y
            lastInk = Box(x: left + Double(ink.x) / scale * k, y: top + Double(ink.y) / scale * k,
                          width: Double(ink.width) / scale * k, height: Double(ink.height) / scale * k)
            if draw {
                cairo_save(cr)
                cairo_translate(cr, left, top)
                cairo_scale(cr, k, k)
                cairo_move_to(cr, 0, 0)
                setColor(color, alpha: alpha)
                pango_cairo_show_layout(cr, layout)
                cairo_new_path(cr)
                cairo_restore(cr)
            }
            return Box(x: left, y: top, width: w, height: h)
        }
    }

    /// The logical size of `string` in `font`, without drawing it.
    func measure(_ string: String, _ font: Font) -> Box {
        text(string, font, x: 0, y: 0, color: .black, draw: false)
    }

    /// The height of a capital letter in `font`, in pixels (for "glyphs N px tall" targets).
    func capHeight(_ font: Font) -> Double {
        withLayout("H", font) { layout in
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            return Double(ink.height) / Double(PANGO_SCALE) * font.px / Self.referencePixels
        }
    }

    /// Lays `string` out at the reference size (letter spacing scaled to match).
    private func withLayout<R>(_ string: String, _ font: Font, _ body: (OpaquePointer) -> R) -> R {
        guard let layout = pango_layout_new(pango) else { preconditionFailure("Pango could not create a layout (out of memory)") }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let desc = pango_font_description_new()
        defer { pango_font_description_free(desc) }
        pango_font_description_set_family(desc, font.family)
        pango_font_description_set_absolute_size(desc, Self.referencePixels * Double(PANGO_SCALE))
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(font.weight.rawValue)))
        if font.italic { pango_font_description_set_style(desc, PANGO_STYLE_ITALIC) }
        pango_layout_set_font_description(layout, desc)
        if font.letterSpacing != 0, let attrs = pango_attr_list_new() {
            defer { pango_attr_list_unref(attrs) }
            let spacing = font.letterSpacing * Self.referencePixels / max(0.01, font.px)
            pango_attr_list_insert(attrs, pango_attr_letter_spacing_new(Int32(spacing * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attrs)
        }
        pango_layout_set_text(layout, string, -1)
        return body(layout)
    }

    // MARK: Output

    /// The pixels as a 32-bit RGB `Image` (alpha dropped; the canvas should be opaque).
    func image() throws(SynthesisError) -> Image {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw SynthesisError(.renderFailed, "Cairo surface has no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let buffer = UnsafeBufferPointer(start: UnsafePointer(data), count: stride * height)
        do {
            return try Image(rgbaBytes: buffer, width: width, height: height, stride: stride, bgra: true)
        } catch {
            throw SynthesisError(.imagingFailed, error.message)
        }
    }

    /// Runs `body` on the raw little-endian ARGB32 pixels (for per-pixel effects such as noise).
    func withPixels(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) -> Void) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        body(data, Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }

    /// Encodes the canvas as PNG. The corresponding C function is `cairo_surface_write_to_png_stream`.
    func pngData() throws(SynthesisError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SynthesisError(.renderFailed, "Cairo could not encode PNG (status \(status.rawValue))")
        }
        return sink.data
    }

    /// Paints `other` stretched over this whole canvas (bilinear): used to apply smooth lighting
    /// computed on a small canvas, far cheaper than full-resolution gradients.
    func paintStretched(_ other: Canvas) {
        cairo_surface_flush(other.surface)
        guard let pattern = cairo_pattern_create_for_surface(other.surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, Double(other.width) / Double(width), Double(other.height) / Double(height))
        cairo_pattern_set_matrix(pattern, &m)
        withState {
            cairo_identity_matrix(cr)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
    }

    /// Draws `tile` with its top-left at (x, y) scaled by `scale`.
    func draw(_ tile: Tile, x: Double, y: Double, scale s: Double) {
        withState {
            cairo_translate(cr, x, y)
            cairo_scale(cr, s, s)
            cairo_set_source_surface(cr, tile.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
    }
}

/// Cairo compositing operators used by the scenes (only those with fast pixman paths).
enum BlendMode: Sendable {
    case over, add
    var cValue: cairo_operator_t {
        switch self {
        case .over: CAIRO_OPERATOR_OVER
        case .add: CAIRO_OPERATOR_ADD
        }
    }
}
