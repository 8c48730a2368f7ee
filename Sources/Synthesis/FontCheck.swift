import CPangoCairo
import Foundation

/// The font families the scenes draw with, and the Debian package of each. A family that is
/// not installed is silently replaced by fontconfig with another one, which changes every image
/// drawn in it: the same seed would then give a different dataset on another machine. So the
/// generator refuses to start without them.
enum FontCheck {
    /// Family → Debian package (the Makefile's `setup` installs them).
    static let required: [String: String] = [
        "Open Sans": "fonts-open-sans", "Cantarell": "fonts-cantarell", "Inter": "fonts-inter",
        "Noto Sans": "fonts-noto-core", "Noto Serif": "fonts-noto-core", "Noto Sans Arabic": "fonts-noto-core",
        "Noto Naskh Arabic": "fonts-noto-core", "Noto Kufi Arabic": "fonts-noto-core",
        "DejaVu Sans": "fonts-dejavu-core", "DejaVu Sans Mono": "fonts-dejavu-core", "DejaVu Serif": "fonts-dejavu-core",
        "Liberation Sans": "fonts-liberation2", "Liberation Serif": "fonts-liberation2", "Liberation Mono": "fonts-liberation2",
        "Amiri": "fonts-hosny-amiri", "OCR B": "fonts-ocr-b",
    ]

    /// The families fontconfig knows, as Pango lists them.
    static func installedFamilies() -> Set<String> {
        TextRendering.serialized {
            guard let map = pango_cairo_font_map_get_default() else { return [] }
            var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
            var count: Int32 = 0
            pango_font_map_list_families(map, &families, &count)
            defer { g_free(families) }
            var names = Set<String>()
            for i in 0..<Int(count) {
                if let family = families?[i], let name = pango_font_family_get_name(family) { names.insert(String(cString: name)) }
            }
            return names
        }
    }

    /// Checked once per process.
    private static let missing: [String] = {
        let installed = installedFamilies()
        return required.keys.filter { !installed.contains($0) }.sorted()
    }()

    /// Throws, naming the packages to install, when a family the scenes use is missing.
    static func requireAll() throws(SynthesisError) {
        guard !missing.isEmpty else { return }
        let packages = Set(missing.compactMap { required[$0] }).sorted()
        throw SynthesisError(.invalidArgument, "font families \(missing.joined(separator: ", ")) are not installed, so images "
                             + "would be drawn in substitutes and differ from other machines'; run `make setup` "
                             + "(apt-get install \(packages.joined(separator: " ")))")
    }
}
