import Foundation
import Harness
import Testing

@Suite("Realism comparison")
struct RealismComparisonTests {
    static func sample(_ file: String, heights: [Double], status: RealismSample.RowStatus, contrast: Double? = nil) -> RealismSample {
        var s = RealismSample(file: file)
        s.width = 1600
        s.height = 900
        s.lineHeights = heights
        s.rowStatus = status
        s.sharpness = 100
        s.grey = RealismStatistics.GreyLevels(mean: 120, p5: 20, p95: 230)
        s.seconds = 0.5
        if let contrast {
            s.row = RealismSample.Row(text: "Serial C02Y94ZEJG5H", distance: 0, glyphHeight: 12, contrast: contrast, sharpness: 50, rotation: 0)
        }
        return s
    }

    @Test func theSummarySaysWhatEachStatisticIsOver() {
        var broken = RealismSample(file: "broken.jpg")
        broken.rowStatus = .unreadable
        broken.error = "decodeFailed"
        let samples = [
            Self.sample("a.jpg", heights: [10, 12, 14], status: .found, contrast: 40),
            Self.sample("b.jpg", heights: [], status: .notFound),
            Self.sample("c.jpg", heights: [12], status: .noTruth),
            broken,
        ]
        let s = RealismSummary(samples)
        #expect(s.images == 4 && s.unreadable == 1 && s.withLines == 2)
        #expect(s.rowsFound == 1 && s.rowsNotFound == 1 && s.noTruth == 1)
        #expect(s.lineHeight.count == 4 && s.linesPerImage.count == 3)
        #expect(s.rowContrast.count == 1 && s.rowContrast.p50 == 40)
        #expect(s.meanGrey.count == 3 && s.secondsPerImage.count == 4)
    }

    @Test func theTableShowsBothFoldersAndTheirCounts() throws {
        let a = RealismProfile(folder: "/tmp/generated", schema: .serial, engine: "serial_best", settings: RealismSettings(),
                               samples: [Self.sample("a.jpg", heights: [10, 12, 14], status: .found, contrast: 40)])
        let b = RealismProfile(folder: "/tmp/real", schema: .serial, engine: "serial_best", settings: RealismSettings(),
                               samples: [Self.sample("x.jpg", heights: [8], status: .notFound)])
        let comparison = RealismComparison(a: a, b: b)
        let rows = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.metric.trimmingCharacters(in: .whitespaces), $0) })
        #expect(rows["serial row: found / not found / no truth"]?.a == "1 / 0 / 0")
        #expect(rows["serial row: found / not found / no truth"]?.b == "0 / 1 / 0")
        #expect(rows["line glyph height px p10/p50/p90"]?.a == "10.4 / 12.0 / 13.6 (n=3 lines)")
        #expect(rows["row contrast (Otsu gap) p10/p50/p90"]?.b == "– (n=0 rows)")
        let table = comparison.table()
        #expect(table.hasPrefix("A: /tmp/generated\nB: /tmp/real\n"))
        #expect(table.contains("metric") && table.contains(" | "))
        let decoded = try JSONDecoder().decode(RealismComparison.self, from: comparison.json())
        #expect(decoded.rows == comparison.rows && decoded.a.samples == a.samples)
    }

    @Test func permitFoldersNameThePermitNumbersRow() {
        let a = RealismProfile(folder: "flat", schema: .permit, engine: "fra", settings: RealismSettings(), samples: [])
        let comparison = RealismComparison(a: a, b: a)
        #expect(comparison.rows.contains { $0.metric.hasPrefix("permit-number row") })
        #expect(comparison.rows.first?.a == "0 (0)")
    }
}
