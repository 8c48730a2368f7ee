import Evaluation
import Foundation

/// JUnit XML for CI job pages: one `testcase` per image. A top-1 miss is a `failure` with the
/// expected and the read value, an image that could not be read is an `error`, an unlabelled
/// image is `skipped`. Permit documents that are not permits expect a refusal.
public enum JUnitReport {
    /// The XML text of `summary`'s records.
    public static func render(_ s: EvaluationSummary) -> String {
        let suite = URL(fileURLWithPath: s.info.dataset).standardizedFileURL.lastPathComponent
        var cases: [String] = []
        var failures = 0, errors = 0, skipped = 0
        for r in s.records {
            let name = Markup.escape(r.relativePath)
            let classname = Markup.escape("scanbench.\(r.outcome.preset)")
            let time = String(format: "%.3f", max(0, r.latencyMs) / 1000)
            var body = ""
            switch verdict(r) {
            case .pass: break
            case let .failure(message, detail):
                failures += 1
                body = "      <failure message=\"\(Markup.escape(message))\" type=\"miss\">\(Markup.escape(detail))</failure>\n"
            case let .error(kind, message):
                errors += 1
                body = "      <error message=\"\(Markup.escape(message))\" type=\"\(Markup.escape(kind))\">\(Markup.escape(message))</error>\n"
            case .skipped:
                skipped += 1
                body = "      <skipped message=\"no ground truth\"/>\n"
            }
            if body.isEmpty {
                cases.append("    <testcase classname=\"\(classname)\" name=\"\(name)\" time=\"\(time)\"/>\n")
            } else {
                cases.append("    <testcase classname=\"\(classname)\" name=\"\(name)\" time=\"\(time)\">\n\(body)    </testcase>\n")
            }
        }
        let total = String(format: "%.3f", s.records.reduce(0) { $0 + max(0, $1.latencyMs) } / 1000)
        let counts = "tests=\"\(s.total)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(total)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"scanbench\" \(counts)>\n"
            + "  <testsuite name=\"\(Markup.escape(suite))\" \(counts) timestamp=\"\(EvaluationSummary.iso(s.info.startedAt))\">\n"
            + "    <properties>\n"
            + "      <property name=\"preset\" value=\"\(Markup.escape(s.info.preset))\"/>\n"
            + "      <property name=\"top1_accuracy_pct\" value=\"\(Metrics.pct(s.top1Hits, s.total))\"/>\n"
            + "      <property name=\"detection_rate_pct\" value=\"\(Metrics.pct(s.detected, s.total))\"/>\n"
            + "    </properties>\n"
            + cases.joined()
            + "  </testsuite>\n</testsuites>\n"
    }

    enum Verdict: Equatable {
        case pass, skipped
        case failure(String, String)
        case error(String, String)
    }

    /// How one record reads as a test.
    static func verdict(_ r: SampleRecord) -> Verdict {
        if let e = r.outcome.error { return .error(e.kind, e.message) }
        let got = r.top.map { "\($0.text) (confidence \(String(format: "%.3f", $0.confidence)), stage \($0.stage))" } ?? "nothing"
        let candidates = r.outcome.candidates.map { "\($0.text)@\(String(format: "%.3f", $0.confidence))" }.joined(separator: ";")
        if let kind = r.kind, kind != "permit" {
            // A not_permit/unreadable document passes when no number is returned.
            if EvaluationSummary.returnedNumber(r) {
                return .failure("expected a refusal (\(kind)), got \(r.top?.text ?? "")", "expected: refusal (\(kind))\ngot: \(got)\ndecision: \(r.outcome.decision ?? "none")")
            }
            return .pass
        }
        guard let gt = r.groundTruth else { return .skipped }
        if r.top1Hit { return .pass }
        let note = r.hit ? "\nthe truth is among the other candidates" : ""
        return .failure("expected \(gt), got \(r.top?.text ?? "nothing")",
                        "expected: \(gt)\ngot: \(got)\ncandidates: \(candidates.isEmpty ? "none" : candidates)\(note)")
    }
}
