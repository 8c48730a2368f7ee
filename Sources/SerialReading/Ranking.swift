/// Ranks every answer of one image, best first: each region voted and calibrated, regions a
/// character or two apart voted jointly, serials read alike in two regions confirmed, and
/// unanchored tokens at a low prior.
struct Ranking: Sendable {
    /// Scores the votes.
    var calibration = Calibration()

    /// A region with its voted answer.
    struct Voted {
        var region: SerialPipeline.Region
        var answer: ScoredSerial
    }

    /// The answers of `regions` and the weak tokens, best first (ties by text).
    func rank(regions: [SerialPipeline.Region], weak: [SerialVote.Read]) -> [ScoredSerial] {
        var best = Best()
        var sightings: [String: Int] = [:]
        let voted = regions.compactMap { r in calibration.score(r.reads, anchored: r.anchored, stage: r.stage, cut: r.cut).map { Voted(region: r, answer: $0) } }
        for v in voted {
            sightings[v.answer.text, default: 0] += 1
            best.offer(v.answer)
        }
        for joint in joints(voted) { best.offer(joint) }
        // The same serial voted in two regions (etched + sticker) is strong evidence.
        for (text, n) in sightings where n > 1 {
            guard let a = best.byText[text],
                  calibration.confirmed(text, by: voted.filter { $0.answer.text == text }.map { SerialVote.vote($0.region.reads) }) else { continue }
            best.byText[text] = calibration.confirming(a, sightings: n)
        }
        // Unanchored tokens: a low prior, only for serials no region voted.
        for w in weak where best.byText[w.text] == nil && SerialGrammar.isPlausible(w.text) {
            best.byText[w.text] = calibration.tokenPrior(w)
        }
        return best.byText.values.sorted { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.text < $1.text }
    }

    /// Two regions that read the same serial with a character or two apart (etched and
    /// sticker, one S read as 5) are one serial seen twice: their reads vote together. They
    /// disagree, so they confirm nothing: no sightings bonus (real-dev WA0037 at half size: the
    /// labelled etched line read 8 in 5 of 7 crops, an unlabelled sticker B in 6 of 7, and the
    /// bonus had lifted the joint B over 0.8).
    func joints(_ voted: [Voted]) -> [ScoredSerial] {
        var out: [ScoredSerial] = []
        for i in voted.indices {
            for j in voted.indices where j > i {
                let a = voted[i].answer.text, b = voted[j].answer.text
                guard a != b, a.count == b.count, zip(a, b).filter({ $0 != $1 }).count <= 2 else { continue }
                let first = voted[i].region, second = voted[j].region
                guard var joint = calibration.score(first.reads + second.reads, anchored: first.anchored || second.anchored,
                                                    stage: first.stage, cut: first.cut && second.cut) else { continue }
                joint.provenance.joint = true
                out.append(joint)
            }
        }
        return out
    }

    /// The surest answer per serial.
    struct Best {
        var byText: [String: ScoredSerial] = [:]

        /// Keeps `a` when it is surer than the answer kept for its text.
        mutating func offer(_ a: ScoredSerial) {
            if (byText[a.text]?.confidence ?? -1) < a.confidence { byText[a.text] = a }
        }
    }
}
