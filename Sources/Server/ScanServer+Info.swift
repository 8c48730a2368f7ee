import Evaluation
import Foundation
import Hummingbird
import Imaging
import SerialReading
import Recognition

extension ScanServer {
    /// `GET /health`: `{status, timestamp, version}`, then the queue's state.
    func health() -> Response {
        let counts = jobs.counts
        return JSONResponse.make(.object([
            ("status", .string("healthy")),
            ("timestamp", .string(JSONResponse.timestamp(Date()))),
            ("version", .string(config.version)),
            ("workers", .int(pool.workers)),
            ("busy_workers", .int(pool.running)),
            ("queued", .int(pool.waiting)),
            ("queue_capacity", .int(pool.capacity)),
            ("jobs", .object([("kept", .int(counts.kept)), ("unfinished", .int(counts.unfinished))])),
            ("auth_required", .bool(!(config.apiKey ?? "").isEmpty)),
            ("tesseract", .string(OCREngine.version)),
            ("leptonica", .string(Leptonica.version)),
        ]))
    }

    /// `GET /params[?preset=]`: every preset (`{"presets": {name: {description, parameters}}}`)
    /// or one (`{"preset", "description", "parameters"}`); an unknown name is a 404.
    func params(_ request: Request) throws -> Response {
        if let name = Self.query(request, "preset"), !name.isEmpty {
            guard let p = config.catalog.presets[name] else {
                throw APIError(.notFound, "PRESET_NOT_FOUND", "No preset '\(name)'; available: \(config.catalog.presets.keys.sorted().joined(separator: ", "))")
            }
            return JSONResponse.make(.object([("preset", .string(name))] + (try describe(p))))
        }
        var presets: [(String, JSONValue)] = []
        for name in config.catalog.presets.keys.sorted() {
            if let p = config.catalog.presets[name] { presets.append((name, .object(try describe(p)))) }
        }
        let devices: [(String, JSONValue)] = ["MacBook", "iMac", "Mac mini", "iPhone", "iPad", "Apple Watch", "Accessory"].map {
            ($0, .string(PresetCatalog.presetName(forDevice: $0)))
        }
        return JSONResponse.make(.object([("presets", .object(presets)), ("device_presets", .object(devices)),
                                          ("default_preset", .string("auto"))]))
    }

    /// `description` and `parameters` (the preset as its YAML has it) of one preset.
    private func describe(_ p: Preset) throws -> [(String, JSONValue)] {
        let data = try JSONEncoder().encode(p)
        var params = try JSONValue.parse(String(decoding: data, as: UTF8.self))
        if case let .object(pairs) = params { params = .object(pairs.filter { $0.0 != "description" }.sorted { $0.0 < $1.0 }) }
        return [("description", .string(p.description)), ("parameters", params)]
    }
}
