import Foundation
import Imaging
import ReadingCore

/// Turns what the app sends (a data URI) or a file into an upright image, optionally through
/// the apps' compression first.
public enum PermitInput {
    /// A decoded input.
    public struct Decoded {
        public var image: Image
        /// The compression applied, when `clientCompression` was asked for.
        public var compression: ClientCompression.Result?
    }

    /// Why an input could not be turned into an image.
    public enum Failure: Error, CustomStringConvertible {
        case dataURI(DataURIError)
        case imaging(ImagingError)
        public var description: String {
            switch self {
            case .dataURI(let e): e.description
            case .imaging(let e): e.description
            }
        }
        /// The error's category, as a record's `error.kind`.
        public var kind: String {
            switch self {
            case .dataURI(let e): e.kind.rawValue
            case .imaging(let e): e.kind.rawValue
            }
        }
        /// The refusal a server returns for it.
        public var refusal: PermitRefusal {
            switch self {
            case .dataURI(let e): .invalidImage(e.message)
            case .imaging(let e): .invalidImage(e.message)
            }
        }
    }

    /// Decodes image bytes, applies the EXIF orientation (as the apps' `fixedOrientation`
    /// does before sending), and applies the apps' compression when asked.
    public static func decode(_ data: Data, clientCompression: Bool, maxPixels: Int = Image.defaultMaxPixels) throws(Failure) -> Decoded {
        do {
            let image = try upright(data, maxPixels: maxPixels)
            guard clientCompression else { return Decoded(image: image) }
            let c = try ClientCompression.compress(image)
            return Decoded(image: try Image(data: c.data, maxPixels: maxPixels), compression: c)
        } catch {
            throw .imaging(error)
        }
    }

    /// Decodes image bytes and turns them upright by their EXIF orientation (what the permit
    /// reader sees before any compression).
    public static func upright(_ data: Data, maxPixels: Int = Image.defaultMaxPixels) throws(ImagingError) -> Image {
        let image = try Image(data: data, maxPixels: maxPixels)
        let turns = ExifOrientation.quarterTurns(in: data)
        return turns == 0 ? image : try image.rotated(quarterTurns: turns)
    }

    /// Decodes a data URI (`data:image/jpeg;base64,…`).
    public static func decode(dataURI: String, clientCompression: Bool, maxPixels: Int = Image.defaultMaxPixels) throws(Failure) -> Decoded {
        let uri: DataURI
        do { uri = try DataURI(parsing: dataURI) } catch { throw .dataURI(error) }
        return try decode(uri.data, clientCompression: clientCompression, maxPixels: maxPixels)
    }

    /// Reads and decodes a file.
    public static func decode(contentsOf url: URL, clientCompression: Bool, maxPixels: Int = Image.defaultMaxPixels) throws(Failure) -> Decoded {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .imaging(ImagingError(.unreadableImage, "cannot read \(url.path): \(error.localizedDescription)"))
        }
        return try decode(data, clientCompression: clientCompression, maxPixels: maxPixels)
    }
}

/// The EXIF `Orientation` tag of a JPEG, as clockwise quarter turns that make it upright.
/// Phones store portrait photos sideways with this tag; Leptonica ignores it.
enum ExifOrientation {
    /// 0 when absent or not a JPEG; mirrored orientations are treated as their rotation.
    static func quarterTurns(in data: Data) -> Int {
        switch orientation(in: data) {
        case 3, 4: 2
        case 6, 5: 1
        case 8, 7: 3
        default: 0
        }
    }

    /// The raw tag value (1–8), or `nil`.
    static func orientation(in data: Data) -> Int? {
        let b = [UInt8](data.prefix(256 * 1024))
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            let len = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if marker == 0xDA || len < 2 { return nil }
            if marker == 0xE1, i + 4 + len - 2 <= b.count, len >= 16,
               Array(b[(i + 4)..<(i + 10)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return tiffOrientation(Array(b[(i + 10)..<(i + 2 + len)]))
            }
            i += 2 + len
        }
        return nil
    }

    static func tiffOrientation(_ t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little = t[0] == 0x49
        func u16(_ o: Int) -> Int? {
            guard o + 2 <= t.count else { return nil }
            return little ? Int(t[o]) | Int(t[o + 1]) << 8 : Int(t[o]) << 8 | Int(t[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for e in 0..<min(count, 200) {
            let o = ifd + 2 + e * 12
            guard let tag = u16(o) else { return nil }
            if tag == 0x0112 { return u16(o + 8) }
        }
        return nil
    }
}
