import Foundation

/// The fault corpus of issue 9: one small file per way an image can be bad, plus an image
/// inside a symlink loop. `write(to:)` makes it; `Tests/Fixtures/faults/` holds the committed
/// copy (regenerate with `SCANBENCH_RECORD_FAULTS=1 swift test --filter FaultCorpusTests`).
public enum FaultCorpus {
    /// One entry: a file (or symlink) and the error kind a run must report for it (`nil`: the
    /// image is readable).
    public struct Entry: Sendable {
        /// Path relative to the corpus folder.
        public var path: String
        /// The `SampleError.kind` expected, or `nil` for a readable image.
        public var expectedKind: String?
        /// Bytes, or `nil` for a symlink.
        public var contents: Data?
        /// Symlink destination (relative), when `contents` is `nil`.
        public var linkTo: String?
    }

    /// The committed corpus.
    public static let committed: URL = Fixtures.repoRoot.appendingPathComponent("Tests/Fixtures/faults")

    /// Every entry, in path order.
    public static var entries: [Entry] {
        [
            Entry(path: "bad_crc.png", expectedKind: "unreadable_image", contents: png(width: 16, height: 16, gray: 255, corruptIDATCRC: true)),
            Entry(path: "empty.jpg", expectedKind: "empty_file", contents: Data()),
            Entry(path: "huge.png", expectedKind: "too_large", contents: pngHeaderOnly(width: 20000, height: 20000)),
            Entry(path: "loop/again", expectedKind: nil, contents: nil, linkTo: "."),
            Entry(path: "loop/inside.png", expectedKind: nil, contents: png(width: 16, height: 16, gray: 255)),
            Entry(path: "notes.jpg", expectedKind: "unreadable_image", contents: Data("This is a text file, not a JPEG.\n".utf8)),
            Entry(path: "photo.heic", expectedKind: "unsupported_format", contents: heicHeader()),
            Entry(path: "truncated.jpg", expectedKind: "unreadable_image", contents: Data(tinyJPEG.dropLast(4))),
        ]
    }

    /// Images a walk must find (symlinks to folders excluded), with their expected kinds.
    public static var images: [(path: String, kind: String?)] {
        entries.filter { $0.contents != nil }.map { ($0.path, $0.expectedKind) }
    }

    /// Writes the corpus into `dir` (created if needed; existing entries replaced).
    public static func write(to dir: URL) throws {
        let fm = FileManager.default
        for e in entries {
            let url = dir.appendingPathComponent(e.path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? fm.destinationOfSymbolicLink(atPath: url.path)) != nil || fm.fileExists(atPath: url.path) {
                try fm.removeItem(at: url)
            }
            if let data = e.contents {
                try data.write(to: url)
            } else if let dest = e.linkTo {
                try fm.createSymbolicLink(atPath: url.path, withDestinationPath: dest)
            }
        }
    }

    // MARK: - Making the bytes

    /// A 16×16 mid-grey baseline JPEG (334 bytes); the corpus cuts its end off.
    static let tinyJPEG: [UInt8] = hex("""
        ffd8ffe000104a46494600010100000100010000ffdb004300100b0c0e0c0a100e0d0e1211101318281a181616183123251d283a33\
        3d3c3933383740485c4e404457453738506d51575f626768673e4d71797064785c656763ffc0000b080010001001011100ffc4001f\
        0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d0102\
        0300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a343536\
        3738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798\
        999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3\
        f4f5f6f7f8f9faffda0008010100003f00e928a28affd9
        """)

    static func hex(_ s: String) -> [UInt8] {
        let digits = Array(s.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }

    /// An 8-bit greyscale PNG of one colour (zlib "stored" blocks, so no compressor is needed).
    static func png(width: Int, height: Int, gray: UInt8, corruptIDATCRC: Bool = false) -> Data {
        var raw: [UInt8] = []
        for _ in 0..<height { raw.append(0); raw.append(contentsOf: [UInt8](repeating: gray, count: width)) }
        var z: [UInt8] = [0x78, 0x01, 0x01]
        let n = UInt16(raw.count)
        z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)]
        z += raw
        z += be32(adler32(raw))
        var out = signature + chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0])
        var idat = chunk("IDAT", z)
        if corruptIDATCRC { idat[idat.count - 1] ^= 0xFF }
        out += idat + chunk("IEND", [])
        return Data(out)
    }

    /// A PNG that declares `width`×`height` but holds no pixels: the pixel cap must refuse it
    /// from the header alone.
    static func pngHeaderOnly(width: Int, height: Int) -> Data {
        Data(signature + chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0]) + chunk("IEND", []))
    }

    /// The start of an HEIC file: an `ftyp` box with brand `heic`.
    static func heicHeader() -> Data {
        var box: [UInt8] = be32(24) + Array("ftypheic".utf8) + be32(0) + Array("mif1heic".utf8)
        box += be32(8) + Array("meta".utf8)
        return Data(box)
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(UInt32(data.count)) + t + data + be32(crc32(t + data))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }
}
