import Imaging
import ReadingCore
import Recognition

extension PermitPipeline {
    /// Confirms the number chosen on the page by reading its crop again, digits only: a crop
    /// read that agrees settles it; one that disagrees (blur turns 9 into 0 or 2 at one scale
    /// and not at another) brings two more scales and a vote, with the Arabic read of the
    /// number's line when there is one (it reads the digits apart from the label).
    /// `agrees`: whether the first crop read gave the same text (`nil`: nothing to re-read);
    /// `changed`: whether the vote replaced the page's read.
    func confirm(_ n: inout PermitNumberCandidate, on image: Image, arabicReads: [String],
                 clock: inout StageClock) throws -> (agrees: Bool?, changed: Bool) {
        let blurred = try Self.numberIsBlurred(image, box: n.box)
        let box = n.box, next = n.nextWordX
        let first: String? = try clock.time("number:reread") { try rereadNumber(image, box: box, nextWordX: next, glyphHeight: 48, sharpen: blurred) }
        guard let check = first else { return (nil, false) }
        // A second recogniser, trained apart from the French one (`Models/serial_best`, on
        // Apple's serials: digits, capitals, `/` and `-`), reads the same crop: the French
        // reads of a blurred digit err alike at every scale (`4305/2024` at page size, at 48 px
        // and at two thresholds, for `4365/2024`), its own errors fall elsewhere. Only a read of
        // a permit number's shape counts (its misreads of a crop's edge, `0442/2018/`, do not).
        let model: String? = try clock.time("number:reread-model") {
            try rereadNumber(image, box: box, nextWordX: next, glyphHeight: 48, sharpen: blurred, engine: try numberModel())
        }.flatMap { PermitNumberFormat.isValid($0) ? $0 : nil }
        // Agreement means every independent read: the model's read and, when there is one, the
        // Arabic read of the line must have the same digits (the French reads glue the label's
        // noise on alike). A number labelled only in Arabic has that noise beside it: without an
        // Arabic read of its digits it is not confirmed.
        let arabicLabel = n.label.map(PermitText.hasArabic) ?? false
        let agrees = check == n.text && (model == nil || model == n.text) && (arabicReads.contains(n.text) || (arabicReads.isEmpty && !arabicLabel))
        // A plain read of an unusual length is voted on even when the first crop repeats it: the
        // page read and a crop at about its scale join two groups across a thin separator alike
        // (seed 73101 phone permit 17: `20233280` twice, one vote crop `2023-3280`).
        let plainJoin = PermitNumberVote.isUnusualPlain(n.text)
        guard check != n.text || (model != nil && model != n.text) || arabicReads.contains(where: { $0 != n.text }) || plainJoin else { return (agrees, false) }
        var reads = [n.text, check] + (model.map { [$0] } ?? []) + arabicReads
        reads += try voteReads(image, box: box, nextWordX: next, heights: [40, 56], sharpen: blurred, stage: "number:reread-vote", clock: &clock)
        // A sharp, confidently read number may have lost a glyph in the page read (its last
        // digit, next to the line's end), but the crops, read alike, would repeat one
        // misreading (a bold 5 as 3) rather than correct a digit: there they may only add what
        // the page read dropped.
        let doubtful = blurred || n.confidence < Self.trustedPageConfidence
        if let voted = PermitNumberVote.winner(reads), voted != n.text,
           (PermitNumberVote.support(n.text, in: reads) <= 1 && (doubtful || PermitNumberVote.isSubsequence(n.text, of: voted)))
            || PermitNumberVote.addsSeparator(voted, to: n.text) {
            n.text = voted
            return (agrees, true)
        }
        // The French engine drops a digit (`2022-77` for `2022-771`, `2021/1816` for
        // `2021/18116`) at the page's scale and at most crop scales alike, so the shortened form
        // out-votes the whole one. A digit read by the independent model and by another crop
        // read, where the page read has nothing, is what the page read lost: two engines do not
        // make up the same glyph on clean paper. Right of a number labelled in Arabic is the
        // label's ink, which both read as a digit (`2020-30214` for `2020-3021 : رقم`): a digit
        // put back at its end is not taken there.
        if let model, PermitNumberVote.restoresOneDigit(model, to: n.text),
           PermitNumberVote.support(model, in: reads) >= 2,
           !(arabicLabel && model.hasPrefix(n.text)) {
            n.text = model
            return (false, true)
        }
        if let separated = PermitNumberVote.separatorRestored(to: n.text, from: Array(reads.dropFirst())) {
            n.text = separated
            return (false, true)
        }
        if !PermitNumberFormat.isValid(n.text), PermitNumberFormat.isValid(check) {
            n.text = check
            return (agrees, true)
        }
        return (agrees, false)
    }

    /// Where the thresholded re-reads of a vote cut, from the crop's ink (0, its 5th percentile
    /// grey) to its paper (1, its 90th percentile).
    static let voteThresholds = [0.5, 0.65]

    /// A vote's crop reads of a number: at each of `heights`, then (bold print blurred closes
    /// the gap a thin `/` or a digit's counter leaves — `36492014`, `2322798` for `322798` —
    /// alike at every scale of the grey crop; cut to black and white at a grey between its ink
    /// and its paper, the gap opens again at one level or another) at 48 px cut at each of
    /// `voteThresholds`. Crops that give nothing are left out.
    func voteReads(_ page: Image, box: PixelRect, nextWordX: Int?, heights: [Double], sharpen: Bool,
                   stage: String, clock: inout StageClock) throws -> [String] {
        var reads: [String] = []
        for height in heights {
            let r: String? = try clock.time(stage) { try rereadNumber(page, box: box, nextWordX: nextWordX, glyphHeight: height, sharpen: sharpen) }
            if let r { reads.append(r) }
        }
        for level in Self.voteThresholds {
            let r: String? = try clock.time(stage) {
                try rereadNumber(page, box: box, nextWordX: nextWordX, glyphHeight: 48, sharpen: sharpen, threshold: level)
            }
            if let r { reads.append(r) }
        }
        return reads
    }

    /// Reads the number's crop again, scaled to `glyphHeight` pixels, digits only, with the
    /// French engine or `engine`; with `threshold`, cut to black and white that share of the
    /// way from its ink to its paper.
    func rereadNumber(_ page: Image, box: PixelRect, nextWordX: Int?, glyphHeight: Double, sharpen: Bool,
                      threshold: Double? = nil, engine: OCREngine? = nil) throws -> String? {
        let reader = engine ?? french
        guard let crop = try Self.numberCrop(page, box: box, nextWordX: nextWordX) else { return nil }
        let h = max(8, box.height)
        let factor = min(4, max(0.5, glyphHeight / Double(h)))
        var resized = try crop.scaled(by: factor)
        // A blurred number (soft edges for its size) is read more reliably once its edges are
        // steepened again: an unsharp mask about as wide as the blur of such a crop.
        if sharpen {
            resized = try resized.sharpened(halfWidth: max(2, Int((Double(h) * factor * 0.09).rounded())), amount: 2.5)
        }
        if let threshold {
            let px = try resized.grayBytes().sorted()
            guard !px.isEmpty else { return nil }
            let ink = Double(px[px.count / 20]), paper = Double(px[px.count * 9 / 10])
            resized = try resized.thresholded(at: Int(ink + threshold * (paper - ink)))
        }
        // A glyph cut by the crop's edge (the tight left margin) is often misread: frame the
        // crop with paper, half a glyph wide.
        let scaled = try Self.framed(resized, border: Int(Double(h) * factor / 2))
        debugSink?("number", scaled)
        try reader.setVariable("tessedit_char_whitelist", "0123456789/-")
        defer { try? reader.setVariable("tessedit_char_whitelist", "") }
        let t = try reader.recognize(scaled, mode: .singleLine)
        let s = t.text.filter { $0.isNumber || $0 == "/" || $0 == "-" }
        return s.isEmpty ? nil : s
    }

    /// The number's box with a margin: little on the left, where the label's `°` or `:` would
    /// be read as a digit.
    static func numberCrop(_ page: Image, box: PixelRect, nextWordX: Int? = nil) throws -> Image? {
        let h = max(8, box.height)
        // On the right a glyph's width, short of the next word (an Arabic label read as digits).
        let right = min(box.maxX + h, nextWordX.map { max(box.maxX + 1, $0 - h / 8) } ?? .max)
        let padded = PixelRect(x: box.x - h / 4, y: box.y - h / 3, width: right - (box.x - h / 4), height: h + 2 * (h / 3))
        guard let r = padded.clamped(width: page.width, height: page.height) else { return nil }
        return try page.cropped(to: r)
    }

    /// Whether the number's crop, scaled to a 48-pixel glyph, has the soft edges of a blurred photo.
    static func numberIsBlurred(_ page: Image, box: PixelRect) throws -> Bool {
        guard let crop = try numberCrop(page, box: box) else { return false }
        let scaled = try crop.scaled(by: min(4, max(0.5, 48 / Double(max(8, box.height)))))
        return try edgeSteepness(scaled) < blurredSteepness
    }

    /// A page read of the number at least this confident (mean per character) is not overruled
    /// by re-reads of a sharp crop.
    static let trustedPageConfidence = 0.9

    /// Below this edge steepness a number's crop counts as blurred (sharp print, photographed in
    /// focus, measures 0.2–0.4; a blur of a tenth of the glyph height brings it near 0.12).
    static let blurredSteepness = 0.15

    /// How abruptly the grey changes across glyph edges: the 99th percentile of the step between
    /// neighbouring pixels over the 5th–95th percentile contrast. Blur lowers it; it does not
    /// depend on the lighting, and little on the glyph size once the crop is scaled.
    static func edgeSteepness(_ image: Image) throws -> Double {
        let px = try image.grayBytes()
        let w = image.width, h = image.height
        guard w > 2, h > 2 else { return 1 }
        var steps = [Int](repeating: 0, count: 256)
        var hist = [Int](repeating: 0, count: 256)
        for y in 0..<h {
            for x in 0..<w {
                let v = Int(px[y * w + x])
                hist[v] += 1
                if x + 1 < w { steps[abs(v - Int(px[y * w + x + 1]))] += 1 }
                if y + 1 < h { steps[abs(v - Int(px[(y + 1) * w + x]))] += 1 }
            }
        }
        func percentile(_ counts: [Int], _ p: Double) -> Int {
            let n = counts.reduce(0, +)
            var acc = 0
            for (v, c) in counts.enumerated() { acc += c; if Double(acc) >= p * Double(n) { return v } }
            return 255
        }
        let contrast = percentile(hist, 0.95) - percentile(hist, 0.05)
        guard contrast > 0 else { return 0 }
        return Double(percentile(steps, 0.99)) / Double(contrast)
    }

    /// `image` with a margin of `border` pixels (a quarter of it above and below) filled with its
    /// paper's grey (the 90th percentile).
    static func framed(_ image: Image, border: Int) throws -> Image {
        let px = try image.grayBytes()
        guard border > 0, !px.isEmpty else { return image }
        let paper = px.sorted()[px.count * 9 / 10]
        let bx = border, by = max(1, border / 4)
        let w = image.width + 2 * bx, h = image.height + 2 * by
        var out = [UInt8](repeating: paper, count: w * h)
        for y in 0..<image.height {
            let src = y * image.width, dst = (y + by) * w + bx
            for x in 0..<image.width { out[dst + x] = px[src + x] }
        }
        return try Image.gray(width: w, height: h, pixels: out)
    }

}
