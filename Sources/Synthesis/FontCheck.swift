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

    /// The font files fontconfig has for each of `families`, by style (`Regular`, `Bold`, …).
    static func files(of families: some Sequence<String>) -> [String: [String: [String]]] {
        TextRendering.serialized {
            var found = [String: [String: [String]]]()
            for family in families {
                guard let pattern = FcPatternCreate() else { continue }
                defer { FcPatternDestroy(pattern) }
                _ = family.withCString { name in
                    name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
                }
                guard let objects = FcObjectSetCreate() else { continue }
                defer { FcObjectSetDestroy(objects) }
                _ = FcObjectSetAdd(objects, FC_STYLE)
                _ = FcObjectSetAdd(objects, FC_FILE)
                guard let set = FcFontList(nil, pattern, objects) else { continue }
                defer { FcFontSetDestroy(set) }
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = set.pointee.fonts[i] else { continue }
                    var style: UnsafeMutablePointer<FcChar8>?, file: UnsafeMutablePointer<FcChar8>?
                    guard FcPatternGetString(font, FC_STYLE, 0, &style) == FcResultMatch, let style,
                          FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                    let s = String(cString: UnsafeRawPointer(style).assumingMemoryBound(to: CChar.self))
                    found[family, default: [:]][s, default: []].append(String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)))
                }
            }
            return found
        }
    }

    /// The faces (`family style`) that more than one file provides, with their files: fontconfig
    /// may draw with either, and which it takes is not the same from one machine to the next.
    /// (`fonts-liberation`, the old Liberation fonts that Chromium's packages pull in, beside
    /// `fonts-liberation2`: 2 of 22 phone permits of seed 100111 came out otherwise drawn, and
    /// two permit tests failed.)
    static func duplicates(_ files: [String: [String: [String]]]) -> [String] {
        files.flatMap { family, styles in
            styles.filter { Set($0.value).count > 1 }.map { "\(family) \($0.key) (\(Set($0.value).sorted().joined(separator: ", ")))" }
        }.sorted()
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
        let twice = duplicates(files(of: faces.keys))
        if !twice.isEmpty {
            return "font faces \(named(twice)) are each installed from more than one file; fontconfig may draw "
                + "with either, so images would differ from other machines': remove the extra package (`dpkg -S FILE` "
                + "names it), or run with FONTCONFIG_FILE naming a configuration without it"
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
