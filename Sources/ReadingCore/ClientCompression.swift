import Foundation
import Imaging

/// The signup apps' image compression (`ImageCompressor` on iOS and Android), reproduced so an
/// evaluation can measure what it costs: the photo is fitted so its longest side is at most
/// 1920 px, then encoded as JPEG at quality 85, 75, 65 … while the result exceeds 800 KB.
///
/// The apps' loop is `repeat { encode; if size ≤ 800 KB break; quality -= 10 } while quality ≥ 20`,
/// so the qualities tried are 85, 75, 65, 55, 45, 35, 25 — the floor of 20 itself is never
/// reached — and when even quality 25 is too big the 25 result is sent anyway.
public enum ClientCompression {
    /// Longest side after resizing, px.
    public static let maxDimension = 1920
    /// The size the apps aim for: 800 KB (800 × 1024 bytes, `targetSizeKB * 1024`).
    public static let targetBytes = 800 * 1024
    /// First JPEG quality tried.
    public static let startQuality = 85
    /// Quality decrement per attempt.
    public static let qualityStep = 10
    /// The loop continues only while the next quality is at least this.
    public static let minQuality = 20

    /// The qualities the apps try, in order: 85, 75, 65, 55, 45, 35, 25.
    public static let qualities: [Int] = Array(stride(from: startQuality, through: minQuality, by: -qualityStep))

    /// One encoding attempt.
    public struct Attempt: Hashable, Sendable, Codable {
        public var quality: Int
        public var bytes: Int
    }

    /// What the app would send.
    public struct Result: Sendable {
        /// The JPEG bytes.
        public var data: Data
        /// The quality that produced `data`.
        public var quality: Int
        /// Every encoding tried, in order (the last one is `data`).
        public var attempts: [Attempt]
        /// Size after resizing.
        public var width: Int
        public var height: Int
        /// Whether `data` is within `targetBytes` (false only when even quality 25 was too big).
        public var fits: Bool { data.count <= ClientCompression.targetBytes }
        /// The payload as the app sends it (`data:image/jpeg;base64,…`).
        public var dataURI: String { DataURI.encode(data) }
    }

    /// The size the apps resize `width × height` to: unchanged when both sides are ≤ 1920,
    /// otherwise scaled (aspect ratio kept) so the longest side is exactly 1920.
    public static func fittedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        precondition(width > 0 && height > 0, "image size must be positive")
        let longest = max(width, height)
        guard longest > maxDimension else { return (width, height) }
        let ratio = Double(maxDimension) / Double(longest)
        let w = width >= height ? maxDimension : max(1, Int((Double(width) * ratio).rounded()))
        let h = height > width ? maxDimension : max(1, Int((Double(height) * ratio).rounded()))
        return (w, h)
    }

    /// Compresses `image` the way the apps do.
    public static func compress(_ image: Image) throws(ImagingError) -> Result {
        let (w, h) = fittedSize(width: image.width, height: image.height)
        let resized = (w, h) == (image.width, image.height)
            ? image
            : try image.scaled(by: Double(maxDimension) / Double(max(image.width, image.height)))
        let (data, quality, attempts) = try chooseQuality { (q: Int) throws(ImagingError) -> Data in try resized.jpegData(quality: q) }
        return Result(data: data, quality: quality, attempts: attempts, width: resized.width, height: resized.height)
    }

    /// The quality loop on its own: encodes at each of `qualities` until a result is at most
    /// `targetBytes`, and returns the first that fits, or the last tried when none does.
    public static func chooseQuality<E: Error>(encode: (Int) throws(E) -> Data) throws(E) -> (data: Data, quality: Int, attempts: [Attempt]) {
        var attempts: [Attempt] = []
        var last = Data()
        var lastQuality = startQuality
        for q in qualities {
            last = try encode(q)
            lastQuality = q
            attempts.append(Attempt(quality: q, bytes: last.count))
            if last.count <= targetBytes { break }
        }
        return (last, lastQuality, attempts)
    }
}
