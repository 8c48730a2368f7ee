import Evaluation
import Foundation
import Harness
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing
import TestSupport

@Suite("GET /evaluate?preset=permit")
struct EvaluatePermitRouteTests {
    /// `Datasets/permits` in the sandbox: copies of the first `count` bundled permit images (links
    /// to them would resolve outside the sandbox's root and be refused) and a
    /// `filename,permit_number,kind` labels file.
    static func permitFolder(_ sandbox: ServerSandbox, count: Int) throws {
        let source = Fixtures.repoRoot.appendingPathComponent("Datasets/synthetic/permit")
        let folder = sandbox.root.appendingPathComponent("permits")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let truth = try Fixtures.labels(source, column: "permit_number")
        var csv = "filename,permit_number,kind\n"
        for name in truth.keys.sorted().prefix(count) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            csv += "\(name),\(truth[name] ?? ""),permit\n"
        }
        try csv.write(to: folder.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
    }

    @Test func evaluatesAPermitFolderWithThePermitPipeline() async throws {
        let sandbox = try ServerSandbox()
        try Self.permitFolder(sandbox, count: 2)
        var config = try sandbox.config()
        config.makeEvaluationReader = { try $0.make() }  // the real readers, as `scanbench serve` binds them
        try await withRoutes(config) { client in
            let r = try await client.execute(uri: "/evaluate?dir=permits&preset=permit", method: .get)
            #expect(r.status == .ok, "\(r.text)")
            #expect(Array(r.json.keys.prefix(EvaluateRouteTests.contractKeys.count)) == EvaluateRouteTests.contractKeys)
            #expect(r.json["total"]?.number == 2)
            #expect(r.json["errors"]?.number == 0)
            #expect(r.json["preset"]?.string == "permit")
            #expect(r.json["extract_params"]?["preset"]?.string == "permit")
            let json = try #require(r.json["summary_path"]?.string)
            #expect(json.hasPrefix(sandbox.reports.path + "/eval_permits_"))
            #expect(try JSONValue.parse(String(contentsOfFile: json, encoding: .utf8)) == r.json)
        }
    }

    @Test func theRoutesReadersAreBuiltForThePermitChoice() async throws {
        let sandbox = try ServerSandbox()
        try Self.permitFolder(sandbox, count: 2)
        var config = try sandbox.config()
        config.makeEvaluationReader = { factory in
            #expect(factory.preset == .permit && factory.clientCompression)
            return FakeSampleReader()
        }
        try await withRoutes(config) { client in
            let r = try await client.execute(uri: "/evaluate?dir=permits&preset=PERMIT&client_compression=true", method: .get)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.json["preset"]?.string == "permit")
            #expect(r.json["extract_params"]?["client_compression"]?.string == "true")
            expectError(try await client.execute(uri: "/evaluate?dir=permits&preset=permit&client_compression=maybe", method: .get),
                        .badRequest, "INVALID_PARAMETER")
        }
    }

    @Test func anUnknownPresetNamesTheChoicesPermitIncluded() async throws {
        let sandbox = try ServerSandbox()
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/evaluate?dir=serials&preset=laser", method: .get)
            expectError(r, .badRequest, "INVALID_PARAMETER")
            #expect(r.json["detail"]?.string?.contains("choose one of: auto, permit, ") == true, "\(r.text)")
            // Serial scans take the same names; a permit photo goes to POST /permit.
            expectError(try await upload(client, "/process-serial?preset=laser", TinyImages.png), .badRequest, "INVALID_PARAMETER")
            expectError(try await upload(client, "/process-serial?preset=permit", TinyImages.png), .badRequest, "INVALID_PARAMETER")
        }
    }
}
