import Evaluation
import Foundation
import Imaging
import Recognition
import Yams

/// A serial preset: the whole recipe of one pipeline, loaded from YAML.
public struct Preset: Codable, Sendable, Hashable {
    /// How the full photo is read to find the layout and the anchors.
    public struct Page: Codable, Sendable, Hashable {
        /// The photo is first fitted so its longest side is at most this.
        public var maxSide: Int
        /// Scales (relative to the fitted photo) for the layout read, tried in order.
        public var scales: [Double]
        /// Preprocessing variants for the layout read, tried in order until an anchor is found.
        public var variants: [Variant]
        public var psm: PageSegmentation
        /// After the probe (the first scale and variant in each rotation), the rest of the
        /// search runs only when a serial's label was seen, by the line stage or the probe: the
        /// other scales and variants are there to read a serial beside its label, and a serial
        /// without one is a weak token that never reaches 0.8. Without a label they only cost
        /// time (1.5 s on a photo without a serial). Default true.
        public var searchNeedsLabel = true
        enum CodingKeys: String, CodingKey { case maxSide = "max_side", scales, variants, psm, searchNeedsLabel = "search_needs_label" }
    }

    /// A preprocessing variant applied to a crop before it is re-read.
    public enum Variant: String, Codable, Sendable, Hashable, CaseIterable {
        case gray, backgroundNorm = "background_norm", sauvola, otsu, contrast, inverted
        /// Two 5×5 box means (`Image.defocused(halfWidth: 2)`), then a contrast stretch: a
        /// screen photo's moiré stripes averaged out.
        case smooth
        /// The moiré's peaks cut out of the spectrum (`Image.descreened`: stripes shorter than
        /// the image's height / 4.5, about 0.4 glyph heights in a line's band), then a contrast
        /// stretch: the stripes go, the text stays as sharp as it was.
        case descreen
    }

    /// How text lines are found without Tesseract's layout analysis and read whole with the
    /// serial model (the first stage when present).
    public struct Lines: Codable, Sendable, Hashable {
        /// The photo is fitted so its longest side is at most this before lines are searched.
        public var maxSide: Int
        /// Glyph height (px) each line is scaled to before it is read.
        public var targetHeight: Int
        /// At most this many lines (those with the most glyphs) are read per orientation.
        public var maxLines: Int
        /// Chains of fewer glyphs are not read.
        public var minGlyphs: Int
        /// Components shorter than this (px, in the fitted photo) are not glyphs. Default 6;
        /// 4 keeps the faint, broken glyphs of small etched text seen from afar, at the cost of
        /// more candidate components (moiré on a screen photo breaks into many).
        public var minGlyphHeight: Int?
        /// When set (odd, px), glyphs are found in a box-smoothed copy of the photo: a screen
        /// photo's moiré stripes otherwise chain like text and crowd the real lines out.
        public var smooth: Int?
        /// The least grey levels a pixel must differ from its neighbourhood's mean by to count
        /// as ink (`TextLineFinder.Options.minContrast`). Default 8.
        public var minContrast: Double?
        /// Text darker than its background (`dark`) first, then lighter (`light`), while no
        /// anchored serial is found.
        public var polarities: [Polarity]
        /// When set, a photo whose median grey is below it is a dark-mode screen: the
        /// polarities are tried in reverse order (light text first).
        public var darkModeMedian: Int?
        /// How an upside-down photo is caught when the preset tries 180°: `probe` reads the
        /// longest lines both ways first; `fallback` reads upright and turns the lines over only
        /// when that found no labelled serial and read as garbage (cheaper when photos are
        /// nearly always upright). Default `probe`.
        public var flip: Flip?
        /// When set: lines read at this mean confidence or more, with no serial label and no
        /// serial-shaped value among them, end the read. The photo's text is legible and holds
        /// no serial, so the other polarity and the page search are skipped (on a photo without
        /// a serial they cost more than the read itself).
        public var conclusiveConfidence: Double?
        /// The fewest lines a polarity must have read for `conclusive_confidence` to end the
        /// read. Default 1.
        public var conclusiveLines: Int?
        /// The preprocessing of a line's band before its read (after scaling to the target
        /// height). Default `gray`, the band as it is.
        public var readVariant: Variant?
        /// When true, lines ending in a serial-shaped word (`SerialShape`), each after the lines
        /// it continues on its row (a label column's label), probe the orientation and are read
        /// before the others. Default false: longest first.
        public var serialFirst: Bool?
        public enum Flip: String, Codable, Sendable, Hashable { case probe, fallback }
        public enum Polarity: String, Codable, Sendable, Hashable { case dark, light }
        enum CodingKeys: String, CodingKey {
            case maxSide = "max_side", targetHeight = "target_height", maxLines = "max_lines", minGlyphs = "min_glyphs", polarities
            case minGlyphHeight = "min_glyph_px", smooth, minContrast = "min_contrast", darkModeMedian = "dark_mode_median", flip
            case conclusiveConfidence = "conclusive_confidence", conclusiveLines = "conclusive_lines", readVariant = "read_variant", serialFirst = "serial_first"
        }
    }

    /// How a blurred photo is read again (`SerialPipeline.read`): when the first read found no
    /// serial at `early_stop_confidence`, the photo is fitted to `max_side`, deconvolved
    /// (`Image.deconvolved`: Richardson–Lucy by a Gaussian of `sigma` px, `iterations` times)
    /// and read once more; the surer read is kept. Nil: never.
    public struct Deblur: Codable, Sendable, Hashable {
        public var maxSide: Int
        public var sigma: Double
        public var iterations: Int
        /// Read again only when the first read saw a serial's label somewhere (an anchor, with
        /// or without its value): a photo of a case's text with none (no serial in the frame)
        /// is not read twice. Default false.
        public var needsLabel = false
        /// The deblurred read is kept only when its answer reaches this confidence (and is surer
        /// than the first read's): deconvolution sharpens what is there and what is not, and a
        /// soft photo's glyphs read from it unsurely are as often made up. Default 0.
        public var keepAt = 0.0
        /// When the read deconvolved by `sigma` is not kept, the photo is deconvolved by this σ
        /// instead and read once more, under the same rule. Default none.
        public var retrySigma: Double?
        enum CodingKeys: String, CodingKey {
            case maxSide = "max_side", sigma, iterations, needsLabel = "needs_label", keepAt = "keep_at", retrySigma = "retry_sigma"
        }

        public init(maxSide: Int, sigma: Double, iterations: Int, needsLabel: Bool = false, keepAt: Double = 0, retrySigma: Double? = nil) {
            self.maxSide = maxSide; self.sigma = sigma; self.iterations = iterations; self.needsLabel = needsLabel; self.keepAt = keepAt
            self.retrySigma = retrySigma
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            maxSide = try c.decode(Int.self, forKey: .maxSide)
            sigma = try c.decode(Double.self, forKey: .sigma)
            iterations = try c.decode(Int.self, forKey: .iterations)
            needsLabel = try c.decode(.needsLabel, default: false)
            keepAt = try c.decode(.keepAt, default: 0.0)
            retrySigma = try c.decodeIfPresent(Double.self, forKey: .retrySigma)
        }

        /// The σ the photo is deconvolved by, in the order they are tried.
        public var sigmas: [Double] { [sigma] + (retrySigma.map { [$0] } ?? []) }

        /// `image` as grey, fitted to `maxSide`, deconvolved by `sigma` (by default the first).
        public func restore(_ image: Image, sigma: Double? = nil) throws(ImagingError) -> Image {
            let fit = Double(maxSide) / Double(max(image.width, image.height))
            let fitted = fit < 1 ? try image.scaled(by: fit) : image
            return try fitted.deconvolved(sigma: sigma ?? self.sigma, iterations: iterations)
        }
    }

    /// How a photo read without a confident serial is read once more, by the line stage alone,
    /// with fainter ink taken for glyphs (`SerialPipeline.read`, after `deblur`): its ink floor
    /// lowered to `min_contrast` grey levels in a copy smoothed by a `smooth` px box. A blurred,
    /// low-contrast etched row stands 5–8 grey levels off its metal: under the default floor
    /// of 8 its glyphs break into specks and pieces, and no line chains through its serial.
    /// Lowered for every read, the floor lets the metal's grain chain too and changes sure
    /// answers (dev seed 102411: 5 fixed, 8 broken at `min_contrast: 5`).
    public struct Faint: Codable, Sendable, Hashable {
        public var minContrast: Double
        public var smooth: Int
        /// The faint read is kept only when its answer reaches this confidence and is surer
        /// than the reads before it.
        public var keepAt: Double
        enum CodingKeys: String, CodingKey { case minContrast = "min_contrast", smooth, keepAt = "keep_at" }

        /// `preset` with its line stage set to find faint glyphs, and no read after it.
        public func applied(to preset: Preset) -> Preset {
            var p = preset
            p.lines?.minContrast = minContrast
            p.lines?.smooth = smooth
            p.deblur = nil
            p.faint = nil
            return p
        }
    }

    public var name: String = ""
    public var description: String
    public var page: Page
    public var crop: Crop
    /// The line stage; absent = page reads only.
    public var lines: Lines?
    /// Words after which a serial is printed, upper-case.
    public var anchors: [String]
    /// Rotations (degrees clockwise) to try, in order; the first is normally 0.
    public var rotations: [Int]
    /// Stop as soon as an answer reaches this confidence.
    public var earlyStopConfidence: Double
    /// Hard budget per image, seconds.
    public var maxProcessingTime: Double
    /// Candidates below this confidence are dropped.
    public var minConfidence: Double
    /// The traineddata that reads serial crops: `eng` (Tesseract's) or `serial` (ours, in
    /// `Models/`). The page layout is always read with `eng`.
    public var serialModel: String = "eng"
    /// A voted serial whose least-supported character has under this share of its position's
    /// votes is doubtful: its confidence stays under 0.8 (calibrated per preset: 0.8 where the
    /// model's 5/6 and 2/7 slips on real etched photos agree across crops, 0.7 elsewhere).
    public var doubtfulSupport: Double = 0.7
    /// The confidence formula's numbers (`calibration:`).
    public var calibration = Calibration()
    /// How much each kind of read counts in a vote (`reads:`).
    public var reads = Reads()
    /// The line stage's upright / upside-down thresholds (`orientation:`).
    public var orientation = Orientation()
    /// How a photo read without a confident serial is read again deblurred; nil: never.
    public var deblur: Deblur?
    /// How a photo read without a confident serial is read again with faint glyphs; nil: never.
    public var faint: Faint?

    enum CodingKeys: String, CodingKey {
        case description, page, crop, lines, anchors, rotations
        case earlyStopConfidence = "early_stop_confidence"
        case maxProcessingTime = "max_processing_time"
        case minConfidence = "min_confidence"
        case serialModel = "serial_model"
        case doubtfulSupport = "doubtful_support"
        case calibration, reads, orientation, deblur, faint
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = try c.decode(String.self, forKey: .description)
        page = try c.decode(Page.self, forKey: .page)
        crop = try c.decode(Crop.self, forKey: .crop)
        lines = try c.decodeIfPresent(Lines.self, forKey: .lines)
        anchors = try c.decode([String].self, forKey: .anchors)
        rotations = try c.decode([Int].self, forKey: .rotations)
        earlyStopConfidence = try c.decode(Double.self, forKey: .earlyStopConfidence)
        maxProcessingTime = try c.decode(Double.self, forKey: .maxProcessingTime)
        minConfidence = try c.decode(Double.self, forKey: .minConfidence)
        serialModel = try c.decode(.serialModel, default: serialModel)
        doubtfulSupport = try c.decode(.doubtfulSupport, default: doubtfulSupport)
        calibration = try c.decode(.calibration, default: calibration)
        reads = try c.decode(.reads, default: reads)
        orientation = try c.decode(.orientation, default: orientation)
        deblur = try c.decodeIfPresent(Deblur.self, forKey: .deblur)
        faint = try c.decodeIfPresent(Faint.self, forKey: .faint)
    }

    /// The parameters as flat strings (the backend's `extract_params`): the keys below, then
    /// every other value of the recipe under its YAML path (`crop.token_margin`,
    /// `calibration.learned.weights`, `anchors`, …), so that two runs whose presets differ in
    /// anything they read with report different parameters.
    public var flatParameters: [String: String] {
        var flat = namedParameters
        let summarised: Set<String> = ["description", "lines", "deblur"]
        for (path, value) in Self.leaves(of: self) where !summarised.contains(String(path.prefix { $0 != "." })) && flat[path] == nil {
            flat[path] = value
        }
        return flat
    }

    /// The scalar values of `preset`'s YAML, by dotted path; a list of scalars joined by commas.
    static func leaves(of preset: Preset) -> [(String, String)] {
        guard let yaml = try? YAMLEncoder().encode(preset), let node = try? Yams.compose(yaml: yaml) else { return [] }
        // Numbers as Swift prints them (`0.35`, `13.0`), not as YAML's encoder does (`3.5e-1`).
        func text(_ s: Node.Scalar) -> String {
            guard Int(s.string) == nil, s.string.contains(where: \.isNumber), let d = Double(s.string) else { return s.string }
            return String(d)
        }
        var out: [(String, String)] = []
        func walk(_ node: Node, _ path: String) {
            switch node {
            case .scalar(let s): out.append((path, text(s)))
            case .sequence(let items):
                if items.allSatisfy({ $0.scalar != nil }) { out.append((path, items.compactMap { $0.scalar.map(text) }.joined(separator: ","))) }
                else { for (i, item) in items.enumerated() { walk(item, "\(path).\(i)") } }
            case .mapping(let pairs):
                for (k, v) in pairs { walk(v, path.isEmpty ? k.string ?? "" : "\(path).\(k.string ?? "")") }
            case .alias: break
            }
        }
        walk(node, "")
        return out
    }

    /// The parameters named since the first version, in the backend's shapes (`lines` and
    /// `deblur` each summarised in one string).
    private var namedParameters: [String: String] {
        [
            "preset": name,
            "page.max_side": String(page.maxSide), "page.scales": page.scales.map { String($0) }.joined(separator: ","),
            "page.variants": page.variants.map(\.rawValue).joined(separator: ","), "page.psm": page.psm.rawValue,
            "crop.target_heights": crop.targetHeights.map(String.init).joined(separator: ","),
            "crop.variants": crop.variants.map(\.rawValue).joined(separator: ","),
            "crop.psm": crop.psm.rawValue, "crop.reach": String(crop.reach), "crop.tilt_slack": String(crop.tiltSlack),
            "lines": lines.map { "max_side=\($0.maxSide),target_height=\($0.targetHeight),max_lines=\($0.maxLines),min_glyphs=\($0.minGlyphs),polarities=\($0.polarities.map(\.rawValue).joined(separator: "+"))" + ($0.darkModeMedian.map { ",dark_mode_median=\($0)" } ?? "") + ($0.flip.map { ",flip=\($0.rawValue)" } ?? "")
                + ($0.readVariant.map { ",read_variant=\($0.rawValue)" } ?? "") + ($0.minGlyphHeight.map { ",min_glyph_px=\($0)" } ?? "")
                + ($0.smooth.map { ",smooth=\($0)" } ?? "") + ($0.minContrast.map { ",min_contrast=\($0)" } ?? "") + ($0.conclusiveConfidence.map { ",conclusive_confidence=\($0)" } ?? "")
                + ($0.conclusiveLines.map { ",conclusive_lines=\($0)" } ?? "") + ($0.serialFirst.map { ",serial_first=\($0)" } ?? "") } ?? "off",
            "rotations": rotations.map(String.init).joined(separator: ","),
            "early_stop_confidence": String(earlyStopConfidence),
            "max_processing_time": String(maxProcessingTime),
            "min_confidence": String(minConfidence),
            "serial_model": serialModel,
            "doubtful_support": String(doubtfulSupport),
            "deblur": deblur.map { "max_side=\($0.maxSide),sigma=\($0.sigma),iterations=\($0.iterations)" + ($0.needsLabel ? ",needs_label" : "") + ($0.keepAt > 0 ? ",keep_at=\($0.keepAt)" : "")
                + ($0.retrySigma.map { ",retry_sigma=\($0)" } ?? "") } ?? "off",
        ]
    }
}

/// A set of named presets.
public struct PresetCatalog: Sendable {
    public private(set) var presets: [String: Preset]

    /// Errors loading a preset file.
    public struct LoadError: Error, CustomStringConvertible, Sendable { public var description: String }

    private struct File: Codable { var presets: [String: Preset] }

    /// The presets shipped with ScanBench.
    public static func builtIn() throws(LoadError) -> PresetCatalog {
        guard let url = Bundle.module.url(forResource: "presets", withExtension: "yaml") else {
            throw LoadError(description: "the built-in presets.yaml is missing from the bundle")
        }
        return try load(url)
    }

    /// Loads a preset file.
    public static func load(_ url: URL) throws(LoadError) -> PresetCatalog {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw LoadError(description: "cannot read preset file \(url.path): \(error.localizedDescription)")
        }
        return try parse(text, source: url.path)
    }

    /// Parses preset YAML.
    public static func parse(_ yaml: String, source: String = "presets") throws(LoadError) -> PresetCatalog {
        do {
            var file = try YAMLDecoder().decode(File.self, from: yaml)
            for k in file.presets.keys { file.presets[k]?.name = k }
            return PresetCatalog(presets: file.presets)
        } catch {
            throw LoadError(description: "\(source) is not a valid preset file: \(error)")
        }
    }

    /// Presets from `other` replace or add to these.
    public func merging(_ other: PresetCatalog) -> PresetCatalog {
        PresetCatalog(presets: presets.merging(other.presets) { _, new in new })
    }

    /// The preset called `name`.
    public func preset(_ name: String) throws(LoadError) -> Preset {
        guard let p = presets[name] else {
            throw LoadError(description: "no preset named '\(name)'; available: \(presets.keys.sorted().joined(separator: ", "))")
        }
        return p
    }

    /// Serialises back to YAML (for tuned preset files).
    public func yaml() throws -> String {
        try YAMLEncoder().encode(File(presets: presets))
    }

    /// The contract's device → preset mapping; unknown Mac-like names → etched, iPhone/iPad →
    /// screen, Watch/accessories → sticker, otherwise etched.
    public static func presetName(forDevice device: String?) -> String {
        let d = (device ?? "").lowercased()
        if d.contains("iphone") || d.contains("ipad") { return "screen" }
        if d.contains("watch") || d.contains("accessor") || d.contains("airpods") || d.contains("box") { return "sticker" }
        return "etched"
    }
}

extension PresetCatalog {
    /// Every preset with `seconds` as its time budget per image (`max_processing_time`).
    public func withTimeBudget(_ seconds: Double) -> PresetCatalog {
        var c = self
        for name in presets.keys { c.presets[name]?.maxProcessingTime = seconds }
        return c
    }

    /// Every preset with `learned` as its learned calibration (`scanbench calibrate --out`), or
    /// with none (the formula's confidence alone).
    public func withLearnedCalibration(_ learned: LearnedCalibration?) -> PresetCatalog {
        var c = self
        for name in presets.keys { c.presets[name]?.calibration.learned = learned }
        return c
    }
}

extension Preset.Page {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        maxSide = try c.decode(Int.self, forKey: .maxSide)
        scales = try c.decode([Double].self, forKey: .scales)
        variants = try c.decode([Preset.Variant].self, forKey: .variants)
        psm = try c.decode(PageSegmentation.self, forKey: .psm)
        searchNeedsLabel = try c.decode(.searchNeedsLabel, default: searchNeedsLabel)
    }
}
