import CPangoCairo
import Foundation

/// The font faces the scenes may draw with, and the Debian package of each. fontconfig answers
/// a request for a family it lacks with another family, and a request for a face it lacks
/// (`DejaVu Sans` bold oblique, light) with the nearest face, slanted or emboldened by Pango;
/// both change every image drawn with them, so the same seed would give another dataset on
/// another machine. (Seed 31001's phone permits: 16 of 100 images differed between a machine
/// with `fonts-dejavu-extra` and one without it, and two tests that passed on one failed on the
/// other.) So the generator refuses to start unless every family has exactly these faces.
enum FontCheck {
    /// Family → its faces (Pango's names) → the Debian package that installs the face. The
    /// Makefile's `setup` installs the packages.
    static let faces: [String: [String: String]] = {
        var table = [String: [String: String]]()
        func add(_ package: String, _ families: [String], _ names: [String]) {
            for family in families { for name in names { table[family, default: [:]][name] = package } }
        }
        let fourStyles = ["Regular", "Italic", "Bold", "Bold Italic"]
        add("fonts-open-sans", ["Open Sans"], fourStyles + ["Light", "Light Italic", "Semibold", "Semibold Italic",
                                                           "Extrabold", "Extrabold Italic", "Condensed Light", "Condensed Light Italic"])
        add("fonts-cantarell", ["Cantarell"], ["Thin", "Light", "Regular", "Bold", "Extra Bold"])
        add("fonts-inter", ["Inter"], ["Thin", "Extra Light", "Light", "Regular", "Medium", "Semi Bold", "Bold", "Extra Bold", "Black"]
                .flatMap { [$0, $0 == "Regular" ? "Italic" : "\($0) Italic"] })
        add("fonts-noto-core", ["Noto Sans", "Noto Serif"], fourStyles)
        add("fonts-noto-core", ["Noto Sans Arabic", "Noto Naskh Arabic", "Noto Kufi Arabic"], ["Regular", "Bold"])
        add("fonts-liberation2", ["Liberation Sans", "Liberation Serif", "Liberation Mono"], fourStyles)
        add("fonts-dejavu-core", ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"], ["Book", "Bold"])
        add("fonts-dejavu-extra", ["DejaVu Sans", "DejaVu Sans Mono"], ["Oblique", "Bold Oblique"])
        add("fonts-dejavu-extra", ["DejaVu Serif"], ["Italic", "Bold Italic"])
        add("fonts-dejavu-extra", ["DejaVu Sans"], ["ExtraLight", "Condensed", "Condensed Bold", "Condensed Oblique", "Condensed Bold Oblique"])
        add("fonts-dejavu-extra", ["DejaVu Serif"], ["Condensed", "Condensed Bold", "Condensed Italic", "Condensed Bold Italic"])
        add("fonts-hosny-amiri", ["Amiri"], ["Regular", "Slanted", "Bold", "Bold Slanted"])
        add("fonts-ocr-b", ["OCR B"], ["Regular", "Oblique", "Sharp", "Inverted", "Inverted Sharp", "Outline"])
        return table
    }()

    /// The faces of each of `families` that fontconfig has a file for, as Pango lists them
    /// (without the faces Pango would synthesize). A family that is not installed is absent.
    static func installedFaces(of families: some Sequence<String>) -> [String: Set<String>] {
        let wanted = Set(families)
        return TextRendering.serialized {
            guard let map = pango_cairo_font_map_get_default() else { return [:] }
            var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
            var count: Int32 = 0
            pango_font_map_list_families(map, &list, &count)
            defer { g_free(list) }
            var found = [String: Set<String>]()
            for i in 0..<Int(count) {
                guard let family = list?[i], let cName = pango_font_family_get_name(family) else { continue }
                let name = String(cString: cName)
                guard wanted.contains(name) else { continue }
                var faceList: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFace>?>?
                var faceCount: Int32 = 0
                pango_font_family_list_faces(family, &faceList, &faceCount)
                defer { g_free(faceList) }
                found[name, default: []] = []
                for j in 0..<Int(faceCount) {
                    guard let face = faceList?[j], pango_font_face_is_synthesized(face) == 0,
                          let f = pango_font_face_get_face_name(face) else { continue }
                    found[name, default: []].insert(String(cString: f))
                }
            }
            return found
        }
    }

    /// What differs from `faces` on this machine: the faces missing (`family face`) with their
    /// packages, and the faces no listed package installs.
    static func differences(installed: [String: Set<String>]) -> (missing: [String], packages: [String], unexpected: [String]) {
        var missing = [String](), packages = Set<String>(), unexpected = [String]()
        for (family, expected) in faces {
            let have = installed[family] ?? []
            for (face, package) in expected where !have.contains(face) {
                missing.append("\(family) \(face)")
                packages.insert(package)
            }
            unexpected += have.subtracting(expected.keys).map { "\(family) \($0)" }
        }
        return (missing.sorted(), packages.sorted(), unexpected.sorted())
    }

    /// Checked once per process.
    private static let problem: String? = {
        let d = differences(installed: installedFaces(of: faces.keys))
        func named(_ list: [String]) -> String {
            list.count <= 4 ? list.joined(separator: ", ") : list.prefix(3).joined(separator: ", ") + " and \(list.count - 3) more"
        }
        if !d.missing.isEmpty {
            return "font faces \(named(d.missing)) are not installed, so images would be drawn in "
                + "substitutes and differ from other machines'; run `make setup` (apt-get install \(d.packages.joined(separator: " ")))"
        }
        if !d.unexpected.isEmpty {
            return "font faces \(named(d.unexpected)) are installed beside the Debian packages' ones "
                + "(`fc-list` names their files); fontconfig may draw with them, so images would differ from other "
                + "machines': remove them, or run with FONTCONFIG_FILE naming a configuration without them"
        }
        return nil
    }()

    /// Throws, naming the packages to install, when a face the scenes may use is missing, or a
    /// face of their families that no listed package installs is present.
    static func requireAll() throws(SynthesisError) {
        if let problem { throw SynthesisError(.invalidArgument, problem) }
    }
}
