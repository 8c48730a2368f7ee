import ArgumentParser
import Foundation
import Harness
import Synthesis

/// `scanbench generate`: renders a deterministic synthetic labelled dataset, or a contact sheet.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a deterministic synthetic labelled dataset (JPEG images + labels.csv).",
        discussion: """
        Kinds:
          etched             MacBook bottom cases, laser-etched regulatory text (+ inventory sticker)
          screen             iPhone/iPad Settings > General > About photographed off the screen
          sticker            printed product labels / box sides with barcodes and (S) Serial No.
          negative           the serial scenes above with no serial shown (empty `serial`)
          permit             Tunisian restaurant permits (~70%) mixed with documents that must be
                             refused: not_permit (~18%: invoice, French building permit, Tunisian
                             trade-register extract, device label) and unreadable (~12%). One folder
                             therefore gives every permit metric with `evaluate --preset permit`.
          document-negative  only not_permit and unreadable documents

        labels.csv: serial kinds `filename,serial,preset,device_type,scene,serial_format,glyph_px,font`;
        permit kinds `filename,permit_number,kind,document,number_label`; then the camera's columns
        (quarter_turns,tilt_deg,perspective,shear_x,shear_y,scale,blur_px,noise_sigma,exposure,glare,
        jpeg_quality,tone_stretch,sharpen,motion_px,motion_deg,shadow); permit kinds add capture,glyph_px.
        Every kind then records how the labelled text came out — contrast (grey levels),
        occlusion (share hidden or out of frame), blur_sigma_px — and legible (true/false) with
        illegible_reason (small, blurred, faint, occluded, joined by +), decided from those facts
        alone, never from a reader's answer; serial kinds add sighting (primary, or sticker when
        only the sticker's copy is legible), permits stamp_over_number, distractors, surface.

        --capture (permit kinds): flat (scan-like), phone (the page at an angle on a table, a
        shadow, camera shake, 1,100-1,600 px long side) or mixed (each image draws one).

        The same --kind/--seed/--size/--capture give byte-identical files on any machine with the
        same fonts (the generator refuses to start unless each family it draws with has exactly
        the faces of its Debian package); image i does not depend on --count. Generator version: \(DatasetGenerator.version).

        Contact sheets: add --contact-sheet OUT.png to tile the generated images, or use
        --contact-sheet OUT.png --from DIR to tile an existing folder (e.g. real photos) without
        generating anything.

        Realism: add --compare-with DIR to measure the generated folder beside DIR (e.g. real
        photos) and print `metric | A | B`: text-line glyph heights, the labelled row's contrast
        (Otsu gap) and sharpness (Laplacian variance), image sharpness and grey levels, each with
        the number of images or lines it is over. --from DIR_A --compare-with DIR_B compares two
        existing folders without generating; --compare-json FILE also writes the JSON.
        """)

    @Option(help: "What to render: \(DatasetKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var kind: String = "etched"

    @Option(help: "Number of images.")
    var count: Int = 40

    @Option(help: "Seed of the run (any unsigned 64-bit integer).")
    var seed: UInt64 = 1

    @Option(help: "Output folder (created if needed).")
    var out: String?

    @Option(help: "Image size WxH before any quarter turn (default: 1600x900 serial scenes, 720x1280 screen, 1080x1440 documents).")
    var size: String?

    @Option(help: "How documents are photographed (permit kinds): flat (scan-like), phone (page at an angle on a table, shadow, motion blur) or mixed (about half each).")
    var capture: String = "mixed"

    @Option(name: .customLong("contact-sheet"), help: "Also write a PNG contact sheet of the images to this path.")
    var contactSheet: String?

    @Option(help: "With --contact-sheet or --compare-with: use this existing folder instead of generating.")
    var from: String?

    @Option(name: .customLong("compare-with"), help: "Measure how the images look beside this folder's (e.g. real photos) and print the table.")
    var compareWith: String?

    @Option(name: .customLong("compare-json"), help: "With --compare-with: also write the comparison as JSON to this path.")
    var compareJSON: String?

    @Option(name: .customLong("text-crops"), help: "Also write each image's labelled text (serial or permit number), upright, enlarged to 40 px capitals, as DIR/<image name>.png: for checking by eye what the labels call legible.")
    var textCrops: String?

    @Option(help: "Contact sheet: number of columns.")
    var columns: Int = 6

    @Option(help: "Contact sheet: maximum number of images.")
    var limit: Int = 24

    func validate() throws {
        if DatasetKind(rawValue: kind) == nil {
            throw ValidationError("unknown kind '\(kind)'; use one of \(DatasetKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if DatasetGenerator.Capture(rawValue: capture) == nil {
            throw ValidationError("unknown capture '\(capture)'; use one of \(DatasetGenerator.Capture.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if count < 0 { throw ValidationError("--count must not be negative") }
        if from == nil && out == nil { throw ValidationError("--out DIR is required (or --from DIR with --contact-sheet OUT.png or --compare-with DIR)") }
        if from != nil && contactSheet == nil && compareWith == nil { throw ValidationError("--from needs --contact-sheet OUT.png or --compare-with DIR") }
        if from != nil && textCrops != nil { throw ValidationError("--text-crops cuts the text of the images it generates; it does not read --from") }
        if compareJSON != nil && compareWith == nil { throw ValidationError("--compare-json needs --compare-with DIR") }
        if let size, Self.parseSize(size) == nil { throw ValidationError("--size must look like 1600x900") }
        if columns < 1 || limit < 1 { throw ValidationError("--columns and --limit must be positive") }
    }

    func run() throws {
        if let from {
            if let contactSheet { try writeSheet(of: URL(fileURLWithPath: from), to: contactSheet) }
            if let compareWith { try compare(URL(fileURLWithPath: from), with: URL(fileURLWithPath: compareWith)) }
            return
        }
        guard let out, let kind = DatasetKind(rawValue: kind) else { return }
        let folder = URL(fileURLWithPath: out)
        let generator = try DatasetGenerator(kind: kind, seed: seed, size: size.flatMap(Self.parseSize),
                                             capture: DatasetGenerator.Capture(rawValue: capture) ?? .mixed)
        let start = Date()
        try generator.write(count: count, to: folder, textCrops: textCrops.map { URL(fileURLWithPath: $0) })
        let seconds = Date().timeIntervalSince(start)
        let rate = seconds > 0 ? Double(count) / seconds : 0
        FileHandle.standardError.write(Data(String(format: "generated %d %@ images in %.2f s (%.1f images/s) → %@\n",
                                                   count, kind.rawValue, seconds, rate, folder.path).utf8))
        if let contactSheet { try writeSheet(of: folder, to: contactSheet) }
        if let compareWith { try compare(folder, with: URL(fileURLWithPath: compareWith)) }
    }

    /// Measures both folders (`RealismProfile`) and prints the table; the JSON too when asked.
    private func compare(_ a: URL, with b: URL) throws {
        let profiles = try [a, b].map { folder in
            try RealismProfile.measure(folder: folder) { done, total in
                if done == total || done % 20 == 0 {
                    FileHandle.standardError.write(Data("measuring \(folder.lastPathComponent): \(done)/\(total)\n".utf8))
                }
            }
        }
        let comparison = RealismComparison(a: profiles[0], b: profiles[1])
        print(comparison.table(), terminator: "")
        if let compareJSON {
            let url = URL(fileURLWithPath: compareJSON)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try comparison.json().write(to: url)
            FileHandle.standardError.write(Data("comparison → \(url.path)\n".utf8))
        }
    }

    private func writeSheet(of folder: URL, to path: String) throws {
        let png = try ContactSheet.make(folder: folder, columns: columns, limit: limit)
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: url)
        FileHandle.standardError.write(Data("contact sheet → \(url.path)\n".utf8))
    }

    static func parseSize(_ s: String) -> (width: Int, height: Int)? {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 64, h >= 64, w <= 8000, h <= 8000 else { return nil }
        return (w, h)
    }
}
