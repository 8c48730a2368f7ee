import Dispatch
import Foundation
import Imaging
import ReadingCore
import Recognition

/// Measures images one at a time: text lines, grey levels, sharpness, and the labelled row
/// found by reading lines with its own Tesseract engine. Not `Sendable` (it owns the engine):
/// one meter per worker.
public final class RealismMeter {
    public let settings: RealismSettings
    /// The engine that reads lines; nil when the folder has no truth to look for.
    private let engine: OCREngine?

    /// A meter reading lines with `engine` (nil: rows are not searched, every image is `no_truth`).
    public init(settings: RealismSettings = RealismSettings(), engine: OCREngine?) {
        self.settings = settings
        self.engine = engine
    }

    /// The lines of one polarity in the quarter turn where they chain best.
    struct Layout {
        var lightText: Bool
        /// 0 or 1: quarter turns of the fitted image the lines are in.
        var turn: Int
        /// Longest first; lines that look like edges are in `edges`.
        var lines: [TextLine]
        /// Chains that look like an edge (a step in brightness), longest first.
        var edges: [TextLine]
        /// Single glyphs in lines (as the serial line stage chooses a turn).
        var mass: Int
    }

    /// Measures the image at `url`; an undecodable file gives an `unreadable` record.
    public func measure(contentsOf url: URL, file: String, truth: String?) -> RealismSample {
        let start = DispatchTime.now().uptimeNanoseconds
        var sample: RealismSample
        do {
            sample = try measure(try Image(contentsOf: url), file: file, truth: truth)
        } catch {
            sample = RealismSample(file: file)
            sample.error = "\(error)"
            sample.rowStatus = .unreadable
        }
        sample.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return sample
    }

    /// Measures `image`, looking for the row that holds `truth` (when given and the meter has an engine).
    public func measure(_ image: Image, file: String, truth: String?) throws -> RealismSample {
        let start = DispatchTime.now().uptimeNanoseconds
        var sample = RealismSample(file: file)
        let gray = try image.grayscale()
        sample.width = gray.width
        sample.height = gray.height
        let fit = min(1.0, Double(settings.maxSide) / Double(max(gray.width, gray.height)))
        let small = try fit < 1 ? gray.scaled(by: fit) : gray
        let pixels = try small.grayBytes()
        sample.grey = RealismStatistics.greyLevels(pixels)
        sample.sharpness = RealismStatistics.laplacianVariance(pixels, width: small.width, height: small.height)

        let layouts = try self.layouts(small, pixels: pixels)
        if let best = layouts.first {
            sample.lineRotation = best.turn * 90
            sample.lightText = best.lightText
            sample.lineHeights = best.lines.map { $0.glyphHeight / fit }
            sample.edgeLines = best.edges.count
        }
        if let truth, let engine, !RealismRowMatch.normalized(truth).isEmpty {
            sample.row = try findRow(truth, in: layouts, of: gray, fit: fit, engine: engine)
            sample.rowStatus = sample.row == nil ? .notFound : .found
        }
        sample.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return sample
    }

    /// Each polarity's lines in its better quarter turn, the one with the most text first
    /// (ties: dark text, upright). Polarities without lines are left out.
    func layouts(_ small: Image, pixels: [UInt8]) throws -> [Layout] {
        var turnedPixels: [UInt8]? = nil
        var found: [Layout] = []
        for light in [false, true] {
            var options = TextLineFinder.Options()
            options.darkText = !light
            options.minGlyphs = settings.minGlyphs
            options.minGlyph = max(2, settings.minGlyph)
            let glyphs = TextLineFinder.glyphs(pixels: pixels, width: small.width, height: small.height, options: options)
            var best: Layout? = nil
            for turn in [0, 1] {
                let lines = glyphs.turned(turn).lines(minGlyphs: settings.minGlyphs)
                let mass = Self.mass(lines)
                if lines.isEmpty { continue }
                if let b = best, mass <= b.mass { continue }
                if turn == 1, turnedPixels == nil { turnedPixels = try small.rotated(quarterTurns: 1).grayBytes() }
                let px = turn == 0 ? pixels : turnedPixels ?? []
                let w = turn == 0 ? small.width : small.height, h = turn == 0 ? small.height : small.width
                let edge = lines.map { TextLineFinder.looksLikeEdge($0, pixels: px, width: w, height: h) }
                best = Layout(lightText: light, turn: turn, lines: lines.indices.filter { !edge[$0] }.map { lines[$0] },
                              edges: lines.indices.filter { edge[$0] }.map { lines[$0] }, mass: mass)
            }
            if let best { found.append(best) }
        }
        return found.enumerated().sorted { ($0.element.mass, -$0.offset) > ($1.element.mass, -$1.offset) }.map(\.element)
    }

    /// Glyphs in lines, merged components left out (they also chain across vertical text).
    static func mass(_ lines: [TextLine]) -> Int {
        lines.reduce(0) { $0 + $1.glyphs.filter { Double($0.width) <= 1.2 * Double($0.height) }.count }
    }

    /// One line whose read holds the truth.
    struct Holder {
        var match: RealismRowMatch
        var line: TextLine
        /// The line's band at the image's resolution (upright in its layout's turn).
        var band: Image
        var text: String
        var rotation: Int
    }

    /// The labelled row: each layout's lines read as found, then turned over, until a pass
    /// finds lines whose reads hold the truth within the allowed edits. Of those, the longest
    /// line (fewest edits on a tie): where a serial is shown twice, the etched regulatory line
    /// rather than a short sticker line. Nil when no line holds it.
    func findRow(_ truth: String, in layouts: [Layout], of gray: Image, fit: Double, engine: OCREngine) throws -> RealismSample.Row? {
        let target = String(RealismRowMatch.normalized(truth).suffix(settings.suffixLength))
        let allowed = RealismRowMatch.allowedEdits(forLength: target.count, fraction: settings.allowedEditFraction)
        try engine.setVariable("tessedit_char_whitelist", "")
        var frames: [Int: Image] = [:]
        for layout in layouts {
            // Text first, edges last (a row on a case's rim may chain like one); lines with too
            // few glyphs to hold the target even with every allowed edit a deletion are skipped.
            let candidates = (layout.lines + layout.edges).filter { $0.glyphCount >= target.count - allowed }.prefix(settings.maxLinesRead)
            guard !candidates.isEmpty else { continue }
            if frames[layout.turn] == nil { frames[layout.turn] = try gray.rotated(quarterTurns: layout.turn) }
            guard let frame = frames[layout.turn] else { continue }
            for flipped in [false, true] {
                var holders: [Holder] = []
                for line in candidates {
                    guard let band = try? line.band(from: frame, scale: 1 / fit) else { continue }
                    let factor = max(0.2, min(8, Double(settings.targetHeight) / max(1, line.glyphHeight / fit)))
                    guard let upright = try? band.scaled(by: factor),
                          let scaled = try? flipped ? upright.rotated(quarterTurns: 2) : upright,
                          let read = try? engine.recognize(scaled, mode: .rawLine, timeLimit: settings.lineTimeLimit),
                          let match = RealismRowMatch(truth: truth, text: read.text, suffixLength: settings.suffixLength),
                          match.holds(allowed: allowed) else { continue }
                    holders.append(Holder(match: match, line: line, band: band, text: read.text, rotation: layout.turn * 90 + (flipped ? 180 : 0)))
                }
                let best = holders.enumerated().min { a, b in
                    (-a.element.line.glyphCount, a.element.match.distance, a.offset) < (-b.element.line.glyphCount, b.element.match.distance, b.offset)
                }?.element
                if let best {
                    return RealismSample.Row(text: best.text, distance: best.match.distance, glyphHeight: best.line.glyphHeight / fit,
                                             contrast: try RealismStatistics.otsuGap(of: best.band),
                                             sharpness: try RealismStatistics.laplacianVariance(of: best.band), rotation: best.rotation,
                                             holdingLines: holders.count)
                }
            }
        }
        return nil
    }
}
