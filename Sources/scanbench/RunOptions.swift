import ArgumentParser
import Foundation
import Imaging

/// The folder a command reads and the presets it reads it with (`sweep`, `bench memory`).
struct DatasetOptions: ParsableArguments {
    @Option(name: .long, help: "Labelled image folder (labels.csv at its root).")
    var dataset: String

    @Option(name: .long, help: "YAML preset file loaded on top of the built-in presets.")
    var presetFile: String?
}

/// How a command reads with worker threads and where it writes its reports (`evaluate`,
/// `sweep`), declared once.
struct ReadingOptions: ParsableArguments {
    @Option(name: .long, help: "Drop candidates below this confidence (0–1).")
    var minConfidence: Double?

    @Option(name: .long, help: "Worker threads, each with its own Tesseract engine; the default is this machine's core count.")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Refuse images larger than this many pixels.")
    var maxPixels: Int = Image.defaultMaxPixels

    @Option(name: .long, help: "Output folder for the reports.")
    var out: String = "Reports"

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        if let m = minConfidence, !(0...1).contains(m) { throw ValidationError("--min-confidence must be within 0…1") }
        guard maxPixels >= 1 else { throw ValidationError("--max-pixels must be positive") }
    }
}

/// The options of a command that reads a labelled folder with worker threads and writes
/// reports (`sweep`).
struct RunOptions: ParsableArguments {
    @OptionGroup var source: DatasetOptions
    @OptionGroup var reading: ReadingOptions

    /// `--dataset`.
    var dataset: String { source.dataset }
    /// `--preset-file`.
    var presetFile: String? { source.presetFile }
    /// `--min-confidence`.
    var minConfidence: Double? { reading.minConfidence }
    /// `--workers`.
    var workers: Int { reading.workers }
    /// `--max-pixels`.
    var maxPixels: Int { reading.maxPixels }
    /// `--out`.
    var out: String { reading.out }
}
