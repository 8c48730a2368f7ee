/// How an answer was reached: the stage, the vote's facts and what ranking added. It becomes
/// `Candidate.method` and `Candidate.stage` only where the candidate is built.
struct Provenance: Hashable, Sendable {
    /// The facts of a region's vote that the method reports: `vote:7~0.86+rule1+anchor`.
    struct Vote: Hashable, Sendable {
        /// How many reads took part.
        var reads: Int
        /// The least-supported character's share of its position's votes.
        var weakestSupport: Double
        /// Positions where a format rule overrode the plurality.
        var ruleFixes: Int
        /// How the reads were cut (`trimmed`, `whole`), or empty.
        var repair: String
        /// Whether the region was found after a label.
        var anchored: Bool

        /// The facts of `result`.
        init(_ result: SerialVote.Result, anchored: Bool) {
            reads = result.reads
            weakestSupport = result.weakestSupport
            ruleFixes = result.ruleFixes
            repair = result.repair
            self.anchored = anchored
        }

        /// Today's rendering.
        var method: String {
            "vote:\(reads)" + String(format: "~%.2f", weakestSupport) + (ruleFixes > 0 ? "+rule\(ruleFixes)" : "")
                + (repair.isEmpty ? "" : "+\(repair)") + (anchored ? "+anchor" : "")
        }
    }

    /// The stage that found it.
    var stage: ReadStage
    /// The region's vote; nil for an unanchored token's prior (`page-token`).
    var vote: Vote?
    /// Two regions a character or two apart voted together (`+joint2`).
    var joint = false
    /// Regions that read it alike and confirmed it (`+sightings2`), when it got the bonus.
    var sightings: Int?

    /// `Candidate.method`.
    var method: String {
        guard let vote else { return "page-token" }
        return vote.method + (joint ? "+joint2" : "") + (sightings.map { "+sightings\($0)" } ?? "")
    }
}
