import Foundation
import Imaging

/// Renders a deterministic synthetic dataset of one `DatasetKind`.
///
/// Image *i* depends only on (seed, kind, i, size): its content and its degradations come from
/// two independent SplitMix64 streams derived from those, never from the system's randomness,
/// so the same arguments give byte-identical files and generating more images never changes
/// the first ones.
///
/// Not `Sendable`: it holds Cairo surfaces (the shared textures). Make one per thread.
public final class DatasetGenerator {
    /// The kind of images rendered.
    public let kind: DatasetKind
    /// The run's seed.
    public let seed: UInt64
    /// Output width before any quarter turn.
    public let width: Int
    /// Output height before any quarter turn.
    public let height: Int
    /// How documents are photographed (permit kinds only).
    public let capture: Capture
    private let photographer: Photographer

    /// The generator's version, recorded with every synthetic run: a set drawn with the same
    /// kind, seed and version is the same set. Bump it whenever a change alters any image.
    public static let version = "5"

    /// How a document is photographed.
    public enum Capture: String, Sendable, CaseIterable {
        /// Scanned-looking: the page fills the frame, square to the camera.
        case flat
        /// Taken with a phone: the page at an angle on a table, a shadow, motion blur.
        case phone
        /// Each image draws one of the two (about half each).
        case mixed
    }

    /// Prepares a generator; `size` defaults to `kind.defaultSize`.
    public init(kind: DatasetKind, seed: UInt64, size: (width: Int, height: Int)? = nil,
                capture: Capture = .mixed) throws(SynthesisError) {
        let s = size ?? kind.defaultSize
        guard (64...8000).contains(s.width), (64...8000).contains(s.height) else {
            throw SynthesisError(.invalidArgument, "size \(s.width)x\(s.height) is outside 64…8000 pixels per side")
        }
        try FontCheck.requireAll()
        self.kind = kind
        self.seed = seed
        self.width = s.width
        self.height = s.height
        self.capture = capture
        self.photographer = Photographer(textures: try TextureSet())
    }

    /// The labels.csv header for this kind.
    public var csvHeader: [String] {
        kind.isDocumentKind
            ? ["filename", "permit_number", "kind", "document", "number_label"] + Degradation.csvHeader
                + ["capture", "glyph_px"] + RenderFacts.csvHeader + ["stamp_over_number", "distractors", "surface"]
            : ["filename", "serial", "preset", "device_type", "scene", "serial_format", "glyph_px", "font"] + Degradation.csvHeader
                + RenderFacts.csvHeader + ["sighting"]
    }

    /// Renders image `index`.
    public func sample(at index: Int) throws(SynthesisError) -> GeneratedSample {
        let plan = self.plan(at: index)
        let shot = try self.shot(plan)
        let jpeg: Data
        do { jpeg = try shot.image.jpegData(quality: plan.degradation.jpegQuality) } catch {
            throw SynthesisError(.imagingFailed, error.message)
        }
        let filename = "\(kind.rawValue)_\(String(format: "%05d", index)).jpg"
        let fields: [String]
        // Facts describe the labelled text; an unreadable permit still shows its number.
        let hasText = shot.marks.keyBox != nil
        if kind.isDocumentKind {
            fields = [filename, plan.label, plan.documentKind, plan.variant, plan.numberLabel] + plan.degradation.csvFields
                + [plan.capture.rawValue, hasText ? Degradation.fixed(shot.facts.glyphPixels, 1) : ""]
                + shot.facts.csvFields(hasText: hasText)
                + [plan.stampOverNumber ? "true" : "false", plan.distractors, plan.surface]
        } else {
            fields = [filename, plan.label, plan.preset, plan.deviceType, shot.marks.variant,
                      plan.label.isEmpty ? "" : String(plan.label.count),
                      plan.label.isEmpty ? "" : Degradation.fixed(shot.marks.glyphPixels, 1),
                      shot.marks.fonts.joined(separator: "+")] + plan.degradation.csvFields
                + shot.facts.csvFields(hasText: hasText && !plan.label.isEmpty) + [plan.label.isEmpty ? "" : shot.sighting]
        }
        return GeneratedSample(filename: filename, jpeg: jpeg, label: plan.label, fields: fields, pageCorners: shot.pageCorners,
                               textCorners: shot.textCorners, textGlyphPixels: shot.textCorners.isEmpty ? 0 : shot.facts.glyphPixels)
    }

    /// The photograph `plan` describes, at its own size (a phone photo's) or the generator's.
    func shot(_ plan: Plan) throws(SynthesisError) -> Shot {
        var fx = SplitMix64(seed: plan.fxSeed)
        let size = plan.size ?? (width, height)
        return try photographer.shoot(plan.scene, width: size.width, height: size.height, degradation: plan.degradation, fx: &fx)
    }

    /// A clean, undegraded render of image `index`'s scene, enlarged so that the labelled text's
    /// capitals are about `capHeight` pixels tall (Tesseract reads best around 30–40 px), and
    /// where that text lies (pixels of the returned image). Tests read it back with Tesseract
    /// to prove that every label is really drawn.
    public func cleanRender(at index: Int, capHeight: Double = 36) throws(SynthesisError) -> (image: Image, label: String, keyBox: PixelRect?) {
        let plan = self.plan(at: index)
        let (width, height) = plan.size ?? (self.width, self.height)
        var fx = SplitMix64(seed: plan.fxSeed)
        // A first render at nominal size tells how tall the labelled text is.
        let nominal = try photographer.shoot(plan.scene, width: width, height: height, degradation: .none, fx: &fx)
        let glyph = nominal.marks.glyphPixels
        let upscale = glyph > 0 ? min(6, max(1, capHeight / glyph)) : 1
        var fx2 = SplitMix64(seed: plan.fxSeed)
        let shot = try photographer.shoot(plan.scene, width: width, height: height, degradation: .none, fx: &fx2, upscale: upscale)
        let box = shot.marks.keyBox.map {
            PixelRect(x: Int($0.x.rounded(.down)), y: Int($0.y.rounded(.down)),
                      width: Int($0.width.rounded(.up)) + 1, height: Int($0.height.rounded(.up)) + 1)
        }
        return (shot.image, plan.label, box)
    }

    /// Image `index`'s scene drawn without any camera effect, and what it marked: its text rows
    /// and the labelled text's box. Tests check the layout geometry with it.
    func marks(at index: Int) throws(SynthesisError) -> SceneMarks {
        let plan = self.plan(at: index)
        var fx = SplitMix64(seed: plan.fxSeed)
        return try photographer.shoot(plan.scene, width: width, height: height, degradation: .none, fx: &fx).marks
    }

    /// Renders images `0..<count` into `folder` (created if needed) with a `labels.csv`;
    /// `progress` is called after each image with the number done. With `textCrops`, each
    /// image's labelled text is also written there as `<image name>.png` (`TextCrop`), for a
    /// check of the legibility bounds by eye.
    public func write(count: Int, to folder: URL, textCrops: URL? = nil, progress: ((Int) -> Void)? = nil) throws(SynthesisError) {
        precondition(count >= 0, "count must not be negative")
        for f in [folder] + (textCrops.map { [$0] } ?? []) {
            do { try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true) } catch {
                throw SynthesisError(.writeFailed, "cannot create \(f.path): \(error.localizedDescription)")
            }
        }
        var csv = CSVText.line(csvHeader)
        for i in 0..<count {
            let s = try sample(at: i)
            let url = folder.appendingPathComponent(s.filename)
            do { try s.jpeg.write(to: url) } catch {
                throw SynthesisError(.writeFailed, "cannot write \(url.path): \(error.localizedDescription)")
            }
            if let textCrops { try Self.writeTextCrop(of: s, into: textCrops) }
            csv += CSVText.line(s.fields)
            progress?(i + 1)
        }
        let labels = folder.appendingPathComponent("labels.csv")
        do { try Data(csv.utf8).write(to: labels) } catch {
            throw SynthesisError(.writeFailed, "cannot write \(labels.path): \(error.localizedDescription)")
        }
    }

    /// Writes `sample`'s `TextCrop` as `<image name>.png` into `folder`, when it shows text.
    static func writeTextCrop(of sample: GeneratedSample, into folder: URL) throws(SynthesisError) {
        let png: Data
        do {
            guard let crop = try TextCrop.make(sample) else { return }
            png = try crop.pngData()
        } catch {
            throw SynthesisError(.imagingFailed, "cannot cut the text of \(sample.filename): \(error.message)")
        }
        let url = folder.appendingPathComponent((sample.filename as NSString).deletingPathExtension + ".png")
        do { try png.write(to: url) } catch {
            throw SynthesisError(.writeFailed, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    // MARK: Planning

    /// Everything decided for one image before drawing.
    struct Plan {
        var scene: any Scene
        var degradation: Degradation
        var fxSeed: UInt64
        var label = ""
        var preset = ""
        var deviceType = ""
        var documentKind = ""
        var variant = ""
        var numberLabel = ""
        /// How a document was photographed (`flat` for serial scenes).
        var capture = Capture.flat
        /// The photo's size when it is not the generator's (phone photos).
        var size: (width: Int, height: Int)?
        /// Whether a stamp covers part of the permit's number.
        var stampOverNumber = false
        /// The permit's look-alike numbers near its heading, e.g. `decree+phone` (empty: none).
        var distractors = ""
        /// What the document lies on (empty when the scene is not a sheet of paper).
        var surface = ""
    }

    func plan(at index: Int) -> Plan {
        precondition(index >= 0, "index must not be negative")
        let imageSeed = SplitMix64.derive(SplitMix64.derive(seed, kind.streamID), UInt64(index))
        var rng = SplitMix64(seed: SplitMix64.derive(imageSeed, 1))
        var fx = SplitMix64(seed: SplitMix64.derive(imageSeed, 2))
        let fxSeed = SplitMix64.derive(imageSeed, 3)
        switch kind {
        case .etched: return serialPlan(.etched, withSerial: true, &rng, &fx, fxSeed)
        case .screen: return serialPlan(.screen, withSerial: true, &rng, &fx, fxSeed)
        case .sticker: return serialPlan(.sticker, withSerial: true, &rng, &fx, fxSeed)
        case .negative:
            let k = rng.pick([SceneKind.etched, .screen, .sticker])
            return serialPlan(k, withSerial: false, &rng, &fx, fxSeed)
        case .permit, .documentNegative:
            var plan = documentPlan(index: index, &rng, &fx, fxSeed)
            // Its own stream: choosing the capture never changes a document's content.
            var captureRNG = SplitMix64(seed: SplitMix64.derive(imageSeed, 4))
            plan.capture = capture != .mixed ? capture : (captureRNG.chance(0.5) ? .phone : .flat)
            if plan.capture == .phone { plan.photographByPhone(requested: (width, height), using: &captureRNG) }
            return plan
        }
    }

    private func documentPlan(index: Int, _ rng: inout SplitMix64, _ fx: inout SplitMix64, _ fxSeed: UInt64) -> Plan {
        switch kind {
        case .permit:
            // A low-discrepancy draw keeps the 70/18/12 mix close in every prefix of the set
            // (40 images hold ~5 unreadable ones, not 1 by bad luck).
            let r = (Double(index) * 0.618_033_988_749_895 + Double(seed % 1000) / 1000).truncatingRemainder(dividingBy: 1)
            return r < 0.7 ? permitPlan(harsh: false, &rng, &fx, fxSeed)
                : r < 0.88 ? notPermitPlan(&rng, &fx, fxSeed) : permitPlan(harsh: true, &rng, &fx, fxSeed)
        case .documentNegative:
            let r = (Double(index) * 0.618_033_988_749_895 + Double(seed % 1000) / 1000).truncatingRemainder(dividingBy: 1)
            return r < 0.65 ? notPermitPlan(&rng, &fx, fxSeed) : permitPlan(harsh: true, &rng, &fx, fxSeed)
        default: preconditionFailure("\(kind) is not a document kind")
        }
    }

    private func serialPlan(_ sceneKind: SceneKind, withSerial: Bool, _ rng: inout SplitMix64, _ fx: inout SplitMix64,
                            _ fxSeed: UInt64) -> Plan {
        let scene: any Scene
        var plan: Plan
        let degradation = Degradation.draw(for: sceneKind, using: &fx)
        switch sceneKind {
        case .etched:
            let model = rng.pick(EtchedScene.models)
            let r = rng.unit()
            let format: SerialFactory.Format = r < 0.8 ? .twelve : (r < 0.95 ? .ten : .eleven)
            let serial = SerialFactory.make(format, modelCode: rng.pick(model.modelCodes), using: &rng)
            var s = EtchedScene.random(serial: withSerial ? serial : nil, model: model, rng: &rng)
            var d = degradation
            // Far shots: capitals 8–12 px in the photo, as on the real far shots.
            if !s.closeup { s.capHeight = rng.uniform(8, 12) / d.scale }
            if s.closeup {
                // Held close: little zoom left to draw, and usually a soft focus.
                d.scale = rng.uniform(0.95, 1.05)
                let b = rng.unit()
                d.blur = b < 0.3 ? 0 : (b < 0.75 ? 1 : (b < 0.95 || s.capHeight * d.scale < 20 ? 2 : 3))
            } else if d.blur >= 2 && s.capHeight * d.scale < 10 {
                // Tiny glyphs and a strong defocus together are illegible, unlike real far shots.
                d.blur = 1
            }
            scene = s
            plan = Plan(scene: scene, degradation: d, fxSeed: fxSeed, preset: "etched", deviceType: "MacBook")
            plan.label = withSerial ? serial : ""
        case .screen:
            let r = rng.unit()
            let format: SerialFactory.Format = r < 0.55 ? .ten : (r < 0.95 ? .twelve : .eleven)
            let serial = SerialFactory.make(format, using: &rng)
            let s = ScreenScene.random(serial: withSerial ? serial : nil, rng: &rng)
            plan = Plan(scene: s, degradation: degradation, fxSeed: fxSeed, preset: "screen", deviceType: s.device.kind)
            plan.label = withSerial ? serial : ""
        case .sticker, .document:
            let format: SerialFactory.Format = rng.chance(0.6) ? .ten : .twelve
            let serial = SerialFactory.make(format, using: &rng)
            let s = StickerScene.random(serial: withSerial ? serial : nil, rng: &rng)
            plan = Plan(scene: s, degradation: degradation, fxSeed: fxSeed, preset: "sticker", deviceType: s.product.deviceType)
            plan.label = withSerial ? serial : ""
        }
        return plan
    }

    private func permitPlan(harsh: Bool, _ rng: inout SplitMix64, _ fx: inout SplitMix64, _ fxSeed: UInt64) -> Plan {
        let number = PermitNumberFactory.make(using: &rng)
        let scene = PermitScene.random(number: number, rng: &rng)
        var plan = Plan(scene: scene, degradation: Degradation.draw(for: .document, harsh: harsh, using: &fx), fxSeed: fxSeed)
        plan.label = harsh ? "" : number
        plan.documentKind = harsh ? "unreadable" : "permit"
        plan.variant = "restaurant_permit"
        plan.numberLabel = scene.numberLabel
        plan.stampOverNumber = scene.stamp != nil
        plan.distractors = scene.distractors.name
        plan.surface = scene.surface.rawValue
        return plan
    }

    private func notPermitPlan(_ rng: inout SplitMix64, _ fx: inout SplitMix64, _ fxSeed: UInt64) -> Plan {
        let type = rng.pick(DocumentScene.DocumentType.allCases + [nil])
        var plan: Plan
        if let type {
            let scene = DocumentScene.random(type, rng: &rng)
            plan = Plan(scene: scene, degradation: Degradation.draw(for: .document, using: &fx), fxSeed: fxSeed)
            plan.variant = type.rawValue
            plan.surface = scene.surface.rawValue
        } else {
            let serial = SerialFactory.make(.twelve, using: &rng)
            let scene = StickerScene.random(serial: serial, rng: &rng)
            plan = Plan(scene: scene, degradation: Degradation.draw(for: .sticker, using: &fx), fxSeed: fxSeed)
            plan.variant = "device_label"
        }
        plan.documentKind = "not_permit"
        return plan
    }
}
