import Evaluation
import Foundation
import Imaging
import SerialReading
import ReadingCore
import Recognition
import Synthesis
import Testing
import TestSupport

@Suite("Serial pipeline", .serialized)
struct SerialPipelineTests {
    /// The top answer to generated photo `index` of `kind` and `seed`, read with `preset`, and
    /// the photo's serial.
    static func topAnswer(_ kind: DatasetKind, seed: UInt64, index: Int, preset: String = "etched") throws -> (top: Candidate, label: String) {
        let sample = try DatasetGenerator(kind: kind, seed: seed).sample(at: index)
        let pipeline = try SerialEngines().pipeline(for: try PresetCatalog.untimed().preset(preset), named: preset)
        return (try #require(pipeline.read(try Image(data: sample.jpeg)).candidates.first), sample.label)
    }

    /// Generated photo `index` of `kind` and `seed` read the way `evaluate` reads a file (written
    /// as its JPEG to a fresh temporary folder) with `preset` (by default the one named like the
    /// kind); the outcome and the sample.
    static func readDrawn(_ kind: DatasetKind, seed: UInt64, index: Int, preset: String? = nil) throws -> (SampleOutcome, GeneratedSample) {
        let sample = try DatasetGenerator(kind: kind, seed: seed).sample(at: index)
        let url = try Fixtures.tempDir().appendingPathComponent(sample.filename)
        try sample.jpeg.write(to: url)
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: preset ?? kind.rawValue, minConfidence: nil)
        return (reader.read(DatasetItem(relativePath: sample.filename, url: url), label: nil), sample)
    }

    @Test(.needsRendered) func readsRenderedSerials() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let truth = try Fixtures.labels(Fixtures.rendered)
        var right = 0
        let names = (1...10).map { "serial_\($0).jpeg" }
        for n in names {
            let o = reader.read(DatasetItem(relativePath: n, url: Fixtures.rendered.appendingPathComponent(n)), label: nil)
            #expect(o.error == nil)
            if o.candidates.first?.text == truth[n] { right += 1 }
        }
        #expect(right >= 8, "read \(right)/10 rendered serials")
    }

    /// Serial lines drawn by `Synthesis.LineRender` (a clone without `../shared` runs this one):
    /// short, wide images are read as one line.
    @Test func readsSerialLinesDrawnHere() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let folder = try LineSet.make(count: 6, name: "pipeline-lines")
        defer { try? FileManager.default.removeItem(at: folder) }
        let truth = try Fixtures.labels(folder)
        var right = 0
        for index in 0..<6 {
            let name = LineSet.fileName(index)
            let o = reader.read(DatasetItem(relativePath: name, url: folder.appendingPathComponent(name)), label: nil)
            #expect(o.error == nil)
            if o.candidates.first?.text == truth[name] { right += 1 }
        }
        #expect(right >= 5, "read \(right)/6 serial lines")
    }

    @Test(.needsRealDev) func readsTheTiltedStickerPhotoInTheLineStage() throws {
        // The sticker and the etched block are tilted ~8°: the page read's crop mixed two lines.
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let name = "IMG-20250813-WA0037.jpg"
        let truth = try Fixtures.labels(Fixtures.realDev)
        let o = reader.read(DatasetItem(relativePath: name, url: Fixtures.realDev.appendingPathComponent(name)), label: nil)
        let top = try #require(o.candidates.first)
        #expect(top.text == truth[name])
        #expect(top.confidence >= 0.8)
        #expect(top.stage.hasPrefix("lines"))
    }

    /// The development photos at half size (area-averaged), as if taken from twice as far:
    /// etched glyphs of 7–9 px, read, and never confidently wrong. (This downscale reads 9/9
    /// with or without `min_glyph_px: 4`; the sharper Lanczos half of `training/eval/perturb.py`
    /// needs it, 7/9 → 9/9. `TextLineFinderTests` pins the option itself.)
    @Test(.needsRealDev) func readsRealPhotosTakenFromTwiceAsFar() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let truth = try Fixtures.labels(Fixtures.realDev)
        var right = 0
        for (name, serial) in truth.sorted(by: { $0.key < $1.key }) {
            let half = try Image(contentsOf: Fixtures.realDev.appendingPathComponent(name)).scaled(by: 0.5)
            let o = try Self.read(half, named: name, with: reader)
            if o.candidates.first?.text == serial { right += 1 }
            #expect(o.candidates.first.map { $0.text == serial || $0.confidence < 0.8 } ?? true, "\(name) at half size: confident and wrong")
        }
        #expect(truth.count == 9)
        #expect(right >= 9, "read \(right)/\(truth.count) half-size photos")
    }

    /// Landscape photos at 40 % (a chat app's thumbnail): 360 × 137 px, short and wide like a
    /// line render, with 5–6 px glyphs. Read as one line they gave nothing; they are scenes.
    @Test(.needsRealDev) func readsSmallLandscapePhotosAsScenes() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let truth = try Fixtures.labels(Fixtures.realDev)
        var small: [String] = []
        var right = 0
        for (name, serial) in truth.sorted(by: { $0.key < $1.key }) {
            let img = try Image(contentsOf: Fixtures.realDev.appendingPathComponent(name)).scaled(by: 0.4)
            guard img.height <= 160, img.width >= 2 * img.height else { continue }
            small.append(name)
            let o = try Self.read(img, named: name, with: reader)
            if o.candidates.first?.text == serial { right += 1 }
            #expect(o.candidates.first.map { $0.text == serial || $0.confidence < 0.8 } ?? true, "\(name) at 40 %: confident and wrong")
        }
        #expect(small.count >= 2, "landscape photos at 40 %: \(small)")
        #expect(right == small.count, "read \(right)/\(small.count) small landscape photos")
    }

    /// A real sticker alone (real-dev WA0037's sticker, cut by its box in
    /// `training/eval/real-dev-boxes.csv` with room around it): its `Sl.#` stands a wide gap
    /// before the serial, so the line finder chains the serial alone and the read had no label
    /// (0.75 at most). The row out to the left finds the label.
    @Test(.needsRealDev) func readsAStickersSerialWhoseLabelTheChainLeftOut() throws {
        let rows = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("training/eval/real-dev-boxes.csv"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let name = "IMG-20250813-WA0037.jpg"
        let row = try #require(rows.first { $0.count >= 8 && $0[0] == name && $0[1] == "sticker" })
        let (cx, cy, w, h) = (Double(row[2]) ?? 0, Double(row[3]) ?? 0, Double(row[4]) ?? 0, Double(row[5]) ?? 0)
        let photo = try Image(contentsOf: Fixtures.realDev.appendingPathComponent(name))
        let x0 = max(0, cx - 1.1 * w), y0 = max(0, cy - 4 * h)
        let sticker = try photo.cropped(to: PixelRect(x: Int(x0), y: Int(y0), width: Int(min(Double(photo.width), cx + 1.1 * w) - x0),
                                                      height: Int(min(Double(photo.height), cy + 4 * h) - y0)))
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let o = try Self.read(sticker, named: name, with: reader)
        let top = try #require(o.candidates.first)
        #expect(top.text == row[7])
        #expect(top.confidence >= 0.8, "\(top.text) at \(top.confidence) by \(top.method)")
    }

    /// Committed screen renders of ours photographed with strong moiré (stripes 2.6–5.5 px apart
    /// over the whole screen), each missed at the start of session 4: the stripes chained into
    /// dozens of "lines" that crowded out the `Serial Number` row (fixed by the line finder's
    /// `smooth: 5`), and the crops read `0` for `C` through the stripes (the `smooth` crop variant).
    @Test func readsScreensPhotographedThroughMoire() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "screen", minConfidence: nil)
        let dir = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/screen")
        let truth = try Fixtures.labels(dir)
        for name in ["screen_00013.jpg", "screen_00034.jpg", "screen_00035.jpg", "screen_00038.jpg"] {
            let o = reader.read(DatasetItem(relativePath: name, url: dir.appendingPathComponent(name)), label: nil)
            #expect(o.candidates.first?.text == truth[name], "\(name): \(o.candidates.first?.text ?? "nothing")")
        }
    }

    /// A committed etched render of ours whose serial row is tilted 3.4° under the end of the
    /// row above: its last four glyphs chained into that row, and the line ending in
    /// `Serial DX3NHDF0` gave only a short, invalid token. Its row is now read out to the right.
    @Test func readsASerialWhoseEndTheLineFinderCutOff() throws {
        let (o, truth) = try Self.readBundled("etched", "etched_00007.jpg")
        #expect(o.candidates.first?.text == truth, "\(o.candidates.first?.text ?? "nothing")")
        #expect((o.candidates.first?.confidence ?? 0) >= 0.8)
    }

    /// A committed etched close-up of ours (19 px glyphs, blur 2) where no line chains at the
    /// preset's 1 600 px but lines do at three quarters of it; the page fallback's crop took the
    /// row above too and read `F3VPTVRKQ6`.
    @Test func readsABlurredCloseUpWhoseLinesChainOnlyAtAnotherScale() throws {
        let (o, truth) = try Self.readBundled("etched", "etched_00019.jpg")
        #expect(o.candidates.first?.text == truth, "\(o.candidates.first?.text ?? "nothing")")
        #expect(o.strategyUsed.hasPrefix("lines"))
    }

    /// Etched close-ups (17–25 px capitals) drawn by our generator with another seed than the
    /// bundled set's: the LSTM boxed each serial's first glyph most of a glyph late, and the crop
    /// after `Serial`, blanked halfway between the two words' boxes, lost the left of it (`W80…`
    /// read `V80…`, `GG7…` read `3G7…`, `FVF…` read `VF…`). The crop now starts in the gap.
    ///
    /// The renders are drawn here, and the generator's pixels are not the same on every machine
    /// (text rasterisation: the same seed's etched set, drawn on this project's current machine
    /// kind, differs from the committed one by 0.04–1 grey levels on average, up to 83 in
    /// places). On this machine kind the serial rows of 137 and 48 are not found at all (the
    /// answer is the regulatory number `R-41000450`), so the crop this test is about never runs:
    /// that is recorded as a known issue of the line stage, not passed over. Wherever the serial
    /// is found, its first glyph must be right.
    ///
    /// Seed 99511's 74 and 186 (21 and 18 px glyphs): the serial's box started at its second
    /// glyph and the word space was taken in the wrong place (the `W`'s open top, the gap after
    /// the `3`), so the crops read `N80…` and `JWF…` though the line read them right. A start
    /// outside the space found by columns with no ink in any of the glyphs' rows
    /// (`WordGap.spaceAfterLabel`) is moved into it.
    @Test(arguments: [(2026, 137), (2026, 48), (2026, 44), (99511, 74), (99511, 186)])
    func readsTheFirstGlyphOfASerialAfterItsLabel(_ seed: UInt64, _ index: Int) throws {
        let (o, sample) = try Self.readDrawn(.etched, seed: seed, index: index)
        let top = o.candidates.first?.text ?? "nothing"
        // Found: some candidate holds the serial's last eight characters.
        let tail = String(sample.label.suffix(8))
        guard o.candidates.contains(where: { $0.text.hasSuffix(tail) }) else {
            withKnownIssue("the serial's row is not found in this machine's render of \(sample.filename)", isIntermittent: true) {
                Issue.record("\(sample.filename): no candidate ends in \(tail); top answer \(top)")
            }
            return
        }
        #expect(top == sample.label, "\(sample.filename): \(top)")
    }

    /// A screen photographed out of focus (blur σ 2 px over 16 px glyphs) reads as garbage
    /// (`PP9QDVDQ87` at 0.03 for `WPUCEQ74B4`); deconvolved and read again (`Preset.deblur`) it
    /// reads right, and that surer read is the answer.
    @Test(arguments: [(99711, 177)])
    func aBlurredScreenIsReadAgainDeblurred(_ seed: UInt64, _ index: Int) throws {
        let (o, sample) = try Self.readDrawn(.screen, seed: seed, index: index)
        #expect(o.candidates.first?.text == sample.label, "\(sample.filename): \(o.candidates.first?.text ?? "nothing")")
        #expect(o.strategyUsed.hasSuffix(SerialPipeline.deblurredMark))
        #expect(o.candidates.first?.stage.hasSuffix(SerialPipeline.deblurredMark) == true)
        #expect(o.stageTimings.contains { $0.stage == "deblur" })
    }

    /// A screen photo whose lines read legibly with neither a serial's label nor a serial (a
    /// screen without one) is not read again deblurred: its text is sharp and holds no serial.
    @Test func aLegibleScreenWithoutASerialIsNotReadAgain() throws {
        let (o, _) = try Self.readDrawn(.negative, seed: 100111, index: 3, preset: "screen")
        #expect(o.error == nil && o.candidates.allSatisfy { $0.confidence < 0.8 })
        #expect(!o.stageTimings.contains { $0.stage == "deblur" }, "\(o.stageTimings.map(\.stage))")
    }

    /// An etched photo whose read saw the serial's label but no sure serial is read again
    /// deconvolved, and the surer read is the answer: seed 102011 #168 (a close-up, 22 px
    /// capitals) was cut at its first glyph (`5KPN06BMD6` at 0.79), #103 read a `0` for its `Q`
    /// (`FK1KCSNR005G` at 0.79). The rows are read as they are, as when these were found: with
    /// their background flattened (the preset's `read_variant`), #103's first read is the same
    /// `0` for `Q` at 0.79, and its deblurred read is not sure enough to be kept.
    @Test(arguments: [(102011, 168), (102011, 103)])
    func anEtchedSerialReadUnsurelyIsReadAgainDeblurred(_ seed: UInt64, _ index: Int) throws {
        let sample = try DatasetGenerator(kind: .etched, seed: seed).sample(at: index)
        var preset = try PresetCatalog.untimed().preset("etched")
        preset.lines?.readVariant = nil
        let o = try SerialEngines().pipeline(for: preset, named: "etched").read(try Image(data: sample.jpeg))
        #expect(o.candidates.first?.text == sample.label, "\(sample.filename): \(o.candidates.first?.text ?? "nothing")")
        #expect(o.candidates.first?.stage.hasSuffix(SerialPipeline.deblurredMark) == true, "\(o.candidates.first?.stage ?? "")")
    }

    /// Seed 102311 #233 (8 px capitals, read `F9KHGPWAQ05G` at 0.72): deconvolved by σ 2 its
    /// read stayed unsure and was not kept; with `retry_sigma: 3` (off in the built-in presets:
    /// it reads a sixth of etched photos a third time) it is deconvolved by σ 3 too and read
    /// right at 0.99. (The faint read after them reads it right too: it is off here, so that
    /// what is seen is the retry's; so are its rows read as they are: flattened, they give the
    /// serial at 0.99 at once.)
    @Test func aReadTheFirstDeblurLeftUnsureIsReadAgainAtTheRetrySigma() throws {
        let sample = try DatasetGenerator(kind: .etched, seed: 102311).sample(at: 233)
        let image = try Image(data: sample.jpeg)
        var preset = try PresetCatalog.untimed().preset("etched")
        #expect(preset.deblur?.retrySigma == nil)
        preset.faint = nil
        preset.lines?.readVariant = nil
        let engines = try SerialEngines()
        let once = try engines.pipeline(for: preset, named: "etched").read(image)
        preset.deblur?.retrySigma = 3
        #expect(preset.flatParameters["deblur"]?.hasSuffix(",retry_sigma=3.0") == true, "\(preset.flatParameters["deblur"] ?? "")")
        let twice = try engines.pipeline(for: preset, named: "etched").read(image)
        #expect((once.candidates.first?.confidence ?? 0) < 0.8, "\(once.candidates.first?.text ?? "nothing")")
        #expect(twice.candidates.first?.text == sample.label, "\(sample.filename): \(twice.candidates.first?.text ?? "nothing")")
        #expect((twice.candidates.first?.confidence ?? 0) >= 0.8)
        #expect(twice.stageTimings.filter { $0.stage == "deblur" }.count == 2, "\(twice.stageTimings.map(\.stage))")
    }

    /// Seed 102011 #0 read right but unsurely (`ZKPWFG4TX3`, 0.46); deblurred it read
    /// `ZX7VTG4TX3` at 0.48, and the surer read was kept. The etched preset keeps a deblurred
    /// read only when it is sure (`keep_at` 0.8): the first read's answer stands.
    @Test func anUnsureDeblurredReadDoesNotReplaceTheFirst() throws {
        #expect(try PresetCatalog.untimed().preset("etched").deblur?.keepAt == 0.8)
        let (o, sample) = try Self.readDrawn(.etched, seed: 102011, index: 0)
        #expect(o.candidates.first?.text == sample.label, "\(sample.filename): \(o.candidates.first?.text ?? "nothing")")
        #expect(o.stageTimings.contains { $0.stage == "deblur" }, "read again deblurred: \(o.stageTimings.map(\.stage))")
        #expect(o.candidates.first?.stage.hasSuffix(SerialPipeline.deblurredMark) == false)
    }

    /// An etched case photographed without its serial (negative seed 102011 #8: its regulatory
    /// text, no `Serial`) is read once: no label was seen, so nothing is read again deblurred.
    @Test func anEtchedCaseWithoutASerialsLabelIsNotReadAgain() throws {
        let (o, sample) = try Self.readDrawn(.negative, seed: 102011, index: 8, preset: "etched")
        #expect(sample.label.isEmpty)
        #expect(o.error == nil && o.candidates.allSatisfy { $0.confidence < 0.8 })
        #expect(!o.stageTimings.contains { $0.stage == "deblur" }, "\(o.stageTimings.map(\.stage))")
    }

    /// Small, faint etching whose `Serial` the line read garbled (seed 104011: #201 ran the label
    /// into the serial, `SerialC39HRTKVQ05D`; #97 read it `Seraul`) left the serial without a
    /// label and its crops unread: `L5ZJZZQQLL` and `579CA2289` at 0.00. Taken as a label
    /// (`AnchorMatching.slippedLabel`), the serial's crops are read and it is the answer at 0.8
    /// or more.
    @Test(arguments: [(104011, 201), (104011, 97)])
    func aSerialAfterAGarbledLabelIsReadAsLabelled(_ seed: UInt64, _ index: Int) throws {
        let (o, sample) = try Self.readDrawn(.etched, seed: seed, index: index, preset: "etched")
        #expect(o.candidates.first?.text == sample.label, "\(sample.filename): \(o.candidates.first?.text ?? "nothing")")
        #expect((o.candidates.first?.confidence ?? 0) >= 0.8)
        #expect(o.candidates.first?.method.contains("anchor") == true, "\(o.candidates.first?.method ?? "")")
    }

    /// A garbled `Serial` before a serial whose last glyphs the line's chain left out (etched
    /// 105311 #25: `Senal F177L` of `Serial F17TL7VVQ6LR`, faint under glare) was no label, so
    /// the row was not read on to the right: the answer was `ER410004KR` (another line) at 0.04.
    /// Taken as a label before the serial's first characters, the row is read on and the serial
    /// is the answer, anchored.
    @Test func aSerialCutByItsChainAfterAGarbledLabelIsReadOn() throws {
        let (o, sample) = try Self.readDrawn(.etched, seed: 105311, index: 25, preset: "etched")
        #expect(o.candidates.first?.text == sample.label, "\(sample.filename): \(o.candidates.first?.text ?? "nothing")")
        #expect(o.candidates.first?.method.contains("anchor") == true, "\(o.candidates.first?.method ?? "")")
    }

    /// Etched rows lit unevenly along their length read as garbage as they are (seed 104011 #60:
    /// `ALLNN4SPJK7L` at 0.00; 104211 #150: `G8WKK2Q2JK`, its last glyphs lost, at 0.79). Read
    /// with their background flattened (the etched preset's `lines.read_variant`), the serial is
    /// read at 0.8 or more; read as they are, not.
    @Test(arguments: [(104011, 60), (104211, 150)])
    func rowsAreReadWithTheirBackgroundFlattened(_ seed: UInt64, _ index: Int) throws {
        let sample = try DatasetGenerator(kind: .etched, seed: seed).sample(at: index)
        let image = try Image(data: sample.jpeg)
        var preset = try PresetCatalog.untimed().preset("etched")
        #expect(preset.lines?.readVariant == .backgroundNorm)
        let engines = try SerialEngines()
        let flattened = try engines.pipeline(for: preset, named: "etched").read(image)
        #expect(flattened.candidates.first?.text == sample.label, "\(sample.filename): \(flattened.candidates.first?.text ?? "nothing")")
        #expect((flattened.candidates.first?.confidence ?? 0) >= 0.8)
        preset.lines?.readVariant = nil
        let asTheyAre = try engines.pipeline(for: preset, named: "etched").read(image)
        #expect(asTheyAre.candidates.first.map { $0.text != sample.label || $0.confidence < 0.8 } ?? true,
                "\(sample.filename) read as it is: \(asTheyAre.candidates.first?.text ?? "nothing")")
    }

    /// Rows etched light on a space-grey case, flattened as they were found, read wrong (etched
    /// 104711 #159: `WF137M000C` for `VWXYYGT0H6`; 104811 #41: `G8WV95TQMD6R` at 0.79): the
    /// flattening took their glyphs for the ground. Inverted first, their serial is the answer,
    /// from the light glyphs' lines.
    @Test(arguments: [(104711, 159), (104811, 41)])
    func rowsEtchedLightAreInvertedBeforeTheyAreFlattened(_ seed: UInt64, _ index: Int) throws {
        let (o, sample) = try Self.readDrawn(.etched, seed: seed, index: index, preset: "etched")
        let top = try #require(o.candidates.first, "\(sample.filename): nothing read")
        #expect(top.text == sample.label, "\(sample.filename): \(top.text) at \(top.confidence)")
        #expect(top.stage.hasPrefix("lines:light"), "\(top.stage)")
    }

    /// Etched rows whose glyphs break into pieces under the line stage's ink floor (dev seed
    /// 102511: #210, a close-up blurred by σ 2 px, read `FCCDBCGA2` at 0.32 from the row above;
    /// #138 read `W50N7MZTML7K` at 0.01): nothing reaches 0.8. Read again by the line stage
    /// with faint glyphs (`Preset.faint`), the serial is read at 0.99, and that read is the answer.
    /// The rows are read as they are, as when these were found: flattened (the preset's
    /// `read_variant`), #138 is read at 0.99 at once and #210 not at all, its first read left
    /// without a line answer or a label, so not read again.
    @Test(arguments: [(102511, 210), (102511, 138)])
    func aFaintBlurredSerialIsReadAgainWithFaintGlyphs(_ seed: UInt64, _ index: Int) throws {
        let sample = try DatasetGenerator(kind: .etched, seed: seed).sample(at: index)
        let image = try Image(data: sample.jpeg)
        var preset = try PresetCatalog.untimed().preset("etched")
        preset.lines?.readVariant = nil
        let engines = try SerialEngines()
        let faint = try engines.pipeline(for: preset, named: "etched").read(image)
        #expect(faint.candidates.first?.text == sample.label, "\(sample.filename): \(faint.candidates.first?.text ?? "nothing")")
        #expect((faint.candidates.first?.confidence ?? 0) >= 0.8)
        #expect(faint.strategyUsed.hasSuffix(SerialPipeline.faintMark))
        #expect(faint.candidates.first?.stage.hasSuffix(SerialPipeline.faintMark) == true)
        preset.faint = nil
        let once = try engines.pipeline(for: preset, named: "etched").read(image)
        #expect(once.candidates.first.map { $0.text != sample.label || $0.confidence < 0.8 } ?? true,
                "\(sample.filename) read without the faint read: \(once.candidates.first?.text ?? "nothing")")
    }

    /// Fresh seed 106711 #280: the regulatory rows read legibly (`Model A1932 EMC 31064`,
    /// `IC: 579C-A1932 CAN ICES-3`) while the fainter `Serial G8WH44ZMJK7L` after them fell
    /// under the ink floor, and the photo was taken for one without a serial, answered with the
    /// invalid `579CA1932`. The rows name the device's regulatory block, so its serial is looked
    /// for with faint glyphs; that read's valid answer stands in place of the invalid one, unsure.
    @Test func aSerialBesideLegibleRegulatoryRowsIsLookedForWithFaintGlyphs() throws {
        let sample = try DatasetGenerator(kind: .etched, seed: 106711).sample(at: 280)
        #expect(sample.label == "G8WH44ZMJK7L")
        let preset = try PresetCatalog.untimed().preset("etched")
        let read = try SerialEngines().pipeline(for: preset, named: "etched").read(try Image(data: sample.jpeg))
        let top = try #require(read.candidates.first)
        #expect(top.text == sample.label, "\(top.text) at \(top.confidence), \(read.strategyUsed)")
        #expect(top.stage.hasSuffix(SerialPipeline.faintMark))
        #expect(top.confidence < 0.8)
    }

    /// The faint read's preset: the line stage's floor and smoothing changed, nothing read after it.
    @Test func theFaintReadLowersTheLineStagesInkFloor() throws {
        let preset = try PresetCatalog.untimed().preset("etched")
        let faint = try #require(preset.faint)
        #expect(faint.keepAt == 0.8)
        let applied = faint.applied(to: preset)
        #expect(applied.lines?.minContrast == faint.minContrast && applied.lines?.smooth == faint.smooth)
        #expect(preset.lines?.minContrast == nil)
        #expect(applied.deblur == nil && applied.faint == nil)
        #expect(applied.flatParameters["lines"]?.contains(",min_contrast=4.0") == true, "\(applied.flatParameters["lines"] ?? "")")
        #expect(preset.flatParameters["faint.min_contrast"] == "4.0", "\(preset.flatParameters.keys.filter { $0.hasPrefix("faint") })")
    }

    /// Reads an image made in the test (scaled, cut, turned) the way `evaluate` reads a file:
    /// written as a PNG to a fresh temporary folder, decoded by the reader.
    static func read(_ image: Image, named name: String, with reader: SerialSampleReader) throws -> SampleOutcome {
        let url = try Fixtures.tempDir().appendingPathComponent(name + ".png")
        try image.pngData().write(to: url)
        return reader.read(DatasetItem(relativePath: name, url: url), label: nil)
    }

    /// Reads one committed render of `Datasets/synthetic/<kind>` with the preset of that name;
    /// returns the outcome and the image's label.
    static func readBundled(_ kind: String, _ name: String) throws -> (SampleOutcome, String?) {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: kind, minConfidence: nil)
        let dir = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/\(kind)")
        return (reader.read(DatasetItem(relativePath: name, url: dir.appendingPathComponent(name)), label: nil), try Fixtures.labels(dir)[name])
    }

    /// Committed renders of ours whose photo was turned 90° or 270°.
    static func turnedSamples(_ kind: String, limit: Int) throws -> [(name: String, serial: String)] {
        let dir = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/\(kind)")
        let rows = try String(contentsOf: dir.appendingPathComponent("labels.csv"), encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = rows.first, let q = header.firstIndex(of: "quarter_turns"), let glyph = header.firstIndex(of: "glyph_px") else { return [] }
        return rows.dropFirst().filter { $0.count > max(q, glyph) && ["1", "3"].contains($0[q]) && (Double($0[glyph]) ?? 0) >= 10 }
            .prefix(limit).map { ($0[0], $0[1]) }
    }

    @Test func readsPhotosTurnedAQuarter() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "sticker", minConfidence: nil)
        let dir = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/sticker")
        let samples = try Self.turnedSamples("sticker", limit: 6)
        try #require(samples.count >= 4)
        var right = 0
        for s in samples {
            let o = reader.read(DatasetItem(relativePath: s.name, url: dir.appendingPathComponent(s.name)), label: nil)
            if o.candidates.first?.text == s.serial { right += 1 }
            #expect(o.candidates.first.map { $0.text == s.serial || $0.confidence < 0.8 } ?? true, "\(s.name): confident and wrong")
        }
        #expect(right >= samples.count - 1, "read \(right)/\(samples.count) turned stickers")
    }

    /// Upside-down photos: stickers are caught by the orientation probe, screens (`flip:
    /// fallback`) by turning the lines over when the upright read found nothing.
    @Test(arguments: ["sticker", "screen"])
    func readsPhotosTurnedUpsideDown(_ kind: String) throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: kind, minConfidence: nil)
        let dir = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/\(kind)")
        let lines = try String(contentsOf: dir.appendingPathComponent("labels.csv"), encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let q = try #require(lines.first?.firstIndex(of: "quarter_turns"))
        let rows = lines.dropFirst().filter { $0.count > q && $0[q] == "0" }.prefix(4)
        try #require(rows.count == 4)
        var right = 0
        for r in rows {
            let turned = try Image(contentsOf: dir.appendingPathComponent(r[0])).rotated(quarterTurns: 2)
            let o = try Self.read(turned, named: r[0], with: reader)
            if o.candidates.first?.text == r[1] { right += 1 }
            #expect(o.candidates.first.map { $0.text == r[1] || $0.confidence < 0.8 } ?? true, "\(r[0]) upside down: confident and wrong")
        }
        #expect(right >= 3, "read \(right)/4 upside-down \(kind) photos")
    }

    @Test func scenesWithoutASerialGiveNoConfidentAnswer() throws {
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let dir = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/negative")
        for k in 0..<6 {
            let name = String(format: "negative_%05d.jpg", k)
            let o = reader.read(DatasetItem(relativePath: name, url: dir.appendingPathComponent(name)), label: nil)
            #expect((o.candidates.first?.confidence ?? 0) < 0.8, "\(name): \(o.candidates.first?.text ?? "")")
        }
    }

    /// Bundled negative 7, an accessory's box label without a serial: its dark lines read
    /// legibly (mean confidence over 0.6) and hold neither a label nor a serial, so the read ends
    /// there. Without `conclusive_confidence` the light lines and the page probe read it too,
    /// and find no serial either.
    @Test func legibleLinesWithoutALabelEndTheRead() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/negative/negative_00007.jpg")
        let image = try Image(contentsOf: url)
        var preset = try PresetCatalog.untimed().preset("sticker")
        #expect(preset.lines?.conclusiveConfidence == 0.6)
        let engines = try SerialEngines()
        let conclusive = try engines.pipeline(for: preset, named: "sticker").read(image)
        preset.lines?.conclusiveConfidence = nil
        let exhaustive = try engines.pipeline(for: preset, named: "sticker").read(image)
        func stages(_ o: SampleOutcome) -> [String] { o.stageTimings.map(\.stage) }
        #expect(!stages(conclusive).contains { $0.hasPrefix("page") || $0.hasPrefix("lines:light") }, "\(stages(conclusive))")
        #expect(stages(exhaustive).contains { $0.hasPrefix("page") } && stages(exhaustive).contains { $0.hasPrefix("lines:light") })
        #expect((conclusive.candidates.first?.confidence ?? 0) < 0.8 && (exhaustive.candidates.first?.confidence ?? 0) < 0.8)
    }

    /// Etched seed 102511 #128: light etching on a dark case. Its dark lines are two, the
    /// regulatory block's large `IS 13252(Part 1)/IEC 60950-1` in two pieces, read legibly;
    /// ending the read there (`conclusive_confidence` alone) answered nothing. A polarity must
    /// have read `conclusive_lines` lines to end the read: the light lines are read, and the
    /// serial with them. (Its rows are read as they are, as when it was found: flattened, they
    /// read otherwise, and the read with `conclusive_lines: 1` no longer ends on them empty.)
    @Test func twoLegibleLinesDoNotEndTheRead() throws {
        let sample = try DatasetGenerator(kind: .etched, seed: 102511).sample(at: 128)
        let image = try Image(data: sample.jpeg)
        var preset = try PresetCatalog.untimed().preset("etched")
        preset.lines?.readVariant = nil
        #expect((preset.lines?.conclusiveLines ?? 1) == 3)
        let engines = try SerialEngines()
        let read = try engines.pipeline(for: preset, named: "etched").read(image)
        preset.lines?.conclusiveLines = 1
        let ended = try engines.pipeline(for: preset, named: "etched").read(image)
        #expect(read.candidates.first?.text == sample.label, "\(read.candidates.first?.text ?? "nothing") for \(sample.label)")
        #expect(read.candidates.first?.stage.hasPrefix("lines:light") == true)
        #expect(ended.candidates.isEmpty && !ended.stageTimings.contains { $0.stage.hasPrefix("lines:light") },
                "\(ended.stageTimings.map(\.stage))")
    }

    /// Smeared by 10 px of motion, the bundled etched 20's row `Sl.# DMPX77Z3MD6N` chains
    /// without its `6N`: a valid 10-character serial, read four times alike, was answered at
    /// 0.99. Ink past the chain's end now has the row read first (`LineEdgeInk`).
    @Test func aSerialTheChainCutIsReadWhole() throws {
        let url = Fixtures.bundled("etched").appendingPathComponent("etched_00020.jpg")
        let truth = try #require(try Fixtures.labels(Fixtures.bundled("etched"))["etched_00020.jpg"])
        let engines = try SerialEngines()
        let pipeline = try engines.pipeline(for: try PresetCatalog.untimed().preset("etched"), named: "etched")
        var whole = 0
        for vertical in [false, true] {
            let image = try Image(contentsOf: url).motionBlurred(length: 10, vertical: vertical)
            let top = try #require(pipeline.read(image).candidates.first)
            #expect(top.text == truth || top.confidence < 0.8, "vertical \(vertical): \(top.text) at \(top.confidence)")
            if top.text == truth { whole += 1 }
        }
        #expect(whole >= 1)
    }

    /// Serials the chain stopped short of, in generated photos: a screen value on its own line
    /// after its label (`MDPF95J8` of `MDPF95J83D`), and an etched one whose row was read out
    /// to the left for its label and still ends short (`Serial F17CRHUKQ6L` of `…6L4`, a photo
    /// turned a quarter). Each row is read on to the right before the short read makes a region.
    @Test(arguments: [(DatasetKind.screen, 20), (DatasetKind.etched, 274)])
    func aSerialTheChainStoppedShortOfIsReadWithItsRow(_ kind: DatasetKind, _ index: Int) throws {
        let sample = try DatasetGenerator(kind: kind, seed: 62001).sample(at: index)
        let engines = try SerialEngines()
        let preset = kind == .screen ? "screen" : "etched"
        let pipeline = try engines.pipeline(for: try PresetCatalog.untimed().preset(preset), named: preset)
        let top = try #require(pipeline.read(try Image(data: sample.jpeg)).candidates.first)
        #expect(top.text == sample.label, "\(top.text) at \(top.confidence)")
        // Read whole, the screen's answer is sure; the etched one's weakest character has under
        // nine tenths of its votes, which the etched preset doubts (`doubtful_support` 0.9): it
        // stays just under 0.8.
        #expect(top.confidence >= (kind == .etched ? 0.79 : 0.8), "\(top.text) at \(top.confidence) by \(top.method)")
    }

    /// A phone's Wi-Fi address (`57:ED:20:C9:E1:B7`, read `57ED-20-C9E1B7` by its line) is no
    /// answer: its crops, without the colons, read it as a valid 12-character serial, and it had
    /// been answered at 0.75 where the serial's row was too faint to read (generated screen
    /// photo, seed 97301 #153).
    @Test func aPhonesWiFiAddressIsNoAnswer() throws {
        let sample = try DatasetGenerator(kind: .screen, seed: 97301).sample(at: 153)
        let pipeline = try SerialEngines().pipeline(for: try PresetCatalog.untimed().preset("screen"), named: "screen")
        let answers = try pipeline.read(try Image(data: sample.jpeg)).candidates
        let address = answers.first { SerialGrammar.isAddress($0.text, among: ["57ED20C9E1B7", "68FA0541E147"]) }
        #expect(address == nil, "\(address?.text ?? "") at \(address?.confidence ?? 0)")
    }

    /// A screen photographed a quarter turned is read both ways even when the first way holds a
    /// valid serial: read upside down, its lines gave `0T8J64ZJS408` (generated screen photo,
    /// seed 97301 #14). Only a photo read as taken is not turned over for a valid serial.
    @Test func aSidewaysScreenIsReadBothWays() throws {
        let (top, label) = try Self.topAnswer(.screen, seed: 97301, index: 14, preset: "screen")
        #expect(top.text == label, "\(top.text) at \(top.confidence)")
        #expect(top.confidence >= 0.8)
    }

    /// A label whose value the chain left out has its row read for the value, and the row stops
    /// where the ink stops: read on over blank brushed metal, `Serial C02KXS59LVCF` became
    /// `C02KXS59LVCFCF0rr`, too long for any serial, and a regulatory number won (generated
    /// etched photo, upside down, the serial at the photo's edge). The answer is the serial after
    /// the label, whole. Its `S`, etched light, is doubted either way (0.79: read `S` while light
    /// rows were flattened as found, `5` since they are inverted first): a look-alike there is
    /// allowed under 0.8 only.
    @Test func aLabelsValueRowStopsWhereItsInkStops() throws {
        let (top, label) = try Self.topAnswer(.etched, seed: 62001, index: 114)
        #expect(top.method.contains("anchor"), "\(top.method)")
        #expect(top.text.count == label.count, "\(top.text) at \(top.confidence)")
        let slips = zip(top.text, label).filter { $0 != $1 }.count
        #expect(slips == 0 || (slips == 1 && top.confidence < 0.8), "\(top.text) at \(top.confidence)")
    }

    /// Without a word space between `Serial` and its serial, the label is blanked to the space
    /// found leftwards from inside the serial's first glyph, not to halfway between the boxes:
    /// both boxes start half a glyph late there, and halfway took the first glyph's left side
    /// (`5G7S6UMBQ05D` for `GG7S6UMBQ05D` at 0.51, `N80WL12RMD6T` for `W80WL12RMD6T` at 0.79 —
    /// generated etched photos, seeds 96701 #34 and 95401 #149).
    @Test(arguments: [(96701, 34), (95401, 149)])
    func aFirstGlyphBoxedLateAfterItsLabelIsReadWhole(_ seed: UInt64, _ index: Int) throws {
        let (top, label) = try Self.topAnswer(.etched, seed: seed, index: index)
        #expect(top.text == label, "\(top.text) at \(top.confidence)")
    }

    /// A label's value whose chain left out glyphs at both ends (`2VHGSWMD6` of `C02VHGSWMD6T`,
    /// the `C0` in the gap after `Serial`): its row read on to the right gave a valid
    /// `2VHGSWMD6T`, answered at 0.99, and was never read out to the left (generated etched
    /// photo, seed 97101 #96).
    @Test func aValueChainShortAtBothEndsIsReadWhole() throws {
        let (top, label) = try Self.topAnswer(.etched, seed: 97101, index: 96)
        #expect(top.text == label, "\(top.text) at \(top.confidence)")
    }

    /// Text tilted 30° chains only in steep pieces, which read as nothing: the photo levelled by
    /// their tilt is read by the line stage again (generated etched photos turned 30° clockwise,
    /// which the line stage alone does not read).
    @Test(arguments: [(2, Double.pi / 6), (7, Double.pi / 6)])
    func aPhotoTiltedPastWhatLinesChainAtIsLevelledAndRead(_ index: Int, _ radians: Double) throws {
        let sample = try DatasetGenerator(kind: .etched, seed: 62001).sample(at: index)
        let tilted = try Image(data: sample.jpeg).rotated(radians: radians, whole: true)
        let engines = try SerialEngines()
        let pipeline = try engines.pipeline(for: try PresetCatalog.untimed().preset("etched"), named: "etched")
        let top = try #require(pipeline.read(tilted).candidates.first)
        #expect(top.text == sample.label, "\(top.text) at \(top.confidence)")
        #expect(top.stage.contains("/tilt"), "read in \(top.stage)")
    }

    /// A real photo tilted 30° whose few chained pieces read legibly, with no label (`1)/IEC
    /// 60950-1`, `ied in China Rat`): that is no legible read of the photo's text, so it does
    /// not end the read before the photo is levelled (the etched line first read ended it).
    @Test(.needsRealDev) func aTiltedRealPhotosLegiblePiecesDoNotEndTheReadBeforeItIsLevelled() throws {
        let name = "IMG-20250813-WA0028.jpg"
        let truth = try #require(try Fixtures.labels(Fixtures.realDev)[name])
        let tilted = try Image(contentsOf: Fixtures.realDev.appendingPathComponent(name)).tilted(degrees: 30)
        let engines = try SerialEngines()
        let pipeline = try engines.pipeline(for: try PresetCatalog.untimed().preset("etched"), named: "etched")
        let top = try #require(pipeline.read(tilted).candidates.first)
        #expect(top.text == truth, "\(top.text) at \(top.confidence)")
        #expect(top.stage.contains("/tilt"), "read in \(top.stage)")
    }

    /// A screen value read first has its row out to the left read for its label; that row reaches
    /// into the label column and reads `Number`'s last letters as the serial's first
    /// (`er(4RN4DNBBKQ`, `rFHS2LEYREPH`). It is read for the label only: the serial is the value
    /// line's (generated screens of seed 66016).
    @Test(arguments: [94, 27])
    func aRowReadForALabelLendsTheSerialNoLetters(_ index: Int) throws {
        let sample = try DatasetGenerator(kind: .screen, seed: 66016).sample(at: index)
        let engines = try SerialEngines()
        let pipeline = try engines.pipeline(for: try PresetCatalog.untimed().preset("screen"), named: "screen")
        let top = try #require(pipeline.read(try Image(data: sample.jpeg)).candidates.first)
        #expect(top.text == sample.label, "\(top.text) at \(top.confidence)")
    }

    @Test func brokenImageIsAnErrorOutcomeNotACrash() throws {
        let dir = try Fixtures.tempDir()
        let bad = dir.appendingPathComponent("bad.jpg")
        try Data("not a jpeg".utf8).write(to: bad)
        let reader = try SerialSampleReader(catalog: PresetCatalog.untimed(), presetName: "etched", minConfidence: nil)
        let o = reader.read(DatasetItem(relativePath: "bad.jpg", url: bad), label: nil)
        #expect(o.error?.kind == "unreadable_image")
        #expect(o.candidates.isEmpty)
    }
}
