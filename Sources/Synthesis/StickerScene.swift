import Foundation

/// A printed product label on a box side (Apple Watch, accessories): the product name, part
/// number and `(S) Serial No.` with barcodes, on cardboard or a glossy box.
struct StickerScene: Scene {
    /// A product and the device type recorded in labels.csv.
    struct Product: Sendable {
        var name: String, partNumber: String, deviceType: String
    }

    static let products: [Product] = [
        Product(name: "Apple Watch Series 7 GPS, 45mm Midnight Aluminium Case", partNumber: "MKN53NF/A", deviceType: "Apple Watch"),
        Product(name: "Apple Watch SE GPS, 40mm Starlight Aluminium Case", partNumber: "MKQ03NF/A", deviceType: "Apple Watch"),
        Product(name: "Apple Watch Series 8 GPS + Cellular, 41mm", partNumber: "MNHY3NF/A", deviceType: "Apple Watch"),
        Product(name: "AirPods Pro (2nd generation)", partNumber: "MQD83ZM/A", deviceType: "accessory"),
        Product(name: "AirPods (3rd generation)", partNumber: "MME73ZM/A", deviceType: "accessory"),
        Product(name: "Magic Keyboard - French", partNumber: "MK2A3F/A", deviceType: "accessory"),
        Product(name: "Magic Mouse - White Multi-Touch Surface", partNumber: "MK2E3ZM/A", deviceType: "accessory"),
        Product(name: "Apple Pencil (2nd generation)", partNumber: "MU8F2ZM/A", deviceType: "accessory"),
    ]

    let kind = SceneKind.sticker
    var serial: String?
    var product: Product
    var family: String
    var boxColor: RGB
    var labelWidth: Double
    var labelX: Double, labelY: Double
    var upc: String
    var serialCaption: String
    var detailSeed: UInt64

    static func random(serial: String?, rng: inout SplitMix64) -> StickerScene {
        StickerScene(serial: serial, product: rng.pick(products),
                     family: rng.pick(["Inter", "Liberation Sans", "DejaVu Sans", "Noto Sans", "OCR B"]),
                     boxColor: rng.pick([RGB(gray: 0.96), RGB(gray: 0.93), RGB(0.78, 0.66, 0.48), RGB(gray: 0.15), RGB(0.9, 0.9, 0.92)]),
                     labelWidth: rng.uniform(0.5, 0.72), labelX: rng.uniform(0.1, 0.4), labelY: rng.uniform(0.12, 0.3),
                     upc: "19" + (0..<10).map { _ in String(rng.int(0...9)) }.joined(),
                     serialCaption: rng.pick(["(S) Serial No.", "(S) Serial No.:", "(S) Serial No", "Serial No."]),
                     detailSeed: rng.next())
    }

    func draw(on c: Canvas, width w: Double, height h: Double, textures: TextureSet) -> SceneMarks {
        var rng = SplitMix64(seed: detailSeed)
        c.fill(boxColor)
        c.withState {
            c.paintTile(textures.paper, originX: rng.uniform(0, 200), originY: rng.uniform(0, 200), scaleX: 2, scaleY: 2,
                        alpha: 0.12)
        }
        // A box edge crossing the frame.
        if rng.chance(0.5) {
            let ex = w * rng.uniform(0.82, 0.95)
            c.fill(boxColor.scaled(0.7), rect: Box(x: ex, y: -h, width: 2 * w, height: 3 * h))
        }
        let lw = w * labelWidth, x0 = labelX * w, y0 = labelY * h
        let px = lw / 30  // text size in proportion to the label
        let ink = RGB(gray: 0.07)
        let f = Font(family, px), fb = Font(family, px, .semibold)
        var lines: [(String, Font, Bool)] = [(product.name, fb, false), ("(1P) Part No. " + product.partNumber, f, true)]
        if let serial { lines.append(("\(serialCaption) " + serial, f, true)) }
        lines.append(("(8) UPC  " + upc, f, true))
        let rowH = px * 1.5, barH = px * 2.0
        let lh = px * 1.2 + lines.reduce(0) { $0 + rowH + ($1.2 ? barH + px * 0.6 : 0) } + px * 2.2
        c.roundedRect(x0, y0, lw, lh, radius: px * 0.4)
        c.setColor(RGB(gray: rng.uniform(0.94, 1))); c.fill()
        var y = y0 + px * 0.8
        var keyBox: Box?
        var rows: [Box] = []
        for (text, font, bars) in lines {
            let b = c.text(text, font, x: x0 + px, y: y, color: ink)
            rows.append(c.lastInk)
            if let serial, text.hasSuffix(serial) {
                let prefix = c.measure(String(text.dropLast(serial.count)), font).width
                keyBox = c.deviceBox(of: Box(x: b.x + prefix, y: b.y, width: b.width - prefix, height: b.height))
            }
            y += rowH
            if bars {
                Ornaments.barcode(c, x: x0 + px, y: y, width: lw * rng.uniform(0.55, 0.85), height: barH, color: ink, rng: &rng)
                y += barH + px * 0.6
            }
        }
        c.text("Designed by Apple in California  Assembled in China", Font(family, px * 0.7), x: x0 + px, y: y + px * 0.3,
               color: ink)
        rows.append(c.lastInk)
        return SceneMarks(keyBox: keyBox, glyphPixels: serial == nil ? 0 : c.capHeight(f), variant: "box-label", fonts: [family],
                          rows: rows)
    }
}
