import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging
import SerialReading
import Recognition

/// `scanbench read`: one image, every candidate and stage, and optionally the crops it read.
struct Read: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read one image and show the candidates, the stages and their timings.",
        discussion: "With --debug DIR every crop the pipeline re-read is written there as PNG, named after the stage, variant and what Tesseract read.")

    @Argument(help: "The image file.")
    var image: String

    @Option(name: .long, help: "etched | screen | sticker | auto.")
    var preset: String = "etched"

    @Option(name: .long, help: "YAML preset file loaded on top of the built-in presets.")
    var presetFile: String?

    @Option(name: .long, help: "Folder for the crops the pipeline read (PNG).")
    var debug: String?

    @Flag(name: .long, help: "Print the per-image record as JSON.")
    var json = false

    @Option(name: .customLong("repeat"), help: "Read the image this many times with one engine and print latency percentiles and memory (RSS) growth.")
    var repeatCount: Int = 1

    func validate() throws {
        guard repeatCount >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard preset != "permit" else {
            throw ValidationError("read takes a serial preset; a permit is read with `scanbench permit FILE --verbose`")
        }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let catalog = try RunSetup.catalog(presetFile: presetFile)
        let url = URL(fileURLWithPath: image)
        let reader = try SerialSampleReader(catalog: catalog, presetName: preset, minConfidence: nil)
        if let debug {
            reader.debugSink = try DebugImages.sink(folder: debug, sanitize: true)
            reader.lineSink = { line in
                try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
            }
        }
        let item = DatasetItem(relativePath: url.lastPathComponent, url: url)
        if repeatCount > 1 {
            var latency = LatencyStats()
            var warmRSS = 0
            let warmup = max(1, repeatCount / 10)
            for i in 0..<repeatCount {
                let t0 = Date()
                _ = reader.read(item, label: nil)
                latency.record(ms: Date().timeIntervalSince(t0) * 1000)
                if i + 1 == warmup { warmRSS = RSSSamples.residentKiB() }
            }
            let endRSS = RSSSamples.residentKiB()
            print(String(format: "reads %d  p50 %.1f ms  p95 %.1f ms  rss_after_warmup_kib %d  rss_end_kib %d  growth_pct %.2f",
                         repeatCount, latency.percentileMs(50), latency.percentileMs(95), warmRSS, endRSS,
                         warmRSS > 0 ? Double(endRSS - warmRSS) / Double(warmRSS) * 100 : 0))
            return
        }
        let start = Date()
        let outcome = reader.read(item, label: nil)
        let ms = Date().timeIntervalSince(start) * 1000
        if json {
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try enc.encode(outcome), as: UTF8.self))
            return
        }
        print("\(url.lastPathComponent): \(String(format: "%.0f", ms)) ms, strategy \(outcome.strategyUsed)\(outcome.fallbackUsed ? " (fallback used)" : "")")
        if let e = outcome.error { print("  ERROR \(e.kind): \(e.message)") }
        for (i, c) in outcome.candidates.enumerated() {
            print(String(format: "  %d. %@  %.3f  %@  [%@]%@", i + 1, c.text, c.confidence, c.method, c.stage, c.strictValid ? "" : "  (fails strict validation)"))
        }
        for t in outcome.stageTimings { print(String(format: "     %8.1f ms  %@", t.ms, t.stage)) }
    }
}

