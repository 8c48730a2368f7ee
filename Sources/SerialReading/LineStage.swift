import Imaging
import ReadingCore

/// The line stage: text lines found without Tesseract's layout analysis (`LineFinding`), the
/// photo's orientation decided (`Orientation`), the lines read and their serials cropped
/// (`LineReading`), in each polarity until a labelled serial is found.
struct LineStage {
    let settings: Preset.Lines
    let rotations: [Int]
    let garbageConfidence: Double
    let finding: LineFinding
    let orientation: Orientation
    let reading: LineReading

    /// What reading one polarity's lines found.
    struct Outcome {
        /// The rotation the lines were read in.
        var rotation: Int
        /// A labelled region with an answer was found.
        var anchored: Bool
        /// The mean read confidence of the lines (the better way up, when they were turned).
        var meanConfidence: Double
        /// How many lines were read (the more of the two ways up, when they were turned).
        var linesRead: Int
    }

    /// Runs the stage on `gray`, adding regions and weak tokens to `state`. Returns the
    /// rotation it read in, or nil when it found no lines.
    /// `tilt` (degrees) names the stage when `gray` is a photo levelled by it.
    func run(_ gray: Image, tilt: Int = 0, state: inout ReadState) throws -> Int? {
        try run(gray, finding: finding, rescaled: false, tilt: tilt, state: &state)
    }

    private func run(_ gray: Image, finding: LineFinding, rescaled: Bool, tilt: Int, state: inout ReadState) throws -> Int? {
        let page = try finding.page(gray, clock: &state.clock)
        var chosen: Int? = nil
        for polarity in page.polarities {
            guard let found = finding.lines(in: page, polarity: polarity, clock: &state.clock) else { continue }
            if tilt == 0 { state.steepAngles += Self.steepAngles(found.lines) }
            let outcome = try read(found, polarity: polarity, of: gray, page: page, finding: finding, tilt: tilt, state: &state)
            chosen = outcome.rotation
            if outcome.anchored { break }
            // Legible lines without a label or a serial: the photo's text was read and holds
            // none (`conclusive_confidence`); the other polarity and the page search would
            // only read it again.
            // Not when a line named the device's regulatory block (`regulatorySeen`): its serial
            // is etched beside it, too faint to chain (fresh 106711 #280: `Model A1932 EMC 31064`
            // read, the fainter `Serial G8WH44ZMJK7L` after it not found as glyphs).
            if let limit = settings.conclusiveConfidence, outcome.meanConfidence >= limit, outcome.linesRead >= settings.conclusiveLines ?? 1,
               !state.labelSeen, !state.regulatorySeen, state.regions.isEmpty {
                state.readWithoutSerial = true
                break
            }
        }
        // No line at all: large soft glyphs (a blurred close-up) can break into pieces or merge
        // across rows at one scale and chain at another. One retry at three quarters of the size.
        if chosen == nil, !rescaled, Double(max(gray.width, gray.height)) * page.fit >= 800 {
            var smaller = finding
            smaller.settings.maxSide = Int(Double(max(gray.width, gray.height)) * page.fit * 0.75)
            return try run(gray, finding: smaller, rescaled: true, tilt: tilt, state: &state)
        }
        return chosen
    }

    /// Reads one polarity's lines in the orientation the probe chose; with `flip: fallback`,
    /// reads them again turned over when nothing labelled was found and they read as garbage.
    private func read(_ found: LineFinding.Found, polarity: Preset.Lines.Polarity, of gray: Image, page: LineFinding.Page,
                      finding: LineFinding, tilt: Int, state: inout ReadState) throws -> Outcome {
        var rotation = found.rotation
        var lines = state.clock.time("lines:edges") { finding.textFirst(found.lines, turned: rotation / 90, in: page) }
        var cache: [TextLine: LineBandRead] = [:]
        var image = try rotation == 0 ? gray : gray.rotated(quarterTurns: rotation / 90)
        let lazyFlip = settings.flip == .fallback
        if rotations.contains(rotation + 180) && !lazyFlip {
            // The longest line read both ways; a second one only when the first is unclear.
            let verdict = try orientation.probe(lines, in: image, fit: page.fit, polarity: polarity, clock: &state.clock)
            cache = verdict.cache
            if orientation.isFlipped(verdict) || !rotations.contains(rotation) {
                rotation += 180
                cache = [:]
                image = try image.rotated(quarterTurns: 2)
                lines = finding.lines(of: found.glyphs, turnedTo: rotation, in: page)
            }
        }
        let frame = LineReading.Frame(image: image, fit: page.fit, rotation: rotation, stage: .lines(polarity, rotation: rotation, tilt: tilt))
        let first = try pass(lines, frame: frame, cache: cache, state: &state)
        var outcome = Outcome(rotation: rotation, anchored: first.anchored, meanConfidence: first.meanConfidence, linesRead: first.linesRead)
        if !first.anchored, lazyFlip, rotations.contains(rotation + 180), first.meanConfidence < garbageConfidence,
           !(rotation == 0 && state.validAnswer(since: first.start)) {
            // Nothing labelled, and the lines read as garbage: the photo may be upside down. Not
            // when it read a valid serial as taken: upside down its glyphs read as another valid
            // serial as often as not (second-source screen #207: a moiré-striped photo's lines
            // read as garbage on the whole, its serial upright at 0.75, upside down as
            // `JZDHN131AZ14` at 0.75 too). No generated or second-source screen photo is upside
            // down, and of the answers flipped passes gave on them, none was right. A photo
            // taken sideways is turned either way as often: its lines are read both ways.
            rotation += 180
            image = try image.rotated(quarterTurns: 2)
            lines = finding.lines(of: found.glyphs, turnedTo: rotation, in: page)
            let turned = LineReading.Frame(image: image, fit: page.fit, rotation: rotation, stage: .lines(polarity, rotation: rotation % 360, tilt: tilt))
            let flipped = try pass(lines, frame: turned, cache: [:], state: &state)
            outcome.anchored = flipped.anchored
            outcome.meanConfidence = max(first.meanConfidence, flipped.meanConfidence)
            outcome.linesRead = max(first.linesRead, flipped.linesRead)
            if flipped.anchored || flipped.meanConfidence > first.meanConfidence { outcome.rotation = rotation % 360 }
        }
        return outcome
    }

    /// What one reading pass found.
    struct Pass {
        var meanConfidence: Double
        /// How many lines were read.
        var linesRead: Int
        var anchored: Bool
        /// How many regions there were before the pass.
        var start: Int
    }

    /// Reads `lines` in `frame`, timed as the frame's stage.
    private func pass(_ lines: [TextLine], frame: LineReading.Frame, cache: [TextLine: LineBandRead], state: inout ReadState) throws -> Pass {
        let before = state.regions.count
        let read = try state.timed(frame.stage.description) { s in try reading.readAll(lines, frame: frame, cache: cache, state: &s) }
        return Pass(meanConfidence: read.meanConfidence, linesRead: read.lines, anchored: state.anchoredAnswer(since: before), start: before)
    }

    /// Lines at least this steep (radians) are text tilted past what the line finder chains
    /// whole: it chains such text only in pieces.
    static let steep = 0.4

    /// The angles of `lines`' steep ones, once per glyph.
    static func steepAngles(_ lines: [TextLine]) -> [Double] {
        lines.filter { abs($0.angle) >= Self.steep }.flatMap { l in Array(repeating: l.angle, count: l.glyphCount) }
    }

    /// The tilt (radians) of text tilted past what lines chain at: the median of the steep lines'
    /// glyph angles found in the photo (`ReadState.steepAngles`, in either polarity), when they
    /// hold two lines' worth of glyphs (`minGlyphs` a line); nil otherwise.
    static func tilt(_ steepAngles: [Double], minGlyphs: Int) -> Double? {
        let angles = steepAngles.sorted()
        return angles.count >= 2 * minGlyphs ? angles[angles.count / 2] : nil
    }
}
