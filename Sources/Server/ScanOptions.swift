import Foundation
import Harness
import SerialReading

/// The knobs of one `/process-serial` or `/scan` request: which preset reads the image and how
/// far the progressive pipeline may go. Unset knobs keep the preset's values.
public struct ScanOptions: Sendable, Hashable {
    /// `etched`, `screen`, `sticker` (or any catalog preset); `nil`: from `deviceType`, else
    /// every preset, best answer kept.
    public var preset: String?
    public var deviceType: String?
    public var minConfidence: Double?
    /// `false`: only the first rotation, page scale and page variant (no fallback stages).
    public var useProgressive: Bool = true
    public var earlyStopConfidence: Double?
    /// Seconds; at most the server's request time limit.
    public var maxProcessingTime: Double?
    /// Degrees clockwise, each of 0, 90, 180, 270.
    public var rotations: [Int]?

    public init(preset: String? = nil, deviceType: String? = nil, minConfidence: Double? = nil, useProgressive: Bool = true,
                earlyStopConfidence: Double? = nil, maxProcessingTime: Double? = nil, rotations: [Int]? = nil) {
        self.preset = preset; self.deviceType = deviceType; self.minConfidence = minConfidence
        self.useProgressive = useProgressive; self.earlyStopConfidence = earlyStopConfidence
        self.maxProcessingTime = maxProcessingTime; self.rotations = rotations
    }

    /// Parses the knobs from `values` (query parameters, then form fields), refusing bad values
    /// with a 400 that names the parameter.
    static func parse(_ value: (String) -> String?, catalog: PresetCatalog, maxProcessingTime cap: Double) throws(APIError) -> ScanOptions {
        var o = ScanOptions()
        func number(_ name: String, in range: ClosedRange<Double>) throws(APIError) -> Double? {
            guard let raw = value(name), !raw.isEmpty else { return nil }
            guard let x = Double(raw), x.isFinite, range.contains(x) else {
                throw APIError.invalidParameter(name, "'\(raw)' is not a number within \(range.lowerBound)…\(range.upperBound)")
            }
            return x
        }
        if let p = value("preset")?.lowercased(), !p.isEmpty {
            let choice: PresetChoice
            do { choice = try PresetChoice(parsing: p, catalog: catalog) } catch { throw APIError.invalidParameter("preset", error.description) }
            switch choice {
            case .auto: break
            case .permit: throw APIError.invalidParameter("preset", "permit photos are read by POST /permit, not as serials")
            case .named(let name): o.preset = name
            }
        }
        if let d = value("device_type"), !d.isEmpty { o.deviceType = d }
        o.minConfidence = try number("min_confidence", in: 0...1)
        o.earlyStopConfidence = try number("early_stop_confidence", in: 0...1)
        o.maxProcessingTime = try number("max_processing_time", in: 0.1...cap)
        if let raw = value("use_progressive"), !raw.isEmpty {
            switch raw.lowercased() {
            case "true", "1", "yes", "on": o.useProgressive = true
            case "false", "0", "no", "off": o.useProgressive = false
            default: throw APIError.invalidParameter("use_progressive", "'\(raw)' is not true or false")
            }
        }
        if let raw = value("rotations"), !raw.isEmpty {
            var list: [Int] = []
            // Exactly the document's pattern: each of 0, 90, 180, 270, spaces around allowed
            // (no `+90`, `090` or tabs, which `Int(_:)` and `.whitespaces` would let through).
            for piece in raw.split(separator: ",", omittingEmptySubsequences: false) {
                let token = piece.trimmingCharacters(in: CharacterSet(charactersIn: " "))
                guard let r = ["0": 0, "90": 90, "180": 180, "270": 270][token] else {
                    throw APIError.invalidParameter("rotations", "'\(raw)' is not a comma-separated list of 0, 90, 180, 270")
                }
                if !list.contains(r) { list.append(r) }
            }
            o.rotations = list
        }
        return o
    }

    /// The presets to run, in order: the one asked for, the device's, or every preset
    /// (etched, sticker, screen first, as the CLI's `auto`).
    func presetNames(in catalog: PresetCatalog) -> [String] {
        if let preset { return [preset] }
        if let deviceType { return [PresetCatalog.presetName(forDevice: deviceType)] }
        let first = ["etched", "sticker", "screen"].filter { catalog.presets[$0] != nil }
        return first + catalog.presets.keys.sorted().filter { !first.contains($0) }
    }

    /// `preset` with these knobs applied.
    func applied(to preset: Preset) -> Preset {
        var p = preset
        if let minConfidence { p.minConfidence = minConfidence }
        if let earlyStopConfidence { p.earlyStopConfidence = earlyStopConfidence }
        if let maxProcessingTime { p.maxProcessingTime = maxProcessingTime }
        if let rotations { p.rotations = rotations }
        if !useProgressive {
            p.rotations = Array(p.rotations.prefix(1))
            p.page.scales = Array(p.page.scales.prefix(1))
            p.page.variants = Array(p.page.variants.prefix(1))
        }
        return p
    }
}
