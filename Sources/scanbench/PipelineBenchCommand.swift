import ArgumentParser
import Evaluation
import Foundation
import Imaging
import SerialReading
import Recognition
import Reporting

/// `scanbench bench pipelines`: where the time goes. Not a test: figures for the issue notes.
struct PipelineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pipelines",
        abstract: "Benchmark the pipelines: latency percentiles, stages, throughput with 1 and 2 workers, harness overhead, peak RSS, and the tesseract CLI as a naive peer.",
        discussion: "Each --set is NAME=DIR:PRESET. Without --set: the bundled Datasets/synthetic kinds that exist, ../shared/datasets/rendered and ../shared/datasets/real-dev.")

    @Option(name: .customLong("set"), help: "NAME=DIR:PRESET (repeatable).")
    var sets: [String] = []

    @Option(name: .long, help: "Worker counts to compare (comma-separated).")
    var workers: String = "1,2"

    @Option(name: .long, help: "Images per set for the tesseract CLI peer (0 disables it).")
    var peerImages: Int = 20

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
            for round in 0..<max(1, rounds) { for w in workerCounts {
                let preset = set.preset
                let runner = EvaluationRunner(workers: w) { try SerialSampleReader(catalog: catalog, presetName: preset, minConfidence: nil) }
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
            let peer = peerImages > 0 ? try runPeer(listing.items.prefix(peerImages), labels: labels) : nil
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
                ("peer", peer.map { p in .object([("images", .int(p.n)), ("top1_accuracy_pct", .double(Metrics.pct(p.hits, p.n))),
                                                  ("mean_ms", .double(Metrics.round2(p.meanMs))),
                                                  ("ours_mean_ms_same_images", .double(Metrics.round2(p.oursMeanMs))),
                                                  ("speed_ratio", .double(Metrics.round2(p.meanMs / max(p.oursMeanMs, 1e-9))))]) } ?? .null),
            ])))
            table.append(row([set.name, String(summary.total), String(format: "%.1f", Metrics.pct(summary.top1Hits, summary.total)),
                              String(format: "%.0f", lat.percentileMs(50)), String(format: "%.0f", lat.percentileMs(90)), String(format: "%.0f", lat.percentileMs(99)),
                              t1.map { String(format: "%.2f", $0) } ?? "-", t2.map { String(format: "%.2f", $0) } ?? "-",
                              overhead.isFinite ? String(format: "%.1f", overhead * 100) : "-",
                              analysis.isFinite ? String(format: "%.1f", analysis * 100) : "-",
                              peer.map { String(format: "%.1f", $0.meanMs / max($0.oursMeanMs, 1e-9)) } ?? "-"]))
            if let peer {
                table.append("    peer: tesseract CLI top1 \(String(format: "%.1f", Metrics.pct(peer.hits, peer.n))) % on \(peer.n) images, \(String(format: "%.0f", peer.meanMs)) ms/image vs ours \(String(format: "%.0f", peer.oursMeanMs)) ms")
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

    struct PeerResult { var n: Int; var hits: Int; var meanMs: Double; var oursMeanMs: Double }

    /// The naive peer: one `tesseract IMAGE stdout` process per image (page segmentation 3),
    /// serial-shaped tokens taken from its text; compared with our read of the same images.
    func runPeer(_ items: ArraySlice<DatasetItem>, labels: Labels) throws -> PeerResult? {
        guard let exe = ["/usr/bin/tesseract", "/usr/local/bin/tesseract"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let catalog = try PresetCatalog.builtIn()
        let ours = try SerialSampleReader(catalog: catalog, presetName: "etched", minConfidence: nil)
        var hits = 0, total = 0.0, oursTotal = 0.0
        for item in items {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe)
            p.arguments = [item.url.path, "stdout"]
            var env = ProcessInfo.processInfo.environment
            env["OMP_THREAD_LIMIT"] = "1"
            p.environment = env
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = FileHandle.nullDevice
            let t0 = Date()
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            total += Date().timeIntervalSince(t0) * 1000
            let text = String(decoding: data, as: UTF8.self)
            let tokens = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { SerialGrammar.normalize(String($0)) }
            let best = tokens.first { SerialGrammar.validate($0).isValid } ?? tokens.first { SerialGrammar.isPlausible($0) }
            if let gt = labels.lookup(relativePath: item.relativePath)?.truth, best == gt { hits += 1 }
            let t1 = Date()
            _ = ours.read(item, label: nil)
            oursTotal += Date().timeIntervalSince(t1) * 1000
        }
        guard !items.isEmpty else { return nil }
        return PeerResult(n: items.count, hits: hits, meanMs: total / Double(items.count), oursMeanMs: oursTotal / Double(items.count))
    }
}
