import Foundation
import Imaging

/// `--debug DIR` of `read` and `permit`: every image the pipeline reads, as numbered PNGs.
enum DebugImages {
    /// Creates `folder` and returns a sink writing `NNN-<name>.png` into it; with `sanitize`,
    /// characters other than letters, digits and `-_@.` in the name become `_`.
    static func sink(folder: String, sanitize: Bool) throws -> (String, Image) -> Void {
        let dir = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var n = 0
        return { name, img in
            n += 1
            let safe = sanitize ? String(name.map { $0.isLetter || $0.isNumber || "-_@.".contains($0) ? $0 : "_" }) : name
            try? img.pngData().write(to: dir.appendingPathComponent(String(format: "%03d-", n) + safe + ".png"))
        }
    }
}
