import Foundation
import Imaging

/// Tiles the images of a folder into one PNG with captions, to compare generated sets with
/// real photos at a glance.
public enum ContactSheet {
    /// Makes a contact sheet of up to `limit` images of `folder` (sorted by name), `columns`
    /// across, each scaled into a `tile × tile` cell and captioned with its file name and, when
    /// the folder has a labels.csv, its label (second column).
    public static func make(folder: URL, columns: Int = 6, limit: Int = 24, tile: Int = 300) throws(SynthesisError) -> Data {
        precondition(columns > 0 && limit > 0 && tile >= 32, "columns, limit and tile must be positive")
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { ["jpg", "jpeg", "png"].contains(($0 as NSString).pathExtension.lowercased()) }
                .sorted()
        } catch {
            throw SynthesisError(.readFailed, "cannot list \(folder.path): \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw SynthesisError(.readFailed, "no .jpg/.jpeg/.png images in \(folder.path)") }
        let chosen = Array(names.prefix(limit))
        let labels = readLabels(folder.appendingPathComponent("labels.csv"))
        return try TextRendering.serialized { () throws(SynthesisError) -> Data in
            try draw(chosen, labels: labels, folder: folder, columns: columns, tile: tile)
        }
    }

    /// Draws the sheet (the text-rendering lock held).
    private static func draw(_ chosen: [String], labels: [String: String], folder: URL, columns: Int, tile: Int) throws(SynthesisError) -> Data {
        let caption = 34
        let rows = (chosen.count + columns - 1) / columns
        let canvas = try Canvas(width: columns * tile, height: rows * (tile + caption))
        canvas.fill(RGB(gray: 0.15))
        for (i, name) in chosen.enumerated() {
            let x = Double((i % columns) * tile), y = Double((i / columns) * (tile + caption))
            let png: Data
            do { png = try Image(contentsOf: folder.appendingPathComponent(name)).pngData() } catch {
                throw SynthesisError(.readFailed, "cannot read \(name): \(error.message)")
            }
            let t = try Tile(pngData: png)
            let s = min(Double(tile - 4) / Double(t.width), Double(tile - 4) / Double(t.height))
            canvas.draw(t, x: x + (Double(tile) - Double(t.width) * s) / 2, y: y + (Double(tile) - Double(t.height) * s) / 2, scale: s)
            let f = Font("DejaVu Sans", 11)
            canvas.text(name, f, x: x + 4, y: y + Double(tile) + 2, color: RGB(gray: 0.85))
            if let label = labels[name] {
                canvas.text(label.isEmpty ? "(no label)" : label, Font("DejaVu Sans Mono", 12, .bold), x: x + 4,
                            y: y + Double(tile) + 16, color: RGB(1, 0.85, 0.3))
            }
        }
        return try canvas.pngData()
    }

    /// filename → second column of labels.csv (plain comma split: generated labels need no quoting).
    private static func readLabels(_ url: URL) -> [String: String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var out: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if f.count >= 2 {
                out[f[0]] = f.count >= 3 && (f[2] == "not_permit" || f[2] == "unreadable") ? "[\(f[2])]" : f[1]
            }
        }
        return out
    }
}
