import Evaluation
import SnapshotTesting
import Testing
@testable import Reporting

/// Pins the text renderings of a fixed record list (snapshots under `__Snapshots__`; to
/// re-record after an intended change, delete the file and run the tests twice).
@Suite("Report snapshots")
struct SnapshotTests {
    @Test func perImageCSV() {
        assertSnapshot(of: PerImageCSV.render(ReportFixtures.serialRecords), as: .lines)
    }

    @Test func markdown() {
        assertSnapshot(of: MarkdownReport.render(ReportFixtures.serialSummary), as: .lines)
    }

    @Test func junit() {
        assertSnapshot(of: JUnitReport.render(ReportFixtures.serialSummary), as: .lines)
    }

    @Test func permitJUnit() {
        let s = EvaluationSummary(info: ReportFixtures.info(preset: "permit"), records: ReportFixtures.permitRecords)
        assertSnapshot(of: JUnitReport.render(s), as: .lines)
    }
}
