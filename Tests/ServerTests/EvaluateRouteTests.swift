import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

@Suite("GET /evaluate and GET /export")
struct EvaluateRouteTests {
    static let contractKeys = ["dataset", "total", "detected", "hits", "detection_rate_pct", "accuracy_pct_overall",
                               "accuracy_pct_on_detected", "strict_validation_passes", "strict_validation_rate_pct",
                               "high_confidence_count", "high_confidence_hits", "high_confidence_accuracy_pct",
                               "csv_path", "summary_path", "use_progressive", "extract_params"]

    @Test func evaluatesAFolderAndWritesTheReportsLikeTheCLI() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/evaluate?dir=serials&preset=etched&min_confidence=0.1", method: .get)
            #expect(r.status == .ok, "\(r.text)")
            #expect(Array(r.json.keys.prefix(Self.contractKeys.count)) == Self.contractKeys)
            #expect(r.json["total"]?.number == 3)
            #expect(r.json["hits"]?.number == 2)
            #expect(r.json["preset"]?.string == "etched")
            let json = try #require(r.json["summary_path"]?.string)
            let csv = try #require(r.json["csv_path"]?.string)
            #expect(json.hasPrefix(sandbox.reports.path + "/eval_serials_"))
            #expect(FileManager.default.fileExists(atPath: json))
            #expect(try String(contentsOfFile: csv, encoding: .utf8).hasPrefix("filename,ground_truth,top_serial,top_confidence,num_candidates,match,all_candidates"))
            #expect(FileManager.default.fileExists(atPath: json.replacingOccurrences(of: ".json", with: ".records.jsonl")))
            // The file on disk is the answer.
            #expect(try JSONValue.parse(String(contentsOfFile: json, encoding: .utf8)) == r.json)
        }
    }

    @Test func refusesBadSettings() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            expectError(try await client.execute(uri: "/evaluate", method: .get), .badRequest, "INVALID_PATH")
            expectError(try await client.execute(uri: "/evaluate?dir=serials&preset=laser", method: .get), .badRequest, "INVALID_PARAMETER")
            expectError(try await client.execute(uri: "/evaluate?dir=serials&min_confidence=7", method: .get), .badRequest, "INVALID_PARAMETER")
            expectError(try await client.execute(uri: "/evaluate?dir=missing", method: .get), .notFound, "DATASET_NOT_FOUND")
        }
    }

    @Test func oneEvaluationAtATime() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config(evaluationDelay: 0.4)) { client in
            async let slow = client.execute(uri: "/evaluate?dir=serials", method: .get)
            try await Task.sleep(nanoseconds: 200_000_000)
            let second = try await client.execute(uri: "/evaluate?dir=serials", method: .get)
            expectError(second, .serviceUnavailable, "SERVER_BUSY")
            #expect(second.headers[.retryAfter] != nil)
            let r1 = try await slow
            #expect(r1.status == .ok, "\(r1.text)")
        }
    }

    @Test func anEvaluationOverItsTimeLimitIs504() async throws {
        let sandbox = try ServerSandbox()
        var config = try sandbox.config(evaluationDelay: 0.5)
        config.evaluationTimeout = 0.2
        try await withRoutes(config) { client in
            expectError(try await client.execute(uri: "/evaluate?dir=serials", method: .get), .gatewayTimeout, "EVALUATION_TIMEOUT")
        }
    }

    @Test func exportNeedsAnEvaluationFirst() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            expectError(try await client.execute(uri: "/export", method: .get), .notFound, "NO_EVALUATION")
        }
    }

    @Test func exportsTheLatestEvaluationAsTheContractsWorkbook() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r2 = try await client.execute(uri: "/evaluate?dir=serials", method: .get)
            #expect(r2.status == .ok, "\(r2.text)")
            let r = try await client.execute(uri: "/export?source=server&validation_status=valid", method: .get)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.headers[.contentType] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            let disposition = r.headers[.contentDisposition] ?? ""
            #expect(disposition.range(of: #"^attachment; filename="serials_\d{8}_\d{6}\.xlsx"$"#, options: .regularExpression) != nil, "\(disposition)")
            #expect(Array(r.body.readableBytesView.prefix(4)) == [0x50, 0x4B, 0x03, 0x04], "a zip (XLSX) file")
        }
    }

    @Test func exportAfterARestartReadsTheNewestRecordInTheReportsFolder() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r3 = try await client.execute(uri: "/evaluate?dir=serials", method: .get)
            #expect(r3.status == .ok, "\(r3.text)")
        }
        try await withRoutes(try sandbox.config()) { client in
            let r4 = try await client.execute(uri: "/export", method: .get)
            #expect(r4.status == .ok, "\(r4.text)")
        }
    }

    @Test(arguments: [
        "date_from=2024-13-01", "date_to=yesterday", "date_from=2024-05-02&date_to=2024-05-01", "source=android",
        "validation_status=maybe",
    ])
    func badExportFiltersAre400(_ query: String) async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/export?\(query)", method: .get)
            expectError(r, .badRequest, "INVALID_FILTER")
            #expect(r.json["detail"]?.string?.hasPrefix("Invalid") == true)
        }
    }
}
