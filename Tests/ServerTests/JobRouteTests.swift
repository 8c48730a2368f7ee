import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

@Suite("POST /scan, GET /result/{job_id}, DELETE /jobs/{job_id}")
struct JobRouteTests {
    /// Polls `/result/id` until the job is finished (or 5 s pass).
    static func finished(_ client: any TestClientProtocol, _ id: String) async throws -> JSONValue {
        for _ in 0..<500 {
            let r = try await client.execute(uri: "/result/\(id)", method: .get)
            if let s = r.json["status"]?.string, s == "completed" || s == "failed" { return r.json }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        return .null
    }

    @Test func aJobRunsToCompletionWithTheContractsFields() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await upload(client, "/scan", TinyImages.png, fields: ["device_type": "iphone"])
            #expect(r.status == .ok)
            #expect(r.json.keys == ["job_id", "status", "message", "queue_position", "estimated_wait_time", "check_status_url"])
            #expect(r.json["status"]?.string == "queued")
            let id = try #require(r.json["job_id"]?.string)
            #expect(r.json["check_status_url"]?.string == "/result/\(id)")
            let job = try await Self.finished(client, id)
            #expect(job.keys == ["job_id", "status", "progress", "message", "created_at", "updated_at", "results", "error"])
            #expect(job["status"]?.string == "completed")
            #expect(job["progress"]?.number == 100)
            #expect(job["error"] == .null)
            let results = try #require(job["results"])
            #expect(results.keys == ["serials", "top_result", "total_detected", "processing_time", "fallback_used", "strategy_used", "saved_to_database"])
            #expect(results["top_result"]?["serial"]?.string == "C02Y94ZEJG5H")
            #expect(results["total_detected"]?.number == 2)
            guard case let .array(serials)? = results["serials"] else { Issue.record("no serials"); return }
            #expect(serials.first?.keys == ["serial", "confidence", "method", "roi_index"])
            #expect(results["saved_to_database"] == .bool(false))
        }
    }

    @Test func aJobWithNothingReadFails() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(outcome: SampleOutcome(candidates: [], strategyUsed: "none", preset: "etched"))
        try await withRoutes(try sandbox.config(script: script)) { client in
            let r = try await upload(client, "/scan", TinyImages.png)
            let job = try await Self.finished(client, try #require(r.json["job_id"]?.string))
            #expect(job["status"]?.string == "failed")
            #expect(job["error"]?.string?.hasPrefix("NO_TEXT_DETECTED") == true)
            #expect(job["results"] == .null)
        }
    }

    @Test func unknownJobsAre404() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            expectError(try await client.execute(uri: "/result/nope", method: .get), .notFound, "JOB_NOT_FOUND")
            expectError(try await client.execute(uri: "/jobs/nope", method: .delete), .notFound, "JOB_NOT_FOUND")
        }
    }

    @Test func deletingAQueuedJobSkipsIt() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(gated: true)
        try await withRoutes(try sandbox.config(script: script, workers: 1, queue: 4)) { client in
            let first = try #require(try await upload(client, "/scan", TinyImages.png).json["job_id"]?.string)
            let second = try #require(try await upload(client, "/scan", TinyImages.png).json["job_id"]?.string)
            let d = try await client.execute(uri: "/jobs/\(second)", method: .delete)
            #expect(d.status == .ok)
            #expect(d.json["deleted"] == .bool(true))
            #expect(d.json["status"]?.string == "queued")
            expectError(try await client.execute(uri: "/result/\(second)", method: .get), .notFound, "JOB_NOT_FOUND")
            script.gate?.signal()
            #expect(try await Self.finished(client, first)["status"]?.string == "completed")
            #expect(script.options.count == 1, "the deleted job never reached the scanner")
        }
    }

    @Test func theJobStoreIsBounded() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript(gated: true)
        var config = try sandbox.config(script: script, workers: 1, queue: 8)
        config.maxJobs = 2
        try await withRoutes(config) { client in
            let r1 = try await upload(client, "/scan", TinyImages.png)
            #expect(r1.status == .ok, "\(r1.text)")
            let r2 = try await upload(client, "/scan", TinyImages.png)
            #expect(r2.status == .ok, "\(r2.text)")
            // Both kept jobs are unfinished: a third is refused rather than dropping one.
            let third = try await upload(client, "/scan", TinyImages.png)
            expectError(third, .serviceUnavailable, "SERVER_BUSY")
            script.gate?.signal()
        }
    }
}
