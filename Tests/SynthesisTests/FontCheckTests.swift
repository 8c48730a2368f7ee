import Testing
@testable import Synthesis

/// The generator draws only with the faces of its Debian packages, so a seed gives the same
/// images on every machine (`make setup` installs them).
struct FontCheckTests {
    /// This machine has exactly the faces: what `make setup` installs is what the scenes expect.
    @Test func everyFaceTheScenesMayUseIsInstalledAndNoOther() throws {
        let d = FontCheck.differences(installed: FontCheck.installedFaces(of: FontCheck.faces.keys))
        #expect(d.missing.isEmpty, "missing: \(d.missing), from \(d.packages)")
        #expect(d.unexpected.isEmpty, "not from the listed packages: \(d.unexpected)")
        let files = FontCheck.files(of: FontCheck.faces.keys)
        #expect(files["Liberation Sans"]?["Regular"]?.count == 1, "\(files["Liberation Sans"] ?? [:])")
        #expect(FontCheck.duplicates(files).isEmpty, "faces from more than one file: \(FontCheck.duplicates(files))")
        try FontCheck.requireAll()
    }

    /// A face Pango would synthesize (DejaVu Sans bold oblique without `fonts-dejavu-extra`)
    /// is missing, named with its package; a face from elsewhere is named too.
    @Test func aMissingOrForeignFaceIsNamed() {
        var installed = FontCheck.faces.mapValues { Set($0.keys) }
        #expect(FontCheck.differences(installed: installed) == ([], [], []))
        installed["DejaVu Sans"]?.remove("Bold Oblique")
        installed["Inter"]?.insert("Hairline")
        installed["Amiri"] = nil
        let d = FontCheck.differences(installed: installed)
        #expect(d.missing == ["Amiri Bold", "Amiri Bold Slanted", "Amiri Regular", "Amiri Slanted", "DejaVu Sans Bold Oblique"])
        #expect(d.packages == ["fonts-dejavu-extra", "fonts-hosny-amiri"])
        #expect(d.unexpected == ["Inter Hairline"])
    }

    /// A face two files provide (the old `fonts-liberation` beside `fonts-liberation2`, which
    /// Chromium's packages install) is named with its files; the same file listed twice is not.
    @Test func aFaceFromTwoFilesIsNamed() {
        let old = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
        let new = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"
        let bold = "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"
        #expect(FontCheck.duplicates(["Liberation Sans": ["Regular": [new], "Bold": [bold, bold]]]).isEmpty)
        #expect(FontCheck.duplicates(["Liberation Sans": ["Regular": [new, old], "Bold": [bold]]])
                == ["Liberation Sans Regular (\(old), \(new))"])
    }
}
