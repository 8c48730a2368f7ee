import Evaluation
import Foundation
import Testing

@Suite("labels.csv")
struct LabelsTests {
    @Test func basicWithExtraColumns() {
        let l = Labels.parse("filename,serial,device_type,note\na.jpg, c02y94zejg5h ,MacBook,etched close-up\nb.jpg,,iPhone,\n")
        #expect(l.schema == .serial)
        #expect(l.issues.isEmpty)
        #expect(l.rows.count == 2)
        #expect(l.lookup(relativePath: "a.jpg")?.truth == "C02Y94ZEJG5H", "trimmed and upper-cased")
        #expect(l.lookup(relativePath: "b.jpg")?.truth == nil, "empty serial = no ground truth")
        #expect(l.lookup(relativePath: "a.jpg")?.extra["device_type"] == "MacBook")
        #expect(l.lookup(relativePath: "a.jpg")?.extra["note"] == "etched close-up")
    }

    @Test func relativePathsAndBaseNames() {
        let l = Labels.parse("filename,serial\nsub/dir/x.png,AAA111\ny.png,BBB222\n")
        #expect(l.lookup(relativePath: "sub/dir/x.png")?.truth == "AAA111")
        #expect(l.lookup(relativePath: "other/y.png")?.truth == "BBB222", "a base name matches anywhere")
        #expect(l.lookup(relativePath: "z.png") == nil)
    }

    @Test func quotedFieldsCRLFAndBOM() {
        let l = Labels.parse("\u{FEFF}filename,serial,note\r\n\"a, b.jpg\",X1Y2Z3W4Q5,\"said \"\"hi\"\"\"\r\nc.jpg,Q1W2E3R4T5,\r\n")
        #expect(l.rows.count == 2)
        #expect(l.rows[0].filename == "a, b.jpg")
        #expect(l.rows[0].extra["note"] == "said \"hi\"")
        #expect(l.rows[1].truth == "Q1W2E3R4T5")
    }

    @Test func duplicatesAndMissingColumnsAreReported() {
        let d = Labels.parse("filename,serial\na.jpg,AAA\na.jpg,BBB\n")
        #expect(d.rows.count == 1 && d.rows[0].truth == "AAA")
        #expect(d.issues.map(\.kind) == [.duplicateFilename])
        let m = Labels.parse("name,serial\na.jpg,AAA\n")
        #expect(m.rows.isEmpty)
        #expect(m.issues.first?.kind == .missingColumn)
        let e = Labels.parse("")
        #expect(e.issues.first?.kind == .missingColumn)
    }

    @Test func permitSchema() {
        let l = Labels.parse("filename,permit_number,kind\np1.jpg,2023/00457,permit\nn1.jpg,,not_permit\n")
        #expect(l.schema == .permit)
        #expect(l.rows[0].truth == "2023/00457" && l.rows[0].kind == "permit")
        #expect(l.rows[1].truth == nil && l.rows[1].kind == "not_permit")
    }

    @Test func nonUTF8IsReportedNotFatal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString).csv")
        var bytes = Data("filename,serial\na.jpg,AB".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(Data("12\n".utf8))
        try bytes.write(to: dir)
        let l = try Labels.load(dir)
        #expect(l.rows.count == 1)
        #expect(l.issues.contains { $0.kind == .badEncoding })
    }

    @Test func missingFileThrows() {
        #expect(throws: (any Error).self) { try Labels.load(URL(fileURLWithPath: "/nonexistent/labels.csv")) }
    }
}
