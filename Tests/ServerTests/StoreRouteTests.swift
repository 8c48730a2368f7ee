import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Reporting
import RunStore
@testable import Server
import Testing

@Suite("the server over a run history store")
struct StoreRouteTests {
    /// A sandbox configuration recording into `history.sqlite` in the sandbox's temp folder.
    static func storeConfig(_ sandbox: ServerSandbox, script: FakeScript = FakeScript()) throws -> (ServerConfiguration, String) {
        var config = try sandbox.config(script: script)
        let path = sandbox.base.appendingPathComponent("store/history.sqlite").path
        config.storePath = path
        return (config, path)
    }

    /// `YYYY-MM-DD` (UTC) of `date`.
    static func day(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = "yyyy-MM-dd"
        return f.string(from: date)
    }

    /// The `<row` elements of the workbook's first sheet (Serial Data, header included), read with unzip.
    static func serialDataRows(_ xlsx: Data, in dir: URL) throws -> Int {
        let file = dir.appendingPathComponent("export.xlsx")
        try xlsx.write(to: file)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        p.arguments = ["-p", file.path, "xl/worksheets/sheet1.xml"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).components(separatedBy: "<row ").count - 1
    }

    @Test func readsAreSavedAndAnsweredSo() async throws {
        let sandbox = try ServerSandbox()
        let (config, path) = try Self.storeConfig(sandbox)
        try await withRoutes(config) { client in
            let r = try await upload(client, "/process-serial", TinyImages.png, fields: ["device_type": "MacBook"])
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.json["saved"] == .bool(true))
            #expect(r.json["persisted"] == .bool(true))
            let q = try await upload(client, "/scan", TinyImages.png)
            let id = try #require(q.json["job_id"]?.string)
            let job = try await JobRouteTests.finished(client, id)
            #expect(job["status"]?.string == "completed")
            #expect(job["results"]?["saved_to_database"] == .bool(true))
        }
        let scans = try RunStore(path: path, create: false).scans()
        #expect(scans.map(\.endpoint) == ["process-serial", "scan"])
        #expect(scans.map(\.serial) == ["C02Y94ZEJG5H", "C02Y94ZEJG5H"])
        #expect(scans.first?.deviceType == "MacBook")
        #expect(scans.allSatisfy { $0.source == "server" && $0.validationPassed })
        #expect(scans.last?.jobId != nil)
    }

    @Test func aReadNothingFoundInIsNotSaved() async throws {
        let sandbox = try ServerSandbox()
        let (config, path) = try Self.storeConfig(sandbox, script: FakeScript(outcome: SampleOutcome(candidates: [], strategyUsed: "none", preset: "etched")))
        try await withRoutes(config) { client in
            expectError(try await upload(client, "/process-serial", TinyImages.png), .unprocessableContent, "NO_TEXT_DETECTED")
        }
        #expect(try RunStore(path: path, create: false).scans().isEmpty)
    }

    @Test func exportListsReadsAndRunsAcrossTheStore() async throws {
        let sandbox = try ServerSandbox()
        // A second folder, so the two evaluations are two runs.
        let second = sandbox.root.appendingPathComponent("more")
        try FileManager.default.copyItem(at: sandbox.root.appendingPathComponent("serials"), to: second)
        let (config, path) = try Self.storeConfig(sandbox)
        let yesterday = Self.day(Date().addingTimeInterval(-86_400)), tomorrow = Self.day(Date().addingTimeInterval(86_400))
        try await withRoutes(config) { client in
            for dir in ["serials", "more"] {
                let r = try await client.execute(uri: "/evaluate?dir=\(dir)", method: .get)
                #expect(r.status == .ok, "\(r.text)")
            }
            let r = try await upload(client, "/process-serial", TinyImages.png)
            #expect(r.json["saved"] == .bool(true))
            let all = try await client.execute(uri: "/export?date_from=\(yesterday)&date_to=\(tomorrow)", method: .get)
            #expect(all.status == .ok, "\(all.text)")
            // Header, 3 + 3 images of the two runs, 1 saved read.
            #expect(try Self.serialDataRows(Data(all.body.readableBytesView), in: sandbox.base) == 1 + 7)
            let none = try await client.execute(uri: "/export?date_to=2000-01-01", method: .get)
            #expect(none.status == .ok, "\(none.text)")
            #expect(try Self.serialDataRows(Data(none.body.readableBytesView), in: sandbox.base) == 1)
            let ios = try await client.execute(uri: "/export?source=ios", method: .get)
            #expect(ios.status == .ok, "\(ios.text)")
            #expect(try Self.serialDataRows(Data(ios.body.readableBytesView), in: sandbox.base) == 1)
            let server = try await client.execute(uri: "/export?source=server&validation_status=valid", method: .get)
            #expect(try Self.serialDataRows(Data(server.body.readableBytesView), in: sandbox.base) == 1 + 7)
        }
        let store = try RunStore(path: path, create: false)
        let rows = try store.exportRows(try ExportFilters(dateFrom: yesterday, dateTo: tomorrow), acceptableConfidence: 0.8)
        let runs: Set<String> = Set(rows.compactMap { (row: SerialRow) -> String? in
            let first = row.notes.components(separatedBy: ";")[0]
            return first.hasPrefix("run: ") ? first : nil
        })
        #expect(rows.count == 7)
        #expect(runs.count == 2)
    }

    @Test func exportWithAStoreNeedsNoEvaluation() async throws {
        let sandbox = try ServerSandbox()
        let (config, _) = try Self.storeConfig(sandbox)
        try await withRoutes(config) { client in
            _ = try await upload(client, "/process-serial", TinyImages.png)
            let r = try await client.execute(uri: "/export", method: .get)
            #expect(r.status == .ok, "\(r.text)")
            #expect(try Self.serialDataRows(Data(r.body.readableBytesView), in: sandbox.base) == 2)
        }
    }

    @Test func aRestartAnswersFinishedJobsAndFailsUnfinishedOnes() async throws {
        let sandbox = try ServerSandbox()
        let (config, path) = try Self.storeConfig(sandbox)
        let done = JobID()
        try await withRoutes(config) { client in
            let q = try await upload(client, "/scan", TinyImages.png)
            let id = try #require(q.json["job_id"]?.string)
            #expect(try await JobRouteTests.finished(client, id)["status"]?.string == "completed")
            done.set(id)
        }
        // A job the previous process had not finished when it died.
        let t = Date(timeIntervalSince1970: 1_760_000_000)
        try RunStore(path: path, create: false).saveJob(StoredJob(id: "cut-short", status: .processing, progress: 10, message: "Reading the image",
                                                                  createdAt: t, updatedAt: t))
        let id = done.value
        try #require(!id.isEmpty)
        try await withRoutes(config) { client in
            let finished = try await client.execute(uri: "/result/\(id)", method: .get)
            #expect(finished.status == .ok, "\(finished.text)")
            #expect(finished.json["status"]?.string == "completed")
            #expect(finished.json["results"]?["top_result"]?["serial"]?.string == "C02Y94ZEJG5H")
            let cut = try await client.execute(uri: "/result/cut-short", method: .get)
            #expect(cut.status == .ok, "\(cut.text)")
            #expect(cut.json["status"]?.string == "failed")
            #expect(cut.json["error"]?.string == RunStore.interruptedJobMessage)
            #expect(cut.json["message"]?.string == RunStore.interruptedJobMessage)
            let deleted = try await client.execute(uri: "/jobs/\(id)", method: .delete)
            #expect(deleted.status == .ok)
        }
        // A deleted job stays deleted across a restart.
        try await withRoutes(config) { client in
            expectError(try await client.execute(uri: "/result/\(id)", method: .get), .notFound, "JOB_NOT_FOUND")
        }
    }

    @Test func aStoreThatCannotBeOpenedSavesNothingAndStillAnswers() async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config()
        // A path under a regular file: no folder can be made there.
        let blocker = sandbox.base.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        config.storePath = blocker.appendingPathComponent("history.sqlite").path
        let server = ScanServer(config: config)
        #expect(server.storeProblem?.contains("cannot be opened") == true)
        server.shutdown()
        try await withRoutes(config) { client in
            let r = try await upload(client, "/process-serial", TinyImages.png)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.json["saved"] == .bool(false))
            #expect(r.json["persisted"] == .bool(false))
            let q = try await upload(client, "/scan", TinyImages.png)
            let job = try await JobRouteTests.finished(client, try #require(q.json["job_id"]?.string))
            #expect(job["results"]?["saved_to_database"] == .bool(false))
            // Without a store, /export is the latest evaluation's, as before.
            expectError(try await client.execute(uri: "/export", method: .get), .notFound, "NO_EVALUATION")
        }
    }

    @Test func jobsMapToTheStoreAndBack() {
        let t = Date(timeIntervalSince1970: 1_760_000_000)
        let job = JobStore.Job(id: "j", status: .completed, progress: 100, message: "ok", createdAt: t, updatedAt: t,
                               results: .object([("total_detected", .int(1))]), error: nil)
        let back = JobStore.Job(job.stored)
        #expect(back.json == job.json)
    }
}

/// A job id handed out of a route closure.
private final class JobID: @unchecked Sendable {
    private let lock = NSLock()
    private var id = ""
    func set(_ v: String) { lock.lock(); id = v; lock.unlock() }
    var value: String { lock.lock(); defer { lock.unlock() }; return id }
}
