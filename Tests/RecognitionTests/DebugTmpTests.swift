import Foundation
import Imaging
import Recognition
import Testing
import TestSupport
@Test func debugPage() throws {
    let engine = try OCREngine()
    let variants: [(String, (Image) throws -> Image)] = [
        ("gray", { $0 }),
        ("contrast", { try $0.contrastNormalized() }),
        ("bgnorm", { try $0.backgroundNormalized() }),
        ("sauvola", { try $0.binarized(.sauvola, windowHalfSize: 20) }),
    ]
    for f in try FileManager.default.contentsOfDirectory(atPath: Fixtures.realDev.path).sorted() where f.hasSuffix(".jpg") {
        let img = try Image(contentsOf: Fixtures.realDev.appendingPathComponent(f)).grayscale()
        for rot in [0, 1, 3] {
            let r = try img.rotated(quarterTurns: rot)
            for scale in [1.0, 2.0] {
                let s = min(1.0, 1600.0 / Double(max(img.width, img.height))) * scale
                let base = try r.scaled(by: s)
                for (vn, v) in variants {
                    let t0 = Date()
                    let t = try engine.recognize(try v(base), mode: .auto)
                    let hits = t.lines.filter { $0.text.range(of: #"(?i)serial|s[il1]\.?\s?#"#, options: .regularExpression) != nil }
                    print("RES \(f) rot\(rot) x\(scale) \(vn) \(Int(Date().timeIntervalSince(t0)*1000))ms : \(hits.map(\.text))")
                }
            }
        }
    }
}
