import Foundation

/// What a learned calibration knows about a serial answer: facts every run record keeps
/// (`Candidate.method`, `stage`, `strictValid`, the formula's confidence — its
/// `formulaConfidence` when a learned calibration gave the recorded one), so a calibration
/// can be fitted from any labelled run and applied to the same facts while reading.
///
/// The method reads `vote:READS~WEAKEST[+ruleN][+trimmed|+whole][+anchor][+joint2][+sightingsN]`,
/// or `page-token` for an unanchored token's prior.
public struct CalibrationFeatures: Hashable, Sendable {
    /// The feature names, in the order of `values`.
    public static let names = [
        "formula_logit", "strict_valid", "reads", "weakest_support", "rule_fix", "trimmed", "whole",
        "anchored", "joint", "sightings", "page_token", "stage_page", "stage_lines", "stage_rotated", "length_12",
    ]

    /// One value per name.
    public var values: [Double]

    /// The features of `candidate`.
    public init(_ candidate: Candidate) {
        let m = candidate.method
        let vote = Self.vote(m)
        let c = min(0.99, max(0.01, candidate.formulaConfidence ?? candidate.confidence))
        let stage = candidate.stage
        values = [
            log(c / (1 - c)),
            candidate.strictValid ? 1 : 0,
            Double(min(vote?.reads ?? 0, 8)) / 8,
            vote?.weakest ?? 0,
            m.contains("+rule") ? 1 : 0,
            m.contains("+trimmed") ? 1 : 0,
            m.contains("+whole") ? 1 : 0,
            m.contains("+anchor") ? 1 : 0,
            m.contains("+joint") ? 1 : 0,
            m.contains("+sightings") ? 1 : 0,
            vote == nil ? 1 : 0,
            stage.hasPrefix("page:") ? 1 : 0,
            stage.hasPrefix("lines") ? 1 : 0,
            stage.contains("/rot") ? 1 : 0,
            candidate.text.count == 12 ? 1 : 0,
        ]
    }

    /// The vote's read count and weakest support from a method string, nil for `page-token`
    /// or a method that is not a vote's.
    static func vote(_ method: String) -> (reads: Int, weakest: Double)? {
        guard method.hasPrefix("vote:") else { return nil }
        let body = method.dropFirst(5).prefix { $0 != "+" }
        let parts = body.split(separator: "~")
        guard parts.count == 2, let reads = Int(parts[0]), let weakest = Double(parts[1]) else { return nil }
        return (reads, weakest)
    }
}
