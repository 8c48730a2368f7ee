import ReadingCore
import Recognition

/// The working state of one image's read, passed `inout` from stage to stage: its deadline,
/// the regions and weak tokens found so far, the answers ranked so far, and the stage clock.
struct ReadState {
    /// When the image's budget runs out.
    let deadline: Deadline
    /// Times each stage.
    var clock = StageClock()
    /// Regions believed to hold a serial, with their reads.
    var regions: [SerialPipeline.Region] = []
    /// Serial-shaped tokens with no label.
    var weak: [SerialVote.Read] = []
    /// The answers so far, best first.
    var answers: [ScoredSerial] = []
    /// How many stages ran (more than one: a fallback was used).
    var stagesRun = 0
    /// The page search stopped at the deadline.
    var timedOut = false
    /// A serial's label (an anchor) was read somewhere, with or without its value.
    var labelSeen = false
    /// The line stage read the photo's lines legibly and found neither a label nor a serial
    /// (`lines.conclusive_confidence`): no further stage runs.
    var readWithoutSerial = false
    /// The angles (radians, positive: descending to the right) of the steep lines the line stage
    /// found in the photo as taken, once per glyph (`LineStage.tilt`).
    var steepAngles: [Double] = []
    /// Hardware addresses read in the photo (`SerialGrammar.hardwareAddress`): no answer.
    var addresses: Set<String> = []
    /// A line named a device's regulatory block (`SerialGrammar.namesRegulatoryBlock`: `Model
    /// A1932`, `EMC 3184`): the serial is etched beside it, however legibly the rest read.
    var regulatorySeen = false

    /// A fresh state for an image read until `deadline`.
    init(deadline: Deadline) { self.deadline = deadline }

    /// Runs `body` on this state and records its time as stage `name`. `body` must not time
    /// stages of its own (their times would be lost): the stages it runs do not.
    mutating func timed<T>(_ name: String, _ body: (inout ReadState) throws -> T) rethrows -> T {
        var clock = self.clock
        defer { self.clock = clock }
        return try clock.time(name) { try body(&self) }
    }

    /// Records the hardware addresses among `text`'s words: a screen's Wi-Fi and Bluetooth
    /// rows, whose values the crops read without their colons as 12-character "serials".
    mutating func noteAddresses(in text: RecognizedText) {
        for w in text.words { if let a = SerialGrammar.hardwareAddress(inWord: w.text) { addresses.insert(a) } }
    }

    /// Records whether `text` names a device's regulatory block (`regulatorySeen`).
    mutating func noteRegulatoryBlock(in text: RecognizedText) {
        if !regulatorySeen, SerialGrammar.namesRegulatoryBlock(text.words.map(\.text)) { regulatorySeen = true }
    }

    /// Every answer so far, best first, none of them an address read in the photo.
    func ranked(by ranking: Ranking) -> [ScoredSerial] {
        ranking.rank(regions: regions, weak: weak).filter { !SerialGrammar.isAddress($0.text, among: addresses) }
    }

    /// Whether a region found since the first `start` regions is anchored and votes an answer.
    func anchoredAnswer(since start: Int) -> Bool {
        regions.dropFirst(start).contains { $0.anchored && SerialVote.vote($0.reads) != nil }
    }

    /// Whether a region found since the first `start` regions votes a valid serial that is not
    /// an address read in the photo.
    func validAnswer(since start: Int) -> Bool {
        regions.dropFirst(start).contains { r in
            SerialVote.vote(r.reads).map { $0.valid && !SerialGrammar.isAddress($0.text, among: addresses) } ?? false
        }
    }
}
