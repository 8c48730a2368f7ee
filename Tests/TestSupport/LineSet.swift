import Foundation
import Imaging
import Synthesis

/// Labelled serial lines this repository makes: each serial drawn alone by
/// `Synthesis.LineRender` (the shape of a rendered serial or of a tight crop of a label), so
/// that tests which need only *an* image of a serial do not read photos from outside it.
public enum LineSet {
    /// The serials of a set drawn with `seed`, 12- and 10-character formats alternating.
    public static func serials(count: Int, seed: UInt64 = 11) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { SerialFactory.make($0 % 2 == 0 ? .twelve : .ten, using: &rng) }
    }

    /// The image of line `index` of the set drawn with `seed`, and its serial.
    public static func line(_ index: Int, seed: UInt64 = 11) throws -> (image: Image, serial: String) {
        let serial = serials(count: index + 1, seed: seed)[index]
        return (try LineRender.image(of: serial), serial)
    }

    /// A temporary folder with `count` lines (`line_001.jpg` …) and their `labels.csv`
    /// (`filename,serial`).
    public static func make(count: Int, name: String = "lines", seed: UInt64 = 11) throws -> URL {
        let dir = try Fixtures.tempDir(name)
        var csv = "filename,serial\n"
        for (i, serial) in serials(count: count, seed: seed).enumerated() {
            let file = fileName(i)
            try LineRender.image(of: serial).jpegData(quality: 90).write(to: dir.appendingPathComponent(file))
            csv += "\(file),\(serial)\n"
        }
        try csv.write(to: dir.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        return dir
    }

    /// The file name of line `index` in a folder made by `make`.
    public static func fileName(_ index: Int) -> String {
        "line_" + String(format: "%03d", index + 1) + ".jpg"
    }
}
