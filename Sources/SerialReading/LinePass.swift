import ReadingCore

/// The line stage's progress over one orientation's lines: the queue (longest first, values
/// of labels and extended rows moved to the front), the lines read, and the tokens waiting.
struct LinePass {
    /// Lines still to read.
    var queue: [TextLine]
    /// The photo's width in the lines' frame (the edge rows reach to).
    let width: Double
    /// Lines read, in order.
    var read: [ReadLine] = []
    var confidenceSum = 0.0
    /// Label lines (indices into `read`) whose value was found on a later line.
    var linked: Set<Int> = []
    /// Label lines with no value on their line (indices into `read`).
    var labelOnly: [Int] = []
    /// Lines already extended to a row: each is extended once.
    var extended: Set<TextLine> = []
    /// Rows read because ink went on past a serial at their line's end (`LineEdgeInk`), with
    /// the serial read before: each line is extended so once, and such a row never again. The
    /// row's read counts only when it holds that serial and more; otherwise the serial stands.
    var inkExtended: [TextLine: LineToken] = [:]
    /// Rows extended to the left so far (at most two a stage).
    var leftward = 0
    /// Rows read out to the left of a value that starts its chain: one that then holds a label
    /// and a value cut at its right end (`Serial F17CRHUKQ6L` of `…6L4`) is read on to the
    /// right once more.
    var leftRows: Set<TextLine> = []
    /// Rows read out to the right of a label's value too short for any format: one that then
    /// holds a 10- or 11-character value with ink before its chain (`2VHGSWMD6` + `T`, the
    /// `C0` before it left out too) is read out to the left once more.
    var rightRows: Set<TextLine> = []
    /// Rows read out to the left of a whole serial that starts its chain, for its label, with
    /// no ink just before the chain (a chain cut short reads on into its row): they give no
    /// serial of their own and are never a label's value (`LineReading.continuation`).
    var labelRows: Set<TextLine> = []
    /// Valid serials with no label, cropped once the queue is done.
    var unanchored: [LineToken] = []

    /// A label column's gap to its value column, in glyph heights.
    static let columnGap = 2.5

    /// The mean read confidence of the lines read.
    var meanConfidence: Double { read.isEmpty ? 0 : confidenceSum / Double(read.count) }

    /// Whether `line`'s row may be read on to the right: each line once, and a row read out to
    /// the left once more.
    func mayExtendRight(_ line: TextLine) -> Bool {
        !extended.contains(line) || leftRows.contains(line)
    }

    /// Whether a value's row may be read out to the left: each line once, and a row read out
    /// to the right once more.
    func mayExtendLeft(_ line: TextLine) -> Bool {
        !extended.contains(line) || rightRows.contains(line)
    }

    /// Reads `row`, a value `line`'s row read on to the right (`rightward`) or out to the left,
    /// next. A row read on to the right may be read out to the left once; the line it was read
    /// from, once so extended, never again (the label's value is found on it again and again).
    mutating func readNext(_ row: TextLine, extending line: TextLine, rightward: Bool) {
        extended.insert(line)
        readNext(row)
        if rightward { rightRows.insert(row) } else { rightRows.remove(line) }
    }

    /// Reads `row` (an extension of `line`) next.
    mutating func readNext(_ row: TextLine) {
        extended.insert(row)
        queue.insert(row, at: 0)
    }

    /// The value `line` (just read) starts its chain: a label may be the chain before it on its
    /// baseline, across a column's gap (a screen's label column), which moves to the front.
    /// Returns whether one was waiting. A chain closer than `columnGap` glyph heights is the
    /// same row cut by the chain (an etched serial split in two), not a label column: its row
    /// is read whole instead.
    @discardableResult
    mutating func lookForLabel(ofValue line: TextLine) -> Bool {
        let labels = queue.indices.filter {
            LineRows.continues(line, after: queue[$0]) && Double(line.minX - queue[$0].maxX) >= Self.columnGap * line.glyphHeight
        }
        guard !labels.isEmpty else { return false }
        queue = labels.map { queue[$0] } + queue.indices.filter { !labels.contains($0) }.map { queue[$0] }
        return true
    }

    /// The label `line` (just read) ends its chain: the value may be the next chain on its
    /// baseline, which moves to the front; when no line continues it (a value too faint to
    /// find), the label's row out to the right is read, once, as `trim` cuts it.
    mutating func lookForValue(ofLabel line: TextLine, trim: (TextLine) -> TextLine = { $0 }) {
        labelOnly.append(read.count - 1)
        let values = queue.indices.filter { LineRows.continues(queue[$0], after: line) }
        queue = values.map { queue[$0] } + queue.indices.filter { !values.contains($0) }.map { queue[$0] }
        if values.isEmpty, !extended.contains(line), !read.contains(where: { LineRows.continues($0.line, after: line) }),
           let row = LineRows.row(of: line, width: width, span: LineRows.valueSpan) {
            readNext(trim(row))
        }
    }
}
