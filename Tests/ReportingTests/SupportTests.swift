import Evaluation
import Foundation
import Testing
import TestSupport
@testable import Reporting

@Suite("Reporting helpers")
struct SupportTests {
    @Test func sha256Vectors() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func manifestHashesSortedPathsAndSizes() throws {
        let dir = try Fixtures.tempDir("manifest")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("b"), withIntermediateDirectories: true)
        try Data("abc".utf8).write(to: dir.appendingPathComponent("a.png"))
        try Data("12345".utf8).write(to: dir.appendingPathComponent("b/c.png"))
        let recs = ["missing.png", "b/c.png", "a.png"].map {
            SampleRecord(filename: $0, relativePath: $0, groundTruth: nil, outcome: SampleOutcome(preset: "etched"), latencyMs: 1, finishedAt: Date())
        }
        let m = DatasetManifest(records: recs, root: dir)
        // python3 -c "import hashlib;print(hashlib.sha256(b'a.png\t3\nb/c.png\t5\nmissing.png\t-1\n').hexdigest())"
        #expect(m.sha256 == "5785a68ca36fdbf4e848bab81fbeb4be24fecc684f8fd6a81c701aa6942a5fc4")
        #expect(m.files == 3 && m.bytes == 8 && m.missing == 1)
    }

    @Test func cpuModelFromProcCPUInfo() {
        #expect(MachineInfo.cpuModel(fromCPUInfo: "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n") == "Intel(R) Xeon(R) CPU @ 2.20GHz")
        #expect(MachineInfo.cpuModel(fromCPUInfo: "") == "unknown")
        #expect(MachineInfo.current.cores >= 1)
    }

    @Test func alignmentPairsSubstitutionsAndGaps() {
        let a = EvaluationSummary.align("C02XK", "CO2K").map { "\($0.0)>\($0.1)" }
        #expect(a == ["C>C", "0>O", "2>2", "X>", "K>K"])
    }

    @Test func siblingPaths() {
        let p = ReportPaths(sibling: URL(fileURLWithPath: "/r/eval_x_20250101_000000.records.jsonl"))
        #expect(p.stem == "eval_x_20250101_000000")
        #expect(p.json.path == "/r/eval_x_20250101_000000.json")
        #expect(p.junit.lastPathComponent == "eval_x_20250101_000000.junit.xml")
    }

    @Test func exportFiltersRefuseBadValues() throws {
        #expect(throws: ExportFilters.Invalid.self) { try ExportFilters(dateFrom: "2025-13-01") }
        #expect(throws: ExportFilters.Invalid.self) { try ExportFilters(dateTo: "15/06/2025") }
        #expect(throws: ExportFilters.Invalid.self) { try ExportFilters(dateFrom: "2025-06-16", dateTo: "2025-06-15") }
        #expect(throws: ExportFilters.Invalid.self) { try ExportFilters(source: "android") }
        #expect(throws: ExportFilters.Invalid.self) { try ExportFilters(validationStatus: "maybe") }
        let f = try ExportFilters(dateFrom: "2025-06-15", dateTo: "2025-06-15", source: "SERVER", deviceType: "macbook", validationStatus: "valid")
        let rows = SerialRow.rows(ReportFixtures.serialRecords, acceptableConfidence: 0.8)
        #expect(rows.filter(f.matches).map(\.id) == [1, 2])
        #expect(try rows.filter(ExportFilters(source: "ios").matches).isEmpty)
        #expect(try rows.filter(ExportFilters(dateFrom: "2025-06-16").matches).isEmpty)
    }

    @Test func htmlIsSelfContained() {
        let html = HTMLReport.render(ReportFixtures.serialSummary) { r in Data("jpeg:\(r.relativePath)".utf8) }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let external = html.components(separatedBy: "http").count - 1
        let svgNamespaces = html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1
        #expect(external == svgNamespaces, "only the SVG namespace may name a URL")
        #expect(!html.contains("<link") && !html.contains("src=\"http") && !html.contains("@import"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 3)
        // A thumbnail for every image, the misses and the error before the hits.
        #expect(html.components(separatedBy: "data:image/jpeg;base64,").count - 1 == 7)
        let order = ["etched/c.jpg", "etched/d.png", "etched/b.png", "screen/e.heic", "screen/g.png", "etched/a.png"]
            .map { html.range(of: Data("jpeg:\($0)".utf8).base64EncodedString())?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "misses, misses with the truth among the candidates, the error, unlabelled, hits")
        #expect(html.contains("0 :: O"))
    }

    @Test func drillDownMarksTheDifferenceAndServesTheCostliestFirst() {
        var records = ReportFixtures.serialRecords
        // A confident wrong answer with the crop it was read from.
        var wrong = ReportFixtures.record("etched/z.png", truth: "C02XK1JHJG5H", [ReportFixtures.c("C02XK1JHJ65H", 0.91)], ms: 100, at: 8)
        wrong.outcome.crops = [CropPicture(label: "lines-crop-gray@44-C02XK1JHJ65H", jpeg: Data("crop-z".utf8))]
        records.append(wrong)
        let html = HTMLReport.render(EvaluationSummary(info: ReportFixtures.info(), records: records)) { r in Data("jpeg:\(r.relativePath)".utf8) }
        let rows = html.components(separatedBy: "<tr class=").dropFirst().map { String($0.prefix(200)) }
        #expect(rows.first?.contains("data-result=\"confident wrong\"") == true, "\(rows.first ?? "")")
        #expect(html.contains("C02XK1JHJ<mark>6</mark>5H"), "the misread character is marked")
        #expect(html.contains("FVFXC<mark>O</mark>SDHV2<mark>·</mark>"), "a substitution and a missing character")
        #expect(html.contains(Data("crop-z".utf8).base64EncodedString()) && html.contains("lines-crop-gray@44-C02XK1JHJ65H"))
        for filter in ["result", "preset", "device"] { #expect(html.contains("data-filter=\"\(filter)\"")) }
        #expect(html.contains("<option>confident wrong</option>") && html.contains("<option>iPhone</option>"))
    }

    @Test func legibleImagesAreListedByCapHeightAndScene() {
        // Two far etched shots with small capitals (one read), a close-up (read), as the generator labels them.
        let labelled: [(String, String, String, String, Bool)] = [
            ("etched/s1.png", "C02XK1JHJG5H", "etched", "8.6", true), ("etched/s2.png", "C02YL2ABCD12", "etched", "9.4", false),
            ("etched/s3.png", "FVFXC0SDHV29", "etched-closeup", "21.0", true),
        ]
        let records = labelled.enumerated().map { i, l -> SampleRecord in
            var r = ReportFixtures.record(l.0, truth: l.1, [ReportFixtures.c(l.4 ? l.1 : "C02YL2A8CD12", 0.7)], ms: 100, at: Double(i))
            r.labelExtras = ["legible": "true", "illegible_reason": "", "glyph_px": l.3, "scene": l.2]
            return r
        }
        let summary = EvaluationSummary(info: ReportFixtures.info(), records: records)
        let md = MarkdownReport.render(summary)
        #expect(md.contains("| cap height <10 px | 2 | 50.00 % |"), "\(md)")
        #expect(md.contains("| cap height >=14 px | 1 | 100.00 % |") && md.contains("| scene etched | 2 | 50.00 % |"))
        let html = HTMLReport.render(summary) { _ in nil }
        #expect(html.contains("<td>cap height &lt;10 px</td><td>2</td><td>1</td><td>50.00 %</td>"), "the HTML table, escaped")
        #expect(html.contains("<td>scene etched-closeup</td><td>1</td><td>1</td><td>100.00 %</td>"))
    }

    @Test func picturesStopAtTheBudgetKeepingTheFirstRows() {
        let big = Data(repeating: 0x41, count: 3000)  // 4,000 base64 characters each
        let html = HTMLReport.render(ReportFixtures.serialSummary, thumbnail: { _ in big }, pictureBudget: 10_000)
        #expect(html.components(separatedBy: "data:image/jpeg;base64,").count - 1 == 2)
        #expect(html.contains("5 pictures left out"))
    }

    @Test func recordLogLinesMatchTheRecordSchema() throws {
        let dir = try Fixtures.tempDir("records")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("run.records.jsonl")
        let log = try RecordLog(url: url)
        for r in ReportFixtures.serialRecords + ReportFixtures.permitRecords { try log.append(r) }
        let text = try String(contentsOf: url, encoding: .utf8)
        let v = try JSONSchemaLibrary.validateRecords(text)
        #expect(v.isEmpty, "\(v)")
        #expect(try RecordLog.read(url).count == 11)
    }
}
