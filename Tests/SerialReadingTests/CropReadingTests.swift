@testable import SerialReading
import Recognition
import Testing

/// The crop reads' settle rule: once enough reads agree on one valid serial, the other
/// variants are skipped.
struct CropReadingTests {
    static func reading(settle: Int = 4) throws -> CropReading {
        var crop = try PresetCatalog.untimed().preset("etched").crop
        crop.settleReads = settle
        return CropReading(settings: crop, weight: 1, engine: try OCREngine(), deadline: .never, debugSink: nil)
    }

    static func reads(_ texts: [String]) -> [SerialVote.Read] { texts.map { SerialVote.Read(text: $0, method: "crop:gray@32") } }

    @Test func fourAgreeingValidReadsSettle() throws {
        let r = try Self.reading()
        #expect(r.settled(Self.reads(Array(repeating: "C02Y94ZEJG5H", count: 4))))
        #expect(!r.settled(Self.reads(Array(repeating: "C02Y94ZEJG5H", count: 3))))
        #expect(!r.settled(Self.reads(Array(repeating: "C02Y94ZEJG5H", count: 3) + ["C02Y94ZEJ65H"])))
    }

    @Test func invalidReadsNeverSettle() throws {
        // A 12-character read with no half-year code at its fourth place is not a serial.
        #expect(!(try Self.reading()).settled(Self.reads(Array(repeating: "C02A94ZEJG5H", count: 6))))
    }

    @Test func theCountComesFromThePreset() throws {
        #expect(try Self.reading(settle: 2).settled(Self.reads(["C02Y94ZEJG5H", "C02Y94ZEJG5H"])))
    }
}
