import CTesseract
import Foundation

/// File formats recognised from their first bytes.
public enum ImageFormat: String, Sendable, Codable {
    case png, jpeg, tiff, bmp, webp, gif, heif, pnm, unknown

    /// Sniffs the format from the file's magic number.
    public static func sniff(_ data: Data) -> ImageFormat {
        let b = [UInt8](data.prefix(16))
        func starts(_ p: [UInt8], at o: Int = 0) -> Bool {
            b.count >= o + p.count && Array(b[o..<(o + p.count)]) == p
        }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x42, 0x4D]) { return .bmp }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF8".utf8)) { return .gif }
        // Netpbm (P1–P6, what `uncompressedData()` writes for grey): a `P`, the variant's digit, then white space.
        if b.count >= 3, b[0] == 0x50, (0x31...0x36).contains(b[1]), [0x20, 0x0A, 0x0D, 0x09].contains(b[2]) { return .pnm }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: b.count >= 12 ? b[8..<12] : [], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif"].contains(brand) { return .heif }
        }
        return .unknown
    }
}

extension Image {
    /// The default pixel cap: 50 megapixels.
    public static let defaultMaxPixels = 50_000_000

    /// Decodes an image from memory. The header is checked first so that an oversized image is
    /// refused before its pixels are allocated.
    /// The corresponding C functions are `pixReadHeaderMem` and `pixReadMem`.
    public convenience init(data: Data, maxPixels: Int = Image.defaultMaxPixels) throws(ImagingError) {
        if data.isEmpty { throw ImagingError(.emptyFile, "the file is empty (0 bytes)") }
        let format = ImageFormat.sniff(data)
        switch format {
        case .heif:
            throw ImagingError(.unsupportedFormat, "HEIC/HEIF images cannot be decoded by Leptonica; convert to JPEG or PNG")
        case .unknown:
            throw ImagingError(.unreadableImage, "not a recognised image format (first bytes: \(data.prefix(8).map { String(format: "%02x", $0) }.joined()))")
        default: break
        }
        var w: Int32 = 0, h: Int32 = 0
        var header: Int32 = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return 1 }
            return pixReadHeaderMem(base, raw.count, nil, &w, &h, nil, nil, nil)
        }
        // Leptonica wants ≥ 40 bytes of PNG; the IHDR chunk alone says the size.
        if header != 0, format == .png, let (pw, ph) = Self.pngSize(data) { w = pw; h = ph; header = 0 }
        if header != 0 || w <= 0 || h <= 0 {
            throw ImagingError(.unreadableImage, "the \(format.rawValue) header could not be read")
        }
        if Int(w) * Int(h) > maxPixels {
            throw ImagingError(.tooLarge, "\(w)×\(h) = \(Int(w) * Int(h)) pixels exceeds the cap of \(maxPixels)")
        }
        let pix: UnsafeMutablePointer<PIX>? = NativeClock.measure {
            data.withUnsafeBytes { raw in
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
                return pixReadMem(base, raw.count)
            }
        }
        guard let pix else {
            throw ImagingError(.unreadableImage, "the \(format.rawValue) data is corrupt or truncated")
        }
        self.init(owning: pix)
    }

    /// Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian).
    static func pngSize(_ data: Data) -> (Int32, Int32)? {
        let b = [UInt8](data.prefix(24))
        guard b.count == 24, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be(_ o: Int) -> Int32 { Int32(bitPattern: UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])) }
        return (be(16), be(20))
    }

    /// Reads and decodes an image file.
    public convenience init(contentsOf url: URL, maxPixels: Int = Image.defaultMaxPixels) throws(ImagingError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImagingError(.unreadableImage, "cannot read \(url.path): \(error.localizedDescription)")
        }
        try self.init(data: data, maxPixels: maxPixels)
    }

    /// Encodes as PNG. The corresponding C function is `pixWriteMemPng`.
    public func pngData() throws(ImagingError) -> Data {
        try encode { pdata, psize, pix in pixWriteMemPng(pdata, psize, pix, 0) }
    }

    /// Encodes as baseline JPEG at `quality` (1–100). The corresponding C function is `pixWriteMemJpeg`.
    public func jpegData(quality: Int) throws(ImagingError) -> Data {
        precondition((1...100).contains(quality), "JPEG quality must be in 1...100")
        let source = depth == 8 || depth == 32 ? self : ((try? grayscale()) ?? self)
        return try source.encode { pdata, psize, pix in pixWriteMemJpeg(pdata, psize, pix, Int32(quality), 0) }
    }

    private func encode(_ writer: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<PIX>) -> Int32) throws(ImagingError) -> Data {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let rc = withUnsafePix { writer(&out, &size, $0) }
        guard rc == 0, let out else { throw ImagingError(.encodeFailed, "Leptonica could not encode the image") }
        defer { free(out) }
        return Data(bytes: out, count: size)
    }

    /// Creates a blank 8-bit image filled with `value` (0 black … 255 white).
    public static func blank(width: Int, height: Int, gray value: UInt8 = 255) throws(ImagingError) -> Image {
        precondition(width > 0 && height > 0, "image size must be positive")
        let img = try wrap(pixCreate(Int32(width), Int32(height), 8), "create a \(width)×\(height) image")
        img.withUnsafePix { _ = pixSetAllArbitrary($0, UInt32(value)) }
        return img
    }

    /// Creates an 8-bit grey image from row-major bytes.
    public static func gray(width: Int, height: Int, pixels: [UInt8]) throws(ImagingError) -> Image {
        precondition(pixels.count == width * height, "pixel count must equal width × height")
        let img = try blank(width: width, height: height)
        img.withUnsafePix { pix in
            for y in 0..<height {
                for x in 0..<width { pixSetPixel(pix, Int32(x), Int32(y), UInt32(pixels[y * width + x])) }
            }
        }
        return img
    }

    /// The grey value at (x, y) of an 8-bit image.
    public func grayValue(x: Int, y: Int) -> UInt8 {
        var v: UInt32 = 0
        _ = withUnsafePix { pixGetPixel($0, Int32(x), Int32(y), &v) }
        return UInt8(truncatingIfNeeded: v)
    }
}
