import Imaging

/// The page stage, Tesseract's layout analysis as a fallback: the first page variant in each
/// rotation (an orientation probe), then the other scales and variants in the rotations that
/// showed the most legible text first, until an answer is confident, the search stops finding
/// regions, or the budget runs out. Past the probe, only when a label was seen
/// (`search_needs_label`).
struct PageSearch {
    let page: Preset.Page
    let earlyStopConfidence: Double
    let reading: PageReading
    let ranking: Ranking

    /// One page read to make: a rotation, a scale of the fitted photo, a variant.
    struct Step: Hashable {
        var rotation: Int
        var scale: Double
        var variant: Preset.Variant
    }

    /// The search's progress over one image.
    struct Progress {
        var steps: [Step] = []
        var done = 0
        var readsWithoutNewRegion = 0
        /// A region with an answer was found (here or by the line stage).
        var foundSerialRegion: Bool
        /// Legible text per rotation (confident words), from the probe.
        var textScore: [Int: Double] = [:]
        /// The grey photo in each rotation read so far.
        var rotated: [Int: Image] = [:]
    }

    /// Searches `gray` in `rotations` (the line stage's, when it found one), adding regions,
    /// weak tokens and answers to `state`.
    func run(_ gray: Image, rotations: [Int], foundSerialRegion: Bool, state: inout ReadState) throws {
        var progress = Progress(foundSerialRegion: foundSerialRegion)
        if let s0 = page.scales.first, let v0 = page.variants.first {
            progress.steps = rotations.map { Step(rotation: $0, scale: s0, variant: v0) }
        }
        let probes = progress.steps.count
        while let step = next(&progress, rotations: rotations) {
            // Past the probe, only a seen label is worth more reads (`search_needs_label`).
            if page.searchNeedsLabel && progress.done > probes && !state.labelSeen { return }
            // Once a serial region is found, more page reads rarely add evidence: larger
            // scales are skipped, and two reads in a row without a new region end the search.
            if progress.foundSerialRegion && step.scale > (page.scales.first ?? 1) { continue }
            if progress.foundSerialRegion && progress.readsWithoutNewRegion >= 2 { return }
            if state.deadline.hasPassed { state.timedOut = true; return }
            state.stagesRun += 1
            try read(step, of: gray, progress: &progress, state: &state)
            state.answers = state.ranked(by: ranking)
            if let best = state.answers.first, best.confidence >= earlyStopConfidence { return }
        }
    }

    /// The next step; once the probe is done, the remaining combinations are queued, best
    /// orientation first. Nil when none is left.
    func next(_ progress: inout Progress, rotations: [Int]) -> Step? {
        if progress.done == progress.steps.count {
            guard progress.done == rotations.count, let s0 = page.scales.first, let v0 = page.variants.first else { return nil }
            let order = rotations.sorted { (progress.textScore[$0] ?? 0) > (progress.textScore[$1] ?? 0) }
            for r in order {
                for s in page.scales {
                    for v in page.variants where !(s == s0 && v == v0) { progress.steps.append(Step(rotation: r, scale: s, variant: v)) }
                }
            }
            if progress.done == progress.steps.count { return nil }
        }
        let step = progress.steps[progress.done]
        progress.done += 1
        return step
    }

    /// One page read, and what it says about the search: legible text for its rotation, and
    /// whether it found a new region with an answer.
    private func read(_ step: Step, of gray: Image, progress: inout Progress, state: inout ReadState) throws {
        let rotated = try image(gray, turnedTo: step.rotation, progress: &progress)
        let fit = min(1.0, Double(page.maxSide) / Double(max(rotated.width, rotated.height)))
        let stage = ReadStage.page(step.variant, scale: step.scale, rotation: step.rotation)
        let regionsBefore = state.regions.count
        let score = try state.timed(stage.description) { s in
            try reading.read(rotated, scale: fit * step.scale, variant: step.variant, rotation: step.rotation, stage: stage, state: &s)
        }
        progress.textScore[step.rotation, default: 0] += score
        let productive = state.regions.dropFirst(regionsBefore).contains { SerialVote.vote($0.reads) != nil }
        progress.readsWithoutNewRegion = productive ? 0 : progress.readsWithoutNewRegion + 1
        if productive { progress.foundSerialRegion = true }
    }

    /// `gray` turned by `rotation`, turned once per image.
    private func image(_ gray: Image, turnedTo rotation: Int, progress: inout Progress) throws -> Image {
        if let r = progress.rotated[rotation] { return r }
        let r = try rotation % 360 == 0 ? gray : gray.rotated(quarterTurns: rotation / 90)
        progress.rotated[rotation] = r
        return r
    }
}
