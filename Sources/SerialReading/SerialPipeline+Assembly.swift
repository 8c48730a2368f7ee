import Imaging

extension SerialPipeline {
    /// The stages of one read, put together over this pipeline's engines, its preset and the
    /// image's deadline: the one place that shows how the pipeline is assembled.
    struct Stages {
        let preset: Preset
        /// Vote → confidence.
        let calibration: Calibration
        /// All regions and tokens → answers, best first.
        let ranking: Ranking
        /// A crop → reads in every crop variant × target height.
        let crops: CropReading
        /// Find lines → orient → read lines → anchor and crop; nil when the preset has no `lines:`.
        let lines: LineStage?
        /// Tesseract's page layout → anchors → crops (the fallback).
        let pages: PageSearch
        /// Whether the page search follows the line stage (false: the line stage alone).
        let searchesPage: Bool

        init(_ p: SerialPipeline, deadline: Deadline, searchesPage: Bool = true) {
            self.searchesPage = searchesPage
            let preset = p.preset
            self.preset = preset
            calibration = Calibration(preset)
            ranking = Ranking(calibration: calibration)
            crops = CropReading(settings: preset.crop, weight: preset.reads.cropWeight, engine: p.serialEngine,
                                deadline: deadline, debugSink: p.debugSink)
            let anchors = AnchorMatching(anchors: preset.anchors)
            let cropping = RegionCropping(settings: preset.crop, lineWeight: preset.reads.lineWeight, crops: crops, engine: p.serialEngine)
            lines = preset.lines.map { [ranking] settings in
                LineStage(settings: settings, rotations: preset.rotations, garbageConfidence: preset.orientation.garbageConfidence,
                          finding: LineFinding(settings: settings, rotations: preset.rotations),
                          orientation: Orientation(settings: preset.orientation, lines: settings, anchors: anchors, engine: p.serialEngine,
                                                   deadline: deadline, lineSink: p.lineSink),
                          reading: LineReading(settings: settings, weights: preset.reads, earlyStopConfidence: preset.earlyStopConfidence,
                                               anchors: anchors, cropping: cropping, ranking: ranking, engine: p.serialEngine,
                                               deadline: deadline, debugSink: p.debugSink, lineSink: p.lineSink))
            }
            let reading = PageReading(page: preset.page, crop: preset.crop, weights: preset.reads, anchors: anchors,
                                      engine: p.layoutEngine, crops: crops, deadline: deadline)
            pages = PageSearch(page: preset.page, earlyStopConfidence: preset.earlyStopConfidence, reading: reading, ranking: ranking)
        }

        /// Reads `image`: as one line when it is one; otherwise (or when that gave nothing) the
        /// line stage, then the page search while no answer is confident.
        func read(_ image: Image, state: inout ReadState) throws {
            let gray = try state.clock.time("grayscale") { try image.grayscale() }
            if LineImage.isLine(gray) {
                state.stagesRun = 1
                let reads = try state.clock.time("line") {
                    let (line, glyph) = try LineImage.trimmed(gray, margin: preset.crop.tokenMargin) ?? (gray, Double(gray.height) / 3)
                    return try crops.reads(of: line, glyphHeight: glyph, stage: .lineImage)
                }
                if let a = calibration.score(reads, anchored: true, stage: .lineImage) { state.answers.append(a) }
            }
            // A small photo of a whole label is short and wide too: when the image read as one
            // line gives nothing, it is searched as a scene.
            guard state.answers.isEmpty else { return }
            defer { if state.answers.isEmpty { state.answers = state.ranked(by: ranking) } }
            try searchScene(gray, state: &state)
        }

        /// The line stage first (it needs no layout analysis and handles tilt), then the page
        /// search in the orientation the line stage found, when it found one.
        private func searchScene(_ gray: Image, state: inout ReadState) throws {
            var rotations = preset.rotations
            if let lines {
                state.stagesRun += 1
                if let r = try lines.run(gray, state: &state) { rotations = [r] }
                if rankedConfidently(&state) { return }
                // Text tilted past what lines chain at (about 20° off a quarter turn) chains only in
                // steep pieces: the photo levelled by their tilt is read by the line stage once more.
                // Before a legible read without a serial ends the read: the few lines that chained
                // were not the photo's text.
                if !Self.serialRegionFound(state), let tilt = LineStage.tilt(state.steepAngles, minGlyphs: lines.settings.minGlyphs) {
                    let level = try state.clock.time("lines:level") { try gray.rotated(radians: -tilt, whole: true) }
                    _ = try lines.run(level, tilt: Int((tilt * 180 / .pi).rounded()), state: &state)
                    if rankedConfidently(&state) { return }
                }
                if state.readWithoutSerial { return }
            }
            guard searchesPage else { return }
            // The serial's line is known (it reads as a valid serial): larger page scales would
            // only find it again. A label with a broken value is not.
            let foundSerialRegion = lines != nil && Self.serialRegionFound(state)
            try pages.run(gray, rotations: rotations, foundSerialRegion: foundSerialRegion, state: &state)
        }

        /// Ranks the answers found so far; whether the best is confident enough to stop.
        private func rankedConfidently(_ state: inout ReadState) -> Bool {
            state.answers = state.ranked(by: ranking)
            guard let best = state.answers.first else { return false }
            return best.confidence >= preset.earlyStopConfidence
        }

        /// Whether a labelled region votes a valid serial.
        static func serialRegionFound(_ state: ReadState) -> Bool {
            state.regions.contains { $0.anchored && SerialVote.vote($0.reads)?.valid == true }
        }
    }
}
