import Evaluation
import Testing

@Suite("Labels audit")
struct LabelsAuditTests {
    @Test func reportsEveryKindOfMismatch() {
        let labels = Labels.parse("filename,serial\r\nsub/a.jpg,X\r\n\"b.jpg\",Y\r\nghost.jpg,Z\r\nc.jpg,W\r\n")
        let kinds = labels.issues.map(\.kind)
        #expect(kinds.contains(.crlfLineEnds))
        #expect(labels.issues.first { $0.kind == .quotedFields }?.line == 3)
        let audit = labels.audit(relativePaths: ["sub/a.jpg", "b.jpg", "x/c.jpg", "y/c.jpg", "new.png"])
        #expect(audit.contains { $0.kind == .missingFile && $0.message.contains("ghost.jpg") && $0.line == 4 })
        #expect(audit.contains { $0.kind == .ambiguousFilename && $0.message.contains("c.jpg") })
        let unlabelled = audit.first { $0.kind == .fileWithoutLabel }
        #expect(unlabelled?.message.contains("1 image has no row") == true)
        #expect(unlabelled?.message.contains("new.png") == true)
        #expect(labels.lookup(relativePath: "b.jpg")?.truth == "Y")
    }

    @Test func emptyLabelsReportNothingMore() {
        #expect(Labels.empty.audit(relativePaths: ["a.jpg"]).isEmpty)
    }
}
