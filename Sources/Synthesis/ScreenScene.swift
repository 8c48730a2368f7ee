import Foundation

/// An iPhone or iPad showing Settings ▸ General ▸ About, photographed off the screen: the
/// phone on a table, a moiré pattern from the screen's pixel grid, the `Serial Number` row.
struct ScreenScene: Scene {
    /// A device as Settings names it.
    struct Device: Sendable {
        var kind: String, modelName: String, modelNumber: String, capacity: String
    }

    static let devices: [Device] = [
        Device(kind: "iPhone", modelName: "iPhone 13", modelNumber: "MLPF3ZD/A", capacity: "128 GB"),
        Device(kind: "iPhone", modelName: "iPhone 12", modelNumber: "MGJ93F/A", capacity: "64 GB"),
        Device(kind: "iPhone", modelName: "iPhone 14 Pro", modelNumber: "MQ0G3ZD/A", capacity: "256 GB"),
        Device(kind: "iPhone", modelName: "iPhone 11", modelNumber: "MHDA3B/A", capacity: "64 GB"),
        Device(kind: "iPhone", modelName: "iPhone XR", modelNumber: "MRY42F/A", capacity: "128 GB"),
        Device(kind: "iPhone", modelName: "iPhone 15", modelNumber: "MTP03ZD/A", capacity: "128 GB"),
        Device(kind: "iPad", modelName: "iPad Air (5th generation)", modelNumber: "MM9C3NF/A", capacity: "64 GB"),
        Device(kind: "iPad", modelName: "iPad (9th generation)", modelNumber: "MK2K3NF/A", capacity: "64 GB"),
    ]

    let kind = SceneKind.screen
    var serial: String?
    var device: Device
    var dark: Bool
    var french: Bool
    var iosVersion: String
    var ownerName: String
    var scrolled: Double
    var phoneWidth: Double
    var phoneX: Double, phoneY: Double
    var moireAngle: Double, moireSpacing: Double, moireAlpha: Double
    var family: String
    var detailSeed: UInt64

    static func random(serial: String?, rng: inout SplitMix64) -> ScreenScene {
        ScreenScene(serial: serial, device: rng.pick(devices), dark: rng.chance(0.35), french: rng.chance(0.3),
                    iosVersion: rng.pick(["17.5.1", "16.6", "17.2", "18.0.1", "15.7", "17.4.1"]),
                    ownerName: rng.pick(["Sami", "Amira", "Youssef", "Ines", "Mehdi", "Salma"]),
                    scrolled: rng.uniform(0, 1), phoneWidth: rng.uniform(0.82, 1.05),
                    phoneX: rng.uniform(-0.06, 0.06), phoneY: rng.uniform(-0.08, 0.05),
                    moireAngle: rng.uniform(-25, 25), moireSpacing: rng.uniform(2.6, 5.5), moireAlpha: rng.uniform(0.02, 0.08),
                    family: rng.pick(["Inter", "Inter", "Noto Sans", "Liberation Sans"]), detailSeed: rng.next())
    }

    func draw(on c: Canvas, width w: Double, height h: Double, textures: TextureSet) -> SceneMarks {
        var rng = SplitMix64(seed: detailSeed)
        // Table or fabric behind the phone.
        let table = rng.pick([RGB(0.45, 0.32, 0.22), RGB(0.3, 0.3, 0.32), RGB(0.85, 0.84, 0.8), RGB(0.55, 0.42, 0.3)])
        c.fill(table)
        c.withState {
            c.paintTile(textures.wood, originX: rng.uniform(0, 900), originY: 0, scaleX: 2, scaleY: 2, alpha: 0.3)
        }
        // The phone: body, then the screen inset.
        let pw = w * phoneWidth, ph = pw * (device.kind == "iPad" ? 1.42 : 2.06)
        let px = (w - pw) / 2 + phoneX * w, py = (h - ph) / 2 + phoneY * h + h * 0.08
        c.roundedRect(px, py, pw, ph, radius: pw * 0.12)
        c.setColor(RGB(gray: 0.06)); c.fill()
        let inset = pw * 0.035
        let sx = px + inset, sy = py + inset, sw = pw - 2 * inset, sh = ph - 2 * inset
        let unit = sw / 390  // one iOS point
        let bg = dark ? RGB(gray: 0) : RGB(hex: 0xF2F2F7)
        let cell = dark ? RGB(hex: 0x1C1C1E) : RGB(gray: 1)
        let primary = dark ? RGB(gray: 1) : RGB(gray: 0)
        let secondary = dark ? RGB(hex: 0x8D8D93) : RGB(hex: 0x8A8A8E)
        let blue = RGB(hex: 0x0A84FF)
        var keyBox: Box?
        var glyph = 0.0
        var moire: Moire?
        var textRows: [Box] = []
        c.withState {
            c.roundedRect(sx, sy, sw, sh, radius: pw * 0.1); c.clip()
            c.fill(bg, rect: Box(x: sx, y: sy, width: sw, height: sh))
            let body = Font(family, 17 * unit), title = Font(family, 17 * unit, .semibold)
            glyph = c.capHeight(body)
            c.text("9:41", Font(family, 16 * unit, .semibold), x: sx + 40 * unit, y: sy + 16 * unit, color: primary)
            c.roundedRect(sx + sw - 45 * unit, sy + 20 * unit, 26 * unit, 12 * unit, radius: 3 * unit)
            c.setColor(primary); c.fill()
            c.text(french ? "‹ Général" : "‹ General", body, x: sx + 10 * unit, y: sy + 58 * unit, color: blue)
            c.text(french ? "Informations" : "About", title, x: sx + sw / 2, y: sy + 58 * unit, color: primary, align: .center)
            var rows: [[(String, String)]] = [
                [(french ? "Nom" : "Name", (french ? "iPhone de " : "") + ownerName + (french ? "" : "’s \(device.kind)")),
                 (french ? "Version d’iOS" : "iOS Version", iosVersion + "  ›"),
                 (french ? "Nom du modèle" : "Model Name", device.modelName),
                 (french ? "Numéro de modèle" : "Model Number", device.modelNumber),
                 (french ? "Numéro de série" : "Serial Number", serial ?? "")],
                [(french ? "Garantie limitée" : "Limited Warranty", (french ? "Expirée" : "Expired") + "  ›")],
                [(french ? "Morceaux" : "Songs", "0"), (french ? "Vidéos" : "Videos", String(rng.int(0...40))),
                 ("Photos", String(rng.int(100...9000))), ("Applications", String(rng.int(20...140))),
                 (french ? "Capacité" : "Capacity", device.capacity),
                 (french ? "Disponible" : "Available", String(format: "%.2f GB", rng.uniform(3, 60)))],
                [(french ? "Adresse Wi-Fi" : "Wi-Fi Address", mac(&rng)), ("Bluetooth", mac(&rng)),
                 (french ? "Firmware du modem" : "Modem Firmware", "\(rng.int(1...5)).\(rng.int(10...60)).0\(rng.int(1...9))"),
                 ("SEID", "›"), ("EID", (0..<32).map { _ in String(rng.int(0...9)) }.joined())],
            ]
            if serial == nil { rows[0].remove(at: 4) }
            var y = sy + (104 - scrolled * 60) * unit
            let rowH = 44 * unit
            for group in rows {
                // A value too long to share its label's line (the 32-digit EID) goes on a line
                // of its own under the label, in a taller cell, as iOS lays it out.
                let labelRight = sx + 32 * unit, valueRight = sx + sw - 32 * unit
                let wraps = group.map { c.measure($0.0, body).width + c.measure($0.1, body).width + 12 * unit > valueRight - labelRight }
                let heights = wraps.map { $0 ? rowH * 1.6 : rowH }
                c.roundedRect(sx + 16 * unit, y, sw - 32 * unit, heights.reduce(0, +), radius: 10 * unit)
                c.setColor(cell); c.fill()
                for (i, (label, value)) in group.enumerated() {
                    let ty = y + (rowH - 22 * unit) / 2
                    c.text(label, body, x: labelRight, y: ty, color: primary)
                    textRows.append(c.lastInk)
                    let vb = c.text(value, body, x: valueRight, y: wraps[i] ? ty + 0.6 * rowH : ty, color: secondary, align: .right)
                    textRows.append(c.lastInk)
                    if let serial, value == serial { keyBox = c.deviceBox(of: vb) }
                    y += heights[i]
                    if i < group.count - 1 {
                        c.fill(secondary, alpha: 0.3, rect: Box(x: sx + 32 * unit, y: y, width: sw - 48 * unit, height: max(0.7, 0.5 * unit)))
                    }
                }
                y += 35 * unit
            }
            // Moiré: interference between the screen's pixel grid and the camera's sensor.
            moire = Moire(region: c.deviceBox(of: Box(x: sx, y: sy, width: sw, height: sh)),
                          angleDegrees: moireAngle, period: moireSpacing, amplitude: moireAlpha * 255 * (dark ? 0.5 : 1))
            // The glass reflects the room.
            c.paintLinear(sx, sy, sx + sw, sy + sh, [.init(offset: 0, color: .white, alpha: 0),
                                                      .init(offset: rng.uniform(0.3, 0.7), color: .white, alpha: rng.uniform(0.03, 0.2)),
                                                      .init(offset: 1, color: .white, alpha: 0)])
        }
        return SceneMarks(keyBox: keyBox, glyphPixels: serial == nil ? 0 : glyph,
                          variant: "settings-" + (dark ? "dark" : "light") + (french ? "-fr" : ""), moire: moire, fonts: [family],
                          rows: textRows)
    }

    private func mac(_ rng: inout SplitMix64) -> String {
        (0..<6).map { _ in String(format: "%02X", rng.int(0...255)) }.joined(separator: ":")
    }
}
