import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging
import SerialReading
import Recognition
import Reporting

/// `scanbench bench pipelines`: where the time goes. Not a test: figures for the issue notes.
struct PipelineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipelines",
        abstract: "Benchmark the pipelines: latency percentiles, stages, throughput with 1 and 2 workers, harness overhead, peak RSS, and the tesseract CLI as a naive peer.",
        discussion: """
            Each --set is NAME=DIR:PRESET (PRESET: etched, screen, sticker, auto or permit). Without --set: the bundled \
            Datasets/synthetic kinds that exist, ../shared/datasets/rendered and ../shared/datasets/real-dev.

            The peer is scripts/peer_tesseract.py (the tesseract CLI on the whole page, page segmentation 3 then 11, \
            the first serial-shaped token), run on the first --peer-images images of each serial set with a serial; \
            it is compared with this run's own one-worker reads of the same images: accuracy, p50, and the ratio of \
            the p50s.
            """)

    @Option(name: .customLong("set"), help: "NAME=DIR:PRESET (repeatable).")
    var sets: [String] = []

    @Option(name: .long, help: "Worker counts to compare (comma-separated).")
    var workers: String = "1,2"

    @Option(name: .long, help: "Images per set for the tesseract CLI peer (0 disables it).")
    var peerImages: Int = 20

    @Option(name: .long, help: "The peer script (see the discussion).")
    var peerScript: String = "scripts/peer_tesseract.py"

    @Option(name: .long, help: "Throughput runs read at least this many images, repeating a smaller set (each pass reads every image afresh), so that one slow image finishing last does not decide the figure.")
    var minThroughputImages: Int = 80

    @Option(name: .long, help: "Throughput rounds: the worker counts are timed in turn this many times and each keeps its best round (a busy machine slows some rounds; the best is what the code can do).")
    var rounds: Int = 2

    @Option(name: .long, help: "Where to write the JSON figures.")
    var out: String = "Reports/bench.json"

    struct BenchSet { var name: String; var dir: URL; var preset: String }

    func run() throws {
        Leptonica.silenceMessages()
        let catalog = try PresetCatalog.builtIn()
        let workerCounts = workers.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 >= 1 }
        guard let firstWorkers = workerCounts.first else { throw ValidationError("--workers needs at least one count") }
        var results: [(String, JSONValue)] = []
        func row(_ cells: [String]) -> String {
            let widths = [18, 5, 7, 7, 7, 7, 9, 9, 8, 7]
            return zip(cells, widths).enumerated().map { i, cw in
                i == 0 ? cw.0.padding(toLength: cw.1, withPad: " ", startingAt: 0) : String(repeating: " ", count: max(0, cw.1 - cw.0.count)) + cw.0
            }.joined(separator: " ")
        }
        var table: [String] = [row(["set", "n", "top1%", "p50ms", "p90ms", "p99ms", "img/s@1", "img/s@2", "overhd%", "finder%", "peer×"])]
        for set in try resolveSets() {
            let listing = try DatasetWalker.walk(set.dir)
            let labelsURL = set.dir.appendingPathComponent("labels.csv")
            let labels = FileManager.default.fileExists(atPath: labelsURL.path) ? try Labels.load(labelsURL) : Labels.empty
            var first: (records: [SampleRecord], wall: Double, native: Double, analysis: Double)?
            // Repeats of a small set carry a NUL-separated pass suffix (no path has one): no
            // label, and left out of the latency figures (the first pass, each image once).
            let passes = max(1, (max(1, minThroughputImages) + listing.items.count - 1) / max(1, listing.items.count))
            let stream = (0..<passes).flatMap { k in
                listing.items.map { k == 0 ? $0 : DatasetItem(relativePath: $0.relativePath + "\u{0}\(k + 1)", url: $0.url) }
            }
            var allRounds: [Int: [Double]] = [:]
            let choice = try PresetChoice(parsing: set.preset, catalog: catalog)
            let factory = SampleReaderFactory(catalog: catalog, preset: choice, minConfidence: nil)
            for round in 0..<max(1, rounds) { for w in workerCounts {
                let runner = factory.runner(workers: w)
                // The runner creates each worker's engines inside the timed run: throughput
                // includes their start-up (in parallel with 2 workers), and the time Tesseract
                // spends loading its models is native time, like every other Tesseract call.
                let native0 = NativeClock.seconds, analysis0 = AnalysisClock.shared.seconds
                let t0 = Date()
                let records = try runner.run(stream, labels: labels)
                let wall = Date().timeIntervalSince(t0)
                allRounds[w, default: []].append(Double(records.count) / max(wall, 1e-9))
                if w == firstWorkers && round == 0 {
                    first = (records.filter { !$0.relativePath.contains("\u{0}") }, wall, NativeClock.seconds - native0, AnalysisClock.shared.seconds - analysis0)
                }
            } }
            let perWorkers = workerCounts.map { w in (w, allRounds[w]?.max() ?? 0) }
            guard let base = first else { continue }
            let summary = EvaluationSummary(info: RunInfo(dataset: set.dir.path, preset: set.preset, minConfidence: 0, useProgressive: true, extractParams: [:], workers: firstWorkers, startedAt: Date(), finishedAt: Date(), versions: [:]), records: base.records)
            let lat = summary.latency
            // Time outside Leptonica/Tesseract calls (one worker: wall time), and the part of it
            // that is the pipeline's own Swift image analysis (the line finder); the rest is
            // the harness overhead (decoding glue, voting, records, scheduling).
            let outsideC = firstWorkers == 1 ? max(0, 1 - base.native / max(base.wall, 1e-9)) : .nan
            let analysis = firstWorkers == 1 ? base.analysis / max(base.wall, 1e-9) : .nan
            let overhead = firstWorkers == 1 ? max(0, outsideC - analysis) : .nan
            var stages: [(String, Double)] = []
            for (name, s) in summary.stageLatency { stages.append((name, s.meanMs * Double(s.count) / Double(max(1, summary.total)))) }
            stages.sort { $0.1 > $1.1 }
            let peer = peerImages > 0 && choice != .permit ? try runPeer(set.dir, records: base.records) : nil
            let t1 = perWorkers.first { $0.0 == 1 }?.1, t2 = perWorkers.first { $0.0 == 2 }?.1
            var roundPairs: [(String, JSONValue)] = []
            for w in workerCounts {
                let values: [JSONValue] = (allRounds[w] ?? []).map { JSONValue.double(Metrics.round2($0)) }
                roundPairs.append((String(w), JSONValue.array(values)))
            }
            let roundsJSON = JSONValue.object(roundPairs)
            results.append((set.name, .object([
                ("dataset", .string(set.dir.path)), ("preset", .string(set.preset)), ("images", .int(summary.total)),
                ("top1_accuracy_pct", .double(Metrics.pct(summary.top1Hits, summary.total))),
                ("latency_ms", .object([("p50", .double(Metrics.round2(lat.percentileMs(50)))), ("p90", .double(Metrics.round2(lat.percentileMs(90)))),
                                        ("p95", .double(Metrics.round2(lat.percentileMs(95)))), ("p99", .double(Metrics.round2(lat.percentileMs(99)))),
                                        ("mean", .double(Metrics.round2(lat.meanMs))), ("max", .double(Metrics.round2(lat.maxMs)))])),
                ("stage_ms_per_image", .object(stages.map { ($0.0, .double(Metrics.round2($0.1))) })),
                ("throughput_img_per_s", .object(perWorkers.map { (String($0.0), .double(Metrics.round2($0.1))) })),
                ("throughput_images", .int(stream.count)),
                ("throughput_rounds_img_per_s", roundsJSON),
                ("speedup_2_vs_1", .double(t1.flatMap { a in t2.map { Metrics.round2($0 / a) } } ?? 0)),
                ("harness_overhead_pct", .double(overhead.isFinite ? Metrics.round2(overhead * 100) : 0)),
                ("outside_c_libraries_pct", .double(outsideC.isFinite ? Metrics.round2(outsideC * 100) : 0)),
                ("line_finder_pct", .double(analysis.isFinite ? Metrics.round2(analysis * 100) : 0)),
                ("peer", peer.map { p in .object([("images", .int(p.n)), ("script", .string(peerScript)),
                                                  ("top1_accuracy_pct", .double(Metrics.pct(p.hits, p.n))),
                                                  ("p50_ms", .double(Metrics.round2(p.p50Ms))),
                                                  ("ours_top1_accuracy_pct_same_images", .double(Metrics.pct(p.oursHits, p.n))),
                                                  ("ours_p50_ms_same_images", .double(Metrics.round2(p.oursP50Ms))),
                                                  ("speed_ratio_p50", .double(Metrics.round2(p.ratio)))]) } ?? .null),
            ])))
            table.append(row([set.name, String(summary.total), String(format: "%.1f", Metrics.pct(summary.top1Hits, summary.total)),
                              String(format: "%.0f", lat.percentileMs(50)), String(format: "%.0f", lat.percentileMs(90)), String(format: "%.0f", lat.percentileMs(99)),
                              t1.map { String(format: "%.2f", $0) } ?? "-", t2.map { String(format: "%.2f", $0) } ?? "-",
                              overhead.isFinite ? String(format: "%.1f", overhead * 100) : "-",
                              analysis.isFinite ? String(format: "%.1f", analysis * 100) : "-",
                              peer.map { String(format: "%.1f", $0.ratio) } ?? "-"]))
            if let peer {
                table.append("    peer on the same \(peer.n) images: tesseract CLI top1 \(String(format: "%.1f", Metrics.pct(peer.hits, peer.n))) %, p50 \(String(format: "%.0f", peer.p50Ms)) ms; ours top1 \(String(format: "%.1f", Metrics.pct(peer.oursHits, peer.n))) %, p50 \(String(format: "%.0f", peer.oursP50Ms)) ms: \(String(format: "%.1f", peer.ratio))× faster")
            }
            let top = stages.prefix(4).map { "\($0.0) \(String(format: "%.0f", $0.1)) ms" }.joined(separator: ", ")
            table.append("    stages/image: " + top)
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let report = JSONValue.object([
            ("generated_at", .string(EvaluationSummary.iso(Date()))),
            ("machine", .object([("cores", .int(ProcessInfo.processInfo.activeProcessorCount))])),
            ("versions", .object([("scanbench", .string(ScanBenchVersion.string)), ("tesseract", .string(OCREngine.version)), ("leptonica", .string(Leptonica.version))])),
            ("omp_thread_limit", .string(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset")),
            ("peak_rss_mib", .double(Metrics.round2(Double(usage.ru_maxrss) / 1024))),
            ("sets", .object(results)),
        ])
        try AtomicFile.write(report.serialized() + "\n", to: URL(fileURLWithPath: out))
        print(table.joined(separator: "\n"))
        print(String(format: "peak RSS %.1f MiB — written %@", Double(usage.ru_maxrss) / 1024, out))
    }

    /// The bench sets from --set, or the defaults that exist.
    func resolveSets() throws -> [BenchSet] {
        if !sets.isEmpty {
            return try sets.map { spec in
                guard let eq = spec.firstIndex(of: "="), let colon = spec.lastIndex(of: ":"), colon > eq else {
                    throw ValidationError("--set wants NAME=DIR:PRESET, got '\(spec)'")
                }
                return BenchSet(name: String(spec[..<eq]), dir: URL(fileURLWithPath: String(spec[spec.index(after: eq)..<colon])), preset: String(spec[spec.index(after: colon)...]))
            }
        }
        var out: [BenchSet] = []
        for kind in ["etched", "screen", "sticker"] {
            let d = URL(fileURLWithPath: "Datasets/synthetic/\(kind)")
            if FileManager.default.fileExists(atPath: d.appendingPathComponent("labels.csv").path) { out.append(BenchSet(name: "synthetic-\(kind)", dir: d, preset: kind)) }
        }
        for (name, path) in [("rendered", "../shared/datasets/rendered"), ("real-dev", "../shared/datasets/real-dev")] {
            let d = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: d.path) { out.append(BenchSet(name: name, dir: d, preset: "etched")) }
        }
        guard !out.isEmpty else { throw ValidationError("no benchmark sets found; pass --set NAME=DIR:PRESET") }
        return out
    }

    /// One line of the peer script's output.
    struct PeerLine: Decodable { var file: String, answer: String, ms: Double }

    struct PeerResult {
        var n: Int, hits: Int, p50Ms: Double, oursHits: Int, oursP50Ms: Double
        /// How many times faster ours is, p50 against p50.
        var ratio: Double { p50Ms / max(oursP50Ms, 1e-9) }
    }

    /// Runs the peer script on the first `peerImages` labelled images of `dir` that have a serial
    /// and compares it with `records`, this run's reads of the same images. Nil when the script
    /// or `tesseract` is missing, or no image has a serial.
    func runPeer(_ dir: URL, records: [SampleRecord]) throws -> PeerResult? {
        guard FileManager.default.fileExists(atPath: peerScript) else {
            FileHandle.standardError.write(Data("bench: no peer: \(peerScript) is absent\n".utf8))
            return nil
        }
        let ours = Dictionary(records.map { ($0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", peerScript, dir.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        // The script reads every image in labels.csv order; it is stopped after enough with a serial.
        var lines: [(file: String, answer: String, ms: Double)] = []
        var buffer = Data()
        let handle = pipe.fileHandleForReading
        while lines.count < peerImages {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let nl = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<nl]
                buffer = Data(buffer[buffer.index(after: nl)...])
                guard let read = try? JSONDecoder().decode(PeerLine.self, from: Data(line)),
                      let truth = ours[read.file]?.groundTruth, !truth.isEmpty else { continue }
                lines.append((read.file, read.answer, read.ms))
                if lines.count == peerImages { break }
            }
        }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        guard !lines.isEmpty else { return nil }
        let mine = lines.compactMap { ours[$0.file] }
        func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2 }
        return PeerResult(n: lines.count, hits: lines.filter { ours[$0.file]?.groundTruth == $0.answer }.count,
                          p50Ms: median(lines.map(\.ms)), oursHits: mine.filter(\.hit).count, oursP50Ms: median(mine.map(\.latencyMs)))
    }
}
