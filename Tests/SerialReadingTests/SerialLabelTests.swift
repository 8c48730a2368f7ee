@testable import SerialReading
import ReadingCore
import Imaging
import Testing

/// Screen labels misread in their key word still anchor the value after them (misreads seen
/// on the synthetic screens' grey labels).
struct SerialLabelTests {
    @Test func englishLabelWithTwoSlips() {
        let words = ["Sernil", "Number", "KK5DA46N8F"]
        #expect(AnchorMatching.fuzzyLabelEnd(words, at: 0) == 2)
        #expect(AnchorMatching.fuzzyLabelEnd(words, at: 1) == nil)
    }

    @Test func frenchLabelWithTwoSlips() {
        let words = ["Numero", "de", "s6ried", "8BSFMTJ09Z"]
        #expect(AnchorMatching.fuzzyLabelEnd(words, at: 2) == 3)
    }

    /// A space lost between the French label's words (a descreened line read).
    @Test(arguments: [["Numero", "deserie", "DMPNYWDNEYSJ"], ["Numerode", "serie", "DMPNYWDNEYSJ"], ["Numéro", "desérie", "X"]])
    func frenchLabelWithALostSpace(_ words: [String]) {
        #expect(AnchorMatching.fuzzyLabelEnd(words, at: 1) == 2)
        #expect(AnchorMatching(anchors: []).match(in: AnchorMatchingTests.line(words))?.after.map(\.text) == [words[2]])
    }

    /// A sticker's `Sl.#` as the serial model read it on the real-dev stickers.
    @Test(arguments: [" S1.H", "SlI./", "Sl./", "SL#", "SI.#", "S|.4"])
    func stickerLabelReadings(_ word: String) {
        #expect(AnchorMatching.looksLikeSlNumber(word))
    }

    @Test(arguments: ["SL", "S1", "SLH", "SN.", "S1.HX", "SERIAL", "S.#", "5L.#"])
    func otherWordsAreNoStickerLabel(_ word: String) {
        #expect(!AnchorMatching.looksLikeSlNumber(word))
    }

    @Test(arguments: [["Numero", "de", "modele", "MRY42F/A"], ["Numerode", "modele", "MRY42F/A"], ["Special", "Edition", "C02G414GMD6N"],
                      ["Model", "Number", "MRY42F/A"], ["Serial"]])
    func otherRowsAreNoLabel(_ words: [String]) {
        #expect(words.indices.allSatisfy { AnchorMatching.fuzzyLabelEnd(words, at: $0) == nil })
    }
}

/// A label whose value no line continues is read out along its row.
struct SerialLabelRowTests {
    @Test func aLabelsRowRunsAlongItsBaselineToTheRight() throws {
        let glyphs = (0..<6).map { PixelRect(x: 40 + 14 * $0, y: 100 + $0, width: 10, height: 18) }
        let label = try #require(TextLine(glyphs: glyphs))
        let row = try #require(LineRows.row(of: label, width: 1000))
        #expect(row.minX == label.minX)
        #expect(Double(row.maxX) > Double(label.maxX) + 20 * label.glyphHeight)
        #expect(row.slope == label.slope && row.glyphHeight == label.glyphHeight)
        // The row's last box sits on the label's baseline.
        let last = try #require(row.glyphs.last)
        #expect(abs(Double(last.maxY) - label.baseline(at: Double(last.x))) <= 1)
        // Near the image's edge there is no row to read.
        #expect(LineRows.row(of: label, width: Double(label.maxX) + 30) == nil)
    }

    /// A serial cut short by the line finder: its row is read as far as the missing characters
    /// reach, to the right (its end) or to the left (its start and its `Serial`).
    @Test func aCutSerialsRowReachesAsFarAsAsked() throws {
        let glyphs = (0..<8).map { PixelRect(x: 400 + 14 * $0, y: 100 + $0 / 2, width: 10, height: 18) }
        let cut = try #require(TextLine(glyphs: glyphs))
        let h = cut.glyphHeight
        // Exactly four glyph heights (0.8 × 5 is 4.0 in floating point) is room enough.
        let right = try #require(LineRows.row(of: cut, width: 1000, span: 4))
        #expect(right.minX == cut.minX)
        #expect(abs(Double(right.maxX) - (Double(cut.maxX) + 4 * h)) <= 1)
        let left = try #require(LineRows.row(of: cut, width: 1000, span: 11, leftward: true))
        #expect(left.maxX == cut.maxX)
        #expect(abs(Double(left.minX) - (Double(cut.minX) - 11 * h)) <= 1)
        let first = try #require(left.glyphs.last)
        #expect(abs(Double(first.maxY) - cut.baseline(at: Double(first.x))) <= 1)
        // Leftward, the image's left edge bounds it; too little room there is no row.
        let clipped = try #require(LineRows.row(of: cut, width: 1000, span: 40, leftward: true))
        #expect(clipped.minX == 2)
        let nearEdge = try #require(TextLine(glyphs: glyphs.map { PixelRect(x: $0.x - 380, y: $0.y, width: $0.width, height: $0.height) }))
        #expect(LineRows.row(of: nearEdge, width: 1000, span: 11, leftward: true) == nil)
    }
}

/// The line stage turns the small image's pixels instead of rotating and re-reading it.
struct PixelTurnTests {
    @Test(arguments: [1, 2, 3])
    func turningPixelsMatchesRotatingTheImage(_ q: Int) throws {
        let w = 7, h = 4
        let px = (0..<(w * h)).map { UInt8($0 * 9 % 256) }
        let image = try Image.gray(width: w, height: h, pixels: px)
        let rotated = try image.rotated(quarterTurns: q)
        #expect(LineFinding.turn(px, width: w, height: h, quarterTurns: q) == (try rotated.grayBytes()))
    }
}

/// Dark-mode screens are told by their median grey (the screen preset's `dark_mode_median`).
struct DarkModeTests {
    @Test func medianGreyOfAnImage() throws {
        let px: [UInt8] = [10, 10, 10, 200, 200, 30]
        #expect(LineFinding.medianGray(px) == 10)
        #expect(LineFinding.medianGray([200, 200, 210, 0]) == 200)
    }

    @Test func onlyTheScreenPresetReversesItsPolaritiesInTheDark() throws {
        let presets = try PresetCatalog.untimed().presets
        #expect(presets["screen"]?.lines?.darkModeMedian == 100)
        #expect(presets["etched"]?.lines?.darkModeMedian == nil)
        #expect(presets["sticker"]?.lines?.darkModeMedian == nil)
    }
}
