import ArgumentParser
import Evaluation
import Foundation
import Imaging
import PermitReading
import Recognition

/// `scanbench permit`: one permit photo (a file, or the data URI the app sends) → the signup
/// response (`permitNumber`, `confidence`) or the refusal body (`statusCode`, `message`, `reason`).
struct Permit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read one Tunisian restaurant permit and print the signup-style JSON response or refusal.",
        discussion: """
        Prints {"permitNumber","confidence"} on success (exit 0), or the refusal body \
        {"statusCode","message","reason"} (exit 1). --data-uri takes the string the app sends \
        (data:image/jpeg;base64,…); '-' reads it from standard input. --verbose adds the \
        decision, the cues found, the number search (lone numbers and the Arabic read of their line, \
        crop re-reads and each engine's read of each crop, second reads of a refused page), the stages \
        and their timings on standard error.
        """)

    @Argument(help: "The image file.")
    var file: String?

    @Option(name: .customLong("data-uri"), help: "The image as a data URI (data:image/jpeg;base64,…), or '-' for standard input.")
    var dataURI: String?

    @Flag(name: .customLong("client-compression"), help: "Apply the apps' compression first (≤ 1920 px, JPEG 85→25 until ≤ 800 KB).")
    var clientCompression = false

    @Option(name: .long, help: "Folder for the images the pipeline read (PNG).")
    var debug: String?

    @Flag(name: .long, help: "Explain the decision on standard error.")
    var verbose = false

    func validate() throws {
        if (file == nil) == (dataURI == nil) { throw ValidationError("give either FILE or --data-uri") }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let started = Date()
        let decoded: PermitInput.Decoded
        do {
            if let dataURI {
                let s = dataURI == "-" ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : dataURI
                decoded = try PermitInput.decode(dataURI: s, clientCompression: clientCompression)
            } else {
                decoded = try PermitInput.decode(contentsOf: URL(fileURLWithPath: file ?? ""), clientCompression: clientCompression)
            }
        } catch {
            try emit(PermitAnswer.refused(error.refusal))
            if verbose { FileHandle.standardError.write(Data("input: \(error)\n".utf8)) }
            throw ExitCode(1)
        }
        if verbose, let c = decoded.compression {
            let steps = c.attempts.map { "q\($0.quality)=\($0.bytes / 1024) KB" }.joined(separator: ", ")
            FileHandle.standardError.write(Data("client compression: \(c.width)×\(c.height), \(steps)\n".utf8))
        }
        let reader = try PermitSampleReader(clientCompression: false)
        if let debug { reader.debugSink = try DebugImages.sink(folder: debug, sanitize: false) }
        // The number search's steps, in order, for `--verbose` (`PermitPipeline.traceSink`).
        final class Trace: @unchecked Sendable { var lines: [String] = [] }
        let trace = Trace()
        if verbose { reader.traceSink = { trace.lines.append($0) } }
        let result = try reader.result(decoded.image)
        if verbose {
            var lines = ["decision: \(result.verdict.decision)  stage: \(result.stage)  readable words: \(result.analysis.readableWords)"]
            for cue in PermitCue.allCases {
                let m = result.analysis.cues.matches(for: cue).map { "\($0.phrase)\($0.distance > 0 ? "~\($0.distance)" : "")\($0.heading ? "" : "(body)")" }
                lines.append("  \(cue.rawValue): \(m.isEmpty ? "—" : m.joined(separator: ", "))")
            }
            for n in result.analysis.cues.decisiveNegatives { lines.append("  negative: \(n.phrase)") }
            if let n = result.analysis.number {
                lines.append(String(format: "  number: %@ (label %@, conf %.2f, heading %@, re-read %@)", n.text, n.label ?? "none", n.confidence,
                                    n.heading ? (n.aboveTitle ? "yes, above the title" : "yes") : "no", result.analysis.rereadAgrees.map { $0 ? "agrees" : "differs" } ?? "—"))
            }
            if let page = result.page {
                lines.append("page found: \(page.evidence); quarter turns \(page.quarterTurns)")
            } else if let page = result.pageSetAside {
                lines.append("page found but set aside, the whole photo's read stands (more readable words, or a faint outline's read refused): "
                             + "\(page.evidence); quarter turns \(page.quarterTurns)")
            } else {
                lines.append("page: not found, the whole photo read")
            }
            if !trace.lines.isEmpty {
                // The rescue runs once per page read and phase: a step repeated within one read of
                // the page is printed once, counted.
                lines.append("number search:")
                var order: [String] = [], seen: [String: Int] = [:]
                func flush() {
                    lines += order.map { "  " + $0 + (seen[$0]! > 1 ? "  (×\(seen[$0]!))" : "") }
                    order = []; seen = [:]
                }
                for l in trace.lines {
                    if l.hasPrefix(PermitPipeline.traceReadAgain) { flush() }
                    if seen[l] == nil { order.append(l) }
                    seen[l, default: 0] += 1
                }
                flush()
            }
            for t in result.timings { lines.append(String(format: "  %8.1f ms  %@", t.ms, t.stage)) }
            lines.append(String(format: "  total %.0f ms", Date().timeIntervalSince(started) * 1000))
            lines.append("text read:\n" + result.text)
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        let answer = result.verdict.answer
        try emit(answer)
        if case .refused = answer { throw ExitCode(1) }
    }

    /// Prints the answer's body, keys sorted (as the app's logs show it).
    private func emit(_ value: PermitAnswer) throws {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try enc.encode(value), as: UTF8.self))
    }
}
