import Evaluation
import Foundation
import Hummingbird
import Logging
import SerialReading
import Server
import Testing
import TestSupport

/// The real server (NIO, loopback, a free port, real Tesseract workers) driven with curl, as
/// the seeds' shell examples drive the backend.
@Suite("scanbench serve end to end", .serialized)
struct ServerEndToEndTests {
    /// Starts the server over `root`, runs `body` with its base URL, then stops it.
    static func withLiveServer(root: URL, reports: URL, _ body: (String) async throws -> Void) async throws {
        var config = ServerConfiguration(datasetsRoot: root, reportsDir: reports, version: "e2e", catalog: try PresetCatalog.builtIn())
        config.workers = 2
        config.evaluationWorkers = 2
        try await LiveServer.run(config) { port in try await body("http://127.0.0.1:\(port)") }
    }

    /// `curl` → HTTP status (body into `out`), run on a thread of its own so the wait does
    /// not hold one of the few cooperative threads the server's handlers need.
    static func curl(_ args: [String], out: URL) async throws -> Int {
        let r = try await blocking {
            try Fixtures.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--max-time", "60", "-o", out.path, "-w", "%{http_code}"] + args)
        }
        return Int(r.out) ?? -1
    }

    /// Runs `work` on a new thread and awaits it.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in Thread { c.resume(with: Result { try work() }) }.start() }
    }

    static func json(_ url: URL) throws -> JSONValue { try JSONValue.parse(String(contentsOf: url, encoding: .utf8)) }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/curl"), "needs /usr/bin/curl"))
    func healthEvaluateExportScanAndProcessSerialOverHTTP() async throws {
        // A datasets root holding a small labelled folder: 3 serial lines drawn here.
        let base = try Fixtures.tempDir("scanbench-serve-e2e")
        let root = base.appendingPathComponent("Datasets"), reports = base.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: try LineSet.make(count: 3), to: root.appendingPathComponent("lines3"))
        let out = base.appendingPathComponent("body")
        let image = root.appendingPathComponent("lines3").appendingPathComponent(LineSet.fileName(1))
        let truth = LineSet.serials(count: 2)[1]

        try await Self.withLiveServer(root: root, reports: reports) { url in
            // Health
            #expect(try await Self.curl(["\(url)/health"], out: out) == 200)
            #expect(try Self.json(out)["status"]?.string == "healthy")

            // An evaluation: the CLI's JSON, reports written.
            #expect(try await Self.curl(["\(url)/evaluate?dir=lines3&preset=etched"], out: out) == 200)
            let summary = try Self.json(out)
            #expect(summary["total"]?.number == 3)
            #expect((summary["detected"]?.number ?? 0) >= 1)
            #expect(FileManager.default.fileExists(atPath: summary["summary_path"]?.string ?? "/nonexistent"))
            // An escape attempt over the wire (curl sends %2e%2e as is).
            #expect(try await Self.curl(["\(url)/evaluate?dir=%2e%2e/%2e%2e/etc"], out: out) == 400)

            // The export, opened as a workbook.
            let xlsx = base.appendingPathComponent("export.xlsx")
            let headers = base.appendingPathComponent("headers.txt")
            #expect(try await Self.curl(["-D", headers.path, "\(url)/export"], out: xlsx) == 200)
            let head = try String(contentsOf: headers, encoding: .utf8).lowercased()
            #expect(head.contains("content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
            #expect(head.range(of: #"filename="serials_\d{8}_\d{6}\.xlsx""#, options: .regularExpression) != nil)
            #expect(Array(try Data(contentsOf: xlsx).prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
            let py = try await Self.blocking {
                try Fixtures.run(URL(fileURLWithPath: "/usr/bin/env"),
                                 ["python3", "-c", "import openpyxl,sys; print('|'.join(openpyxl.load_workbook(sys.argv[1]).sheetnames))", xlsx.path])
            }
            if py.status == 0 {
                #expect(py.out.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("Serial Data|Summary|Export Metadata"), "\(py.out)")
            }

            // A scan job to completion, polled like the iOS app does.
            #expect(try await Self.curl(["-F", "image=@\(image.path)", "-F", "device_type=MacBook", "\(url)/scan?preset=etched"], out: out) == 200)
            let id = try #require(try Self.json(out)["job_id"]?.string)
            var job: JSONValue = .null
            for _ in 0..<300 {
                #expect(try await Self.curl(["\(url)/result/\(id)"], out: out) == 200)
                job = try Self.json(out)
                if job["status"]?.string == "completed" || job["status"]?.string == "failed" { break }
                try await Task.sleep(nanoseconds: 100_000_000)
            }
            #expect(job["status"]?.string == "completed", "\(job.serialized())")
            #expect(job["results"]?["top_result"]?["serial"]?.string == truth)
            #expect(try await Self.curl(["-X", "DELETE", "\(url)/jobs/\(id)"], out: out) == 200)

            // The synchronous read, and a refusal in the contract's body.
            #expect(try await Self.curl(["-F", "image=@\(image.path)", "\(url)/process-serial?preset=etched"], out: out) == 200)
            if case let .array(serials)? = try Self.json(out)["serials"] { #expect(serials.first?["serial"]?.string == truth) }
            let text = base.appendingPathComponent("notes.txt")
            try "hello".write(to: text, atomically: true, encoding: .utf8)
            #expect(try await Self.curl(["-F", "image=@\(text.path)", "\(url)/process-serial"], out: out) == 415)
            #expect(try Self.json(out).keys.prefix(3) == ["detail", "error_code", "status_code"])
        }
    }
}
