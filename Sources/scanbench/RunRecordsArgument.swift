import ArgumentParser
import Evaluation
import Foundation
import Harness
import Reporting

/// A run given on the command line whose per-image records a command needs (`diff`,
/// `calibrate`): its records, or a validation error naming the path and what was expected.
enum RunRecordsArgument {
    /// The records of `path`; `why` says what the command does with them (`diff compares images`).
    static func records(_ path: String, why: String) throws -> (url: URL, records: [SampleRecord], header: RecordHeader?) {
        let found: (url: URL, records: [SampleRecord], header: RecordHeader?)?
        do { found = try RunLocator.records(of: path) } catch { throw ValidationError(error.description) }
        guard let found else {
            throw ValidationError("\(path) is a summary without its per-image record beside it (\(ReportPaths(sibling: URL(fileURLWithPath: path)).records.path)): \(why), give the run's .records.jsonl or the folder evaluate wrote")
        }
        return found
    }
}
