import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import PermitReading
import Server
import Testing

/// The OpenAPI document (`Sources/Server/Resources/openapi.json`) and the routes must agree:
/// the same operations, parameters that are really read and checked, and status codes that
/// are documented for the operation that answers them (and documented ones that happen).
@Suite("The contract: /openapi.json against the routes")
struct ContractTests {
    static let key = "contract-key"
    static let auth: [(HTTPField.Name, String)] = [(.authorization, "Bearer \(key)")]

    static func config(_ sandbox: ServerSandbox, permit: PermitAnswer? = .accepted(PermitResponse(permitNumber: "12345678", confidence: .high))) throws -> ServerConfiguration {
        var c = try sandbox.config(permit: permit, apiKey: key)
        c.maxUploadBytes = 4096
        return c
    }

    @Test func theDocumentListsExactlyTheRoutes() throws {
        let contract = try Contract.committed()
        let server = ScanServer(config: try Self.config(try ServerSandbox()))
        defer { server.shutdown() }
        let routes = Set(server.router().routes.map { "\($0.method.rawValue) \($0.path.description)" })
        #expect(routes == Set(contract.operations.map(\.label)), "router \(routes.sorted()) vs document \(contract.operations.map(\.label).sorted())")
        #expect(contract.doc["openapi"] as? String == "3.1.0")
    }

    @Test func servesTheCommittedDocumentAndADocsPageWithoutExternalResources() async throws {
        let committed = try Data(contentsOf: Contract.committedURL)
        try await withRoutes(try Self.config(try ServerSandbox())) { client in
            let doc = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(doc.status == .ok)
            #expect(doc.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(Data(buffer: doc.body) == committed, "/openapi.json is the file kept in the repository")
            let page = try await client.execute(uri: "/docs", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("fetch(\"/openapi.json\")"))
            for external in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "<link"] {
                #expect(!page.text.contains(external), "the page loads nothing from elsewhere (\(external))")
            }
        }
    }

    /// Every documented query parameter with a constraint is read and enforced: a value
    /// outside its schema is a 400 naming it, values inside (bounds included) are not refused.
    @Test func everyConstrainedParameterIsEnforcedAsDocumented() async throws {
        let contract = try Contract.committed()
        let sandbox = try ServerSandbox()
        try FileManager.default.createDirectory(at: sandbox.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let log = Observed()
        try await withRoutes(try Self.config(sandbox)) { client in
            for op in contract.operations {
                for parameter in contract.parameters(op) where parameter.in == "query" {
                    let (bad, good) = Contract.values(for: parameter)
                    for value in bad {
                        let r = try await Self.send(client, op, parameter.name, value)
                        #expect(r.status == .badRequest, "\(op.label) \(parameter.name)=\(value): \(r.status.code) \(r.text)")
                        #expect(r.json["detail"]?.string?.contains(parameter.name) == true, "\(op.label) \(parameter.name)=\(value): \(r.text)")
                        #expect(contract.statuses(op).contains(Int(r.status.code)))
                    }
                    for value in good {
                        let r = try await Self.send(client, op, parameter.name, value)
                        let blamed = r.status == .badRequest && (r.json["detail"]?.string?.contains(parameter.name) ?? false)
                        #expect(!blamed, "\(op.label) \(parameter.name)=\(value) is inside its schema: \(r.text)")
                        #expect(contract.statuses(op).contains(Int(r.status.code)), "\(op.label) \(parameter.name)=\(value): \(r.status.code)")
                    }
                    if !bad.isEmpty { log.check("\(op.label) \(parameter.name)") }
                }
            }
        }
        // The knobs the contract names are among those checked.
        let checked = log.checked
        for name in ["min_confidence", "early_stop_confidence", "max_processing_time", "use_progressive", "rotations"] {
            #expect(checked.contains("POST /process-serial \(name)") && checked.contains("POST /scan \(name)"), "\(name)")
        }
        for name in ["date_from", "date_to", "source", "validation_status"] { #expect(checked.contains("GET /export \(name)")) }
        #expect(checked.contains("GET /evaluate dir") && checked.contains("GET /evaluate min_confidence"))
    }

    /// A knob sent both ways is checked both ways: a form field outside its schema is refused
    /// even when the query sets the same knob (found by `make fuzz-server`); an empty query
    /// value leaves the knob to the form.
    @Test func formFieldsAreCheckedEvenWhereTheQueryWins() async throws {
        let sandbox = try ServerSandbox()
        let script = FakeScript()
        try await withRoutes(try sandbox.config(script: script, apiKey: Self.key)) { client in
            for path in ["/process-serial", "/scan"] {
                let r = try await upload(client, path + "?max_processing_time=0.1", TinyImages.png,
                                         fields: ["max_processing_time": "0"], extra: Self.auth)
                expectError(r, .badRequest, "INVALID_PARAMETER")
                #expect(r.json["detail"]?.string?.contains("max_processing_time") == true, "\(r.text)")
            }
            let r = try await upload(client, "/process-serial?min_confidence=", TinyImages.png, fields: ["min_confidence": "0.25"], extra: Self.auth)
            #expect(r.status == .ok, "\(r.text)")
        }
        #expect(script.options.last?.minConfidence == 0.25)
    }

    /// One request to `op` with `name=value` added to a request that is otherwise fine.
    static func send(_ client: any TestClientProtocol, _ op: Contract.Operation, _ name: String, _ value: String) async throws -> TestResponse {
        // /evaluate checks its numbers and flags before it looks for the folder, and the preset
        // after it, before the run: an empty folder is enough, and no run reads anything.
        var query = op.path != "/evaluate" || name == "dir" ? [] : name == "preset" ? ["dir=empty"] : ["dir=missing"]
        query.append("\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)")
        let uri = op.path + "?" + query.joined(separator: "&")
        if op.method == "POST" { return try await upload(client, uri, TinyImages.png, extra: auth) }
        return try await client.execute(uri: uri, method: HTTPRequest.Method(op.method) ?? .get, headers: headers(auth))
    }

    /// Requests that reach each documented status: every answer must be documented for its
    /// operation, with the documented body, and every documented status must be reached here
    /// unless it is one these fakes cannot cause (listed, and covered by the tests named).
    @Test func everyStatusIsDocumentedAndEveryDocumentedStatusHappens() async throws {
        let contract = try Contract.committed()
        let sandbox = try PathTraversalTests.hostileSandbox()
        let log = Observed()
        @Sendable func record(_ label: String, _ r: TestResponse) {
            log.saw(label, Int(r.status.code))
            guard let op = contract.operation(label) else { Issue.record("no operation \(label)"); return }
            #expect(contract.statuses(op).contains(Int(r.status.code)), "\(label) answered \(r.status.code), not in the document: \(r.text)")
            let json = r.json  // parsed once: the document itself is 45 KB
            if r.status.code >= 400 {
                #expect(Array(json.keys.prefix(3)) == ["detail", "error_code", "status_code"], "\(label) \(r.status.code): \(r.text)")
                #expect(json["status_code"]?.number == Double(r.status.code))
            }
            for key in contract.requiredKeys(op, status: Int(r.status.code)) {
                #expect(json[key] != nil, "\(label) \(r.status.code) lacks \(key): \(r.text)")
            }
        }
        let heic = TinyImages.heic, png = TinyImages.png, big = Data(repeating: 0x89, count: 8192)
        try await withRoutes(try Self.config(sandbox)) { c in
            let get = { (uri: String) in try await c.execute(uri: uri, method: .get, headers: headers(Self.auth)) }
            record("GET /health", try await get("/health"))
            record("GET /params", try await get("/params"))
            record("GET /params", try await get("/params?preset=etched"))
            record("GET /params", try await get("/params?preset=nope"))
            record("GET /openapi.json", try await get("/openapi.json"))
            record("GET /docs", try await get("/docs"))
            record("GET /export", try await get("/export"))                       // nothing evaluated yet: 404
            record("GET /evaluate", try await get("/evaluate?dir=serials"))
            record("GET /evaluate", try await get("/evaluate?dir=serials&min_confidence=2"))
            record("GET /evaluate", try await get("/evaluate?dir=to-evil"))
            record("GET /evaluate", try await get("/evaluate?dir=missing"))
            record("GET /evaluate", try await c.execute(uri: "/evaluate?dir=serials", method: .get))
            record("GET /export", try await get("/export"))
            record("GET /export", try await get("/export?source=fax"))
            record("GET /export", try await c.execute(uri: "/export", method: .get))
            for path in ["/process-serial", "/scan"] {
                let label = "POST \(path)"
                record(label, try await upload(c, path, png, extra: Self.auth))
                record(label, try await upload(c, path + "?rotations=45", png, extra: Self.auth))
                record(label, try await upload(c, path, png))
                record(label, try await upload(c, path, big, extra: Self.auth))
                record(label, try await upload(c, path, heic, extra: Self.auth))
                record(label, try await upload(c, path, png, field: "file", extra: Self.auth))
            }
            let queued = try await upload(c, "/scan", png, extra: Self.auth)
            let id = try #require(queued.json["job_id"]?.string)
            record("GET /result/{job_id}", try await get("/result/\(id)"))
            record("GET /result/{job_id}", try await get("/result/no-such-job"))
            record("DELETE /jobs/{job_id}", try await c.execute(uri: "/jobs/\(id)", method: .delete))
            record("DELETE /jobs/{job_id}", try await c.execute(uri: "/jobs/\(id)", method: .delete, headers: headers(Self.auth)))
            record("DELETE /jobs/{job_id}", try await c.execute(uri: "/jobs/\(id)", method: .delete, headers: headers(Self.auth)))
            let json = headers(Self.auth + [(.contentType, "application/json")])
            let uri = "{\"licenseImage\":\"data:image/png;base64,\(png.base64EncodedString())\"}"
            record("POST /permit", try await c.execute(uri: "/permit", method: .post, headers: json, body: ByteBuffer(string: uri)))
            record("POST /permit", try await c.execute(uri: "/permit", method: .post, headers: json, body: ByteBuffer(string: "not json")))
            record("POST /permit", try await c.execute(uri: "/permit", method: .post, body: ByteBuffer(string: uri)))
            let huge = "{\"licenseImage\":\"data:image/png;base64,\(big.base64EncodedString())\"}"
            record("POST /permit", try await c.execute(uri: "/permit", method: .post, headers: json, body: ByteBuffer(string: huge)))
        }
        let refusal = PermitRefusal(statusCode: 422, message: PermitRefusal.notPermitMessage, reason: "no permit layout")
        try await withRoutes(try Self.config(sandbox, permit: .refused(refusal))) { c in
            let body = "{\"licenseImage\":\"data:image/png;base64,\(TinyImages.png.base64EncodedString())\"}"
            record("POST /permit", try await c.execute(uri: "/permit", method: .post, headers: headers(Self.auth + [(.contentType, "application/json")]),
                                                       body: ByteBuffer(string: body)))
        }
        try await withRoutes(try Self.config(sandbox, permit: nil)) { c in
            let body = "{\"licenseImage\":\"data:image/png;base64,\(TinyImages.png.base64EncodedString())\"}"
            record("POST /permit", try await c.execute(uri: "/permit", method: .post, headers: headers(Self.auth), body: ByteBuffer(string: body)))
        }
        // Not reachable with these fakes: a failing engine or missing resource (500), a full
        // queue or busy evaluation (503: JobRouteTests, EvaluateRouteTests), time limits (504:
        // EvaluateRouteTests, SerialRouteTests), a trickled body (408: BodyDeadlineTests).
        let elsewhere: Set<Int> = [408, 500, 503, 504]
        for op in contract.operations {
            let missing = contract.statuses(op).subtracting(log.seen[op.label] ?? []).subtracting(elsewhere)
            #expect(missing.isEmpty, "\(op.label) documents \(missing.sorted()) but no request here got them")
        }
    }
}

/// What the contract tests observed, from the routes' closures.
final class Observed: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [String: Set<Int>] = [:]
    private var names: [String] = []
    func saw(_ label: String, _ status: Int) { lock.lock(); statuses[label, default: []].insert(status); lock.unlock() }
    func check(_ name: String) { lock.lock(); names.append(name); lock.unlock() }
    var seen: [String: Set<Int>] { lock.lock(); defer { lock.unlock() }; return statuses }
    var checked: [String] { lock.lock(); defer { lock.unlock() }; return names }
}

/// The committed OpenAPI document, read as plain JSON (never mutated, hence Sendable).
struct Contract: @unchecked Sendable {
    static var committedURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Server/Resources/openapi.json")
    }

    let doc: [String: Any]

    static func committed() throws -> Contract {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: committedURL))
        return Contract(doc: try #require(object as? [String: Any], "the document is a JSON object"))
    }

    struct Operation: Sendable {
        var method: String
        var path: String
        var label: String { "\(method) \(path)" }
    }

    struct Parameter {
        var name: String
        var `in`: String
        var schema: [String: Any]
        var example: String?
        /// An empty value means "unset" (`allowEmptyValue`).
        var allowsEmpty: Bool
    }

    var operations: [Operation] {
        let paths = doc["paths"] as? [String: Any] ?? [:]
        return paths.keys.sorted().flatMap { path in
            ((paths[path] as? [String: Any]) ?? [:]).keys.sorted().map { Operation(method: $0.uppercased(), path: path) }
        }
    }

    func operation(_ label: String) -> Operation? { operations.first { $0.label == label } }

    private func object(_ op: Operation) -> [String: Any] {
        ((doc["paths"] as? [String: Any])?[op.path] as? [String: Any])?[op.method.lowercased()] as? [String: Any] ?? [:]
    }

    /// `node` with `$ref`s followed.
    func resolve(_ node: Any?) -> [String: Any] {
        var current = node as? [String: Any] ?? [:]
        while let ref = current["$ref"] as? String {
            let parts = ref.dropFirst(2).split(separator: "/").map(String.init)
            var target: Any? = doc
            for p in parts { target = (target as? [String: Any])?[p] }
            current = target as? [String: Any] ?? [:]
        }
        return current
    }

    func parameters(_ op: Operation) -> [Parameter] {
        (object(op)["parameters"] as? [Any] ?? []).map { resolve($0) }.map {
            Parameter(name: $0["name"] as? String ?? "", in: $0["in"] as? String ?? "", schema: resolve($0["schema"]),
                      example: $0["example"] as? String, allowsEmpty: $0["allowEmptyValue"] as? Bool ?? false)
        }
    }

    func statuses(_ op: Operation) -> Set<Int> {
        Set((object(op)["responses"] as? [String: Any] ?? [:]).keys.compactMap { Int($0) })
    }

    /// The top-level keys the documented JSON body of `status` requires (through `$ref` and `allOf`).
    func requiredKeys(_ op: Operation, status: Int) -> [String] {
        let response = resolve((object(op)["responses"] as? [String: Any])?[String(status)])
        let schema = resolve(((response["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"])
        return required(schema)
    }

    private func required(_ schema: [String: Any]) -> [String] {
        (schema["required"] as? [String] ?? []) + (schema["allOf"] as? [Any] ?? []).flatMap { required(resolve($0)) }
    }

    /// Values outside `parameter`'s schema, and values inside it (bounds included); an empty
    /// value is inside when the parameter allows it.
    static func values(for parameter: Parameter) -> (bad: [String], good: [String]) {
        let (bad, good) = constrained(parameter)
        guard parameter.allowsEmpty else { return (bad, good) }
        return (bad.filter { !$0.isEmpty }, good.isEmpty ? [] : good + [""])
    }

    /// Strings tried against a `pattern`: escapes, odd separators, signs, tabs.
    static let patternProbes = ["45", "0;90", "abc", "+90", "090", "0\t", "..", "a/../..", " ../x", "/etc", "~", "~root",
                                "a\\b", "a\u{0}b", "%2e%2e", "%2F", ""]

    private static func constrained(_ parameter: Parameter) -> (bad: [String], good: [String]) {
        let s = parameter.schema
        if let values = s["enum"] as? [String] { return (["zz-not-listed"], values) }
        switch s["type"] as? String {
        case "number":
            let lo = (s["minimum"] as? Double) ?? 0, hi = (s["maximum"] as? Double) ?? 1
            return (["abc", String(lo - 0.05), String(hi + 1), "nan"], [String(lo), String(hi)])
        case "boolean":
            return (["maybe", "2"], ["true", "false"])
        default:
            if s["format"] as? String == "date" { return (["2024-02-30", "24-1-1", "today"], ["2024-02-29"]) }
            if let pattern = s["pattern"] as? String, let regex = try? NSRegularExpression(pattern: pattern) {
                let matches = { (v: String) in regex.firstMatch(in: v, range: NSRange(v.startIndex..., in: v)) != nil }
                return (patternProbes.filter { !matches($0) }, [parameter.example].compactMap { $0 }.filter(matches))
            }
            if (s["minLength"] as? Int ?? 0) > 0 { return ([""], []) }
            return ([], [])
        }
    }
}
