import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging

/// `scanbench bench`: measurements that are not tests (run by `make bench`).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks that are not tests.",
        subcommands: [PipelineBench.self, MemoryBench.self],
        defaultSubcommand: PipelineBench.self)
}

/// `scanbench bench memory`: resident memory over a long run, to show nothing leaks.
struct MemoryBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Read a dataset in a loop and compare resident memory after --checkpoint and after --images images.",
        discussion: """
        Runs the evaluation runner (same readers, engines and record handling as evaluate, no \
        files written) over the dataset's images repeated until --images have been read, and \
        samples VmRSS. Exits 3 when the growth from the checkpoint to the end exceeds \
        --max-growth-pct.
        """)

    @OptionGroup var source: DatasetOptions

    @Option(name: .long, help: "Preset to run.")
    var preset: String = "etched"

    @Option(name: .long, help: "Images to read in total.")
    var images: Int = 2000

    @Option(name: .long, help: "The image count of the first measurement.")
    var checkpoint: Int = 200

    @Option(name: .long, help: "Worker threads.")
    var workers: Int = 1

    @Option(name: .long, help: "Fail (exit 3) when RSS grows more than this from the checkpoint to the end.")
    var maxGrowthPct: Double = 10

    func validate() throws {
        guard images >= 1, (1...images).contains(checkpoint) else { throw ValidationError("need 1 ≤ --checkpoint ≤ --images") }
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
    }

    func run() throws {
        Leptonica.silenceMessages()
        let setup = try RunSetup.forCommand(dataset: source.dataset, preset: preset, presetFile: source.presetFile)
        let listed = setup.listing.items
        guard !listed.isEmpty else { throw ValidationError("\(source.dataset) has no images") }
        // The same files again and again, under distinct names so each is its own record.
        let items = (0..<images).map { i -> DatasetItem in
            let it = listed[i % listed.count]
            return DatasetItem(relativePath: "\(it.relativePath)#\(i / listed.count)", url: it.url)
        }
        let step = max(1, checkpoint)
        let samples = RSSSamples()
        samples.record(images: 0)
        let runner = setup.readers(minConfidence: nil, maxPixels: Image.defaultMaxPixels).runner(workers: workers)
        let stop = StopSignal.install()
        let start = Date()
        let counter = Counter()
        _ = try runner.run(items, labels: setup.labels, shouldStop: { stop.requested }) { _ in
            let n = counter.increment()
            if n % step == 0 || n == images || n == checkpoint { samples.record(images: n) }
        }
        let seconds = Date().timeIntervalSince(start)
        let all = samples.all
        for s in all { print(String(format: "images %6d  rss %8.1f MiB", s.images, Double(s.kib) / 1024)) }
        guard let at = all.first(where: { $0.images == checkpoint }), let end = all.last, end.images == images else {
            throw ExitCode(130)
        }
        let growth = Double(end.kib - at.kib) / Double(at.kib) * 100
        print(String(format: "RSS after %d images: %.1f MiB; after %d: %.1f MiB; growth %+.1f %% (limit %.0f %%); %.1f img/s; live images %d",
                     checkpoint, Double(at.kib) / 1024, images, Double(end.kib) / 1024, growth, maxGrowthPct,
                     Double(images) / max(seconds, 0.001), Image.liveImages))
        if growth > maxGrowthPct { throw ExitCode(3) }
    }
}

/// VmRSS samples, taken from worker threads.
final class RSSSamples: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(images: Int, kib: Int)] = []

    func record(images: Int) {
        let kib = Self.residentKiB()
        lock.lock(); samples.append((images, kib)); lock.unlock()
    }

    var all: [(images: Int, kib: Int)] { lock.lock(); defer { lock.unlock() }; return samples }

    /// Resident set size of this process in KiB (Linux `/proc/self/status`), 0 elsewhere.
    static func residentKiB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }
}

/// A lock-protected counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n }
}
