import SerialReading
import PermitReading

/// Which reader a run uses: the serial pipeline choosing a preset per image (`auto`), the
/// permit pipeline (`permit`), or the serial pipeline with one named preset. Parsed once, with
/// one error message, by the CLI and the server alike.
public enum PresetChoice: Hashable, Sendable, CustomStringConvertible {
    /// By device type, else the best of every preset.
    case auto
    /// The permit pipeline (`PermitSampleReader`).
    case permit
    /// One preset of the catalog.
    case named(String)

    /// `auto`, `permit`, or a preset `catalog` holds (names are case-sensitive).
    public init(parsing name: String, catalog: PresetCatalog) throws(UnknownPreset) {
        if name == "auto" {
            self = .auto
        } else if name == PermitSampleReader.presetName {
            self = .permit
        } else if catalog.presets[name] != nil {
            self = .named(name)
        } else {
            throw UnknownPreset(name: name, presets: catalog.presets.keys.sorted())
        }
    }

    /// The name as given on the command line and written into records and report names.
    public var name: String {
        switch self {
        case .auto: "auto"
        case .permit: PermitSampleReader.presetName
        case .named(let n): n
        }
    }

    public var description: String { name }
}

/// A preset name that is neither `auto`, `permit`, nor one of the catalog's presets.
public struct UnknownPreset: Error, CustomStringConvertible, Sendable {
    /// The name asked for.
    public var name: String
    /// The catalog's preset names, sorted.
    public var presets: [String]

    public var description: String {
        "unknown preset '\(name)'; choose one of: auto, \(PermitSampleReader.presetName), \(presets.joined(separator: ", "))"
    }
}
