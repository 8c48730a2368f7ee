import Foundation
import RunStore
import Testing
import TestSupport

/// Several processes on one store: `scanbench history generate` writes made-up runs as evaluate
/// does (a commit per image), `scanbench history` reads.
@Suite("run store: processes writing, reading, killed", .serialized)
struct MultiProcessTests {
    static let bin = Fixtures.scanbenchBinary

    func start(_ args: [String], stdout: Pipe? = nil) throws -> Process {
        let p = Process()
        p.executableURL = Self.bin
        p.arguments = args
        p.standardOutput = stdout ?? FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    @Test func twoWritersAndAReaderShareOneStore() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.bin.path), "build scanbench first (swift build)")
        let store = try Fixtures.tempDir("runstore-mp").appendingPathComponent("history.sqlite").path
        let writers = try ["alpha", "beta"].enumerated().map { i, name in
            try start(["history", "generate", "--store", store, "--runs", "3", "--images", "150", "--batch", "1",
                       "--dataset", name, "--seed", String(i + 1)])
        }
        // The reader: `history` (the runs) and `history images` as long as a writer is busy.
        var reads = 0, failures: [String] = []
        while writers.contains(where: \.isRunning) || reads < 2 {
            for sub in [["history", "--store", store], ["history", "images", "--store", store]] {
                guard FileManager.default.fileExists(atPath: store) else { continue }
                let r = try Fixtures.run(Self.bin, sub)
                // The store may not have its schema yet in the first instants: `no run store` is not a failure then.
                if r.status == 0 { reads += 1 } else if !r.err.contains("no run store") { failures.append(r.err) }
            }
        }
        for w in writers { w.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        #expect(failures.isEmpty, "\(failures)")
        #expect(reads >= 2)
        let db = try RunStore(path: store, create: false)
        #expect(try db.integrityCheck() == ["ok"])
        let runs = try db.runs()
        #expect(runs.count == 6)
        #expect(runs.allSatisfy { $0.status == .finished && $0.recordedImages == 150 && $0.total == 150 })
        #expect(Set(runs.map(\.datasetName)) == ["alpha", "beta"])
        #expect(try db.imageCount() == 900)
    }

    @Test func aWriterKilledMidRunLosesNothingItCommitted() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.bin.path), "build scanbench first (swift build)")
        let store = try Fixtures.tempDir("runstore-kill").appendingPathComponent("history.sqlite").path
        let out = Pipe()
        let writer = try start(["history", "generate", "--store", store, "--runs", "1", "--images", "100000", "--batch", "1",
                                "--pause-ms", "1", "--progress"], stdout: out)
        // `committed RUN N` is printed after each commit: kill once 200 are acknowledged.
        var acknowledged = 0, buffer = ""
        let deadline = Date().addingTimeInterval(60)
        while acknowledged < 200, Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            buffer += String(decoding: data, as: UTF8.self)
            for line in buffer.split(separator: "\n") where line.hasPrefix("committed ") {
                acknowledged = max(acknowledged, Int(line.split(separator: " ").last ?? "") ?? 0)
            }
            if let cut = buffer.lastIndex(of: "\n") { buffer = String(buffer[buffer.index(after: cut)...]) }
        }
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)
        #expect(acknowledged >= 200)

        let db = try RunStore(path: store, create: false)
        #expect(try db.integrityCheck() == ["ok"])
        let run = try #require(try db.runs().first)
        #expect(run.status == .running)
        let images = try db.images(run: try #require(run.id))
        // Every acknowledged commit is there, in order, and nothing half-written.
        #expect(images.count >= acknowledged)
        #expect(images.count < 100_000)
        #expect(images.map(\.relativePath) == (0..<images.count).map(SyntheticHistory.path))
        #expect(run.recordedImages == images.count)
        #expect(images.allSatisfy { $0.sample != nil })
        // And the store takes new writes.
        try SyntheticHistory(runs: 1, images: 3, dataset: "after").write(into: db)
        #expect(try db.runs(dataset: "after").first?.status == .finished)
    }
}
