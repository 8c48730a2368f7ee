import Evaluation
import Foundation
import PermitReading
import SerialReading
import Server
import TestSupport

/// A scanner that answers from its script, without Tesseract, and records what it was asked.
final class FakeScanner: SerialScanning {
    let script: FakeScript
    init(script: FakeScript) { self.script = script }
    func scan(_ image: Data, options: ScanOptions) -> SampleOutcome {
        script.record(options)
        script.gate?.wait()
        script.gate?.signal()
        if script.delay > 0 { Thread.sleep(forTimeInterval: script.delay) }
        return script.outcome
    }
}

/// What the fakes answer, shared by every worker's fake.
final class FakeScript: @unchecked Sendable {
    var outcome: SampleOutcome
    var delay: Double
    /// When set, a scan waits until it is signalled (then passes the signal on).
    let gate: DispatchSemaphore?
    private let lock = NSLock()
    private var seen: [ScanOptions] = []

    init(outcome: SampleOutcome = FakeScript.found, delay: Double = 0, gated: Bool = false) {
        self.outcome = outcome; self.delay = delay; self.gate = gated ? DispatchSemaphore(value: 0) : nil
    }

    func record(_ o: ScanOptions) { lock.lock(); seen.append(o); lock.unlock() }
    var options: [ScanOptions] { lock.lock(); defer { lock.unlock() }; return seen }

    static let found = SampleOutcome(candidates: [
        Candidate(text: "C02Y94ZEJG5H", confidence: 0.91, method: "vote", stage: "page:gray@1.0", strictValid: true, roiIndex: 0),
        Candidate(text: "C02Y94ZEJG5M", confidence: 0.42, method: "page-token", stage: "page:gray@1.0", strictValid: true, roiIndex: 1),
    ], strategyUsed: "page:gray@1.0", fallbackUsed: false, preset: "etched", width: 1600, height: 900)
}

/// A permit reader with a fixed answer.
final class FakePermitReader: PermitReader {
    let answer: PermitAnswer
    init(_ answer: PermitAnswer) { self.answer = answer }
    func readPermit(_ image: Data) -> PermitAnswer { answer }
}

/// An evaluation reader that "reads" each image's file name: `serial_X.png` → X.
final class FakeSampleReader: SampleReader {
    let delay: Double
    init(delay: Double = 0) { self.delay = delay }
    func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        let stem = item.url.deletingPathExtension().lastPathComponent
        let text = stem.hasPrefix("serial_") ? String(stem.dropFirst("serial_".count)) : ""
        guard !text.isEmpty else { return SampleOutcome(candidates: [], preset: "etched") }
        return SampleOutcome(candidates: [Candidate(text: text, confidence: 0.9, method: "fake", stage: "fake", strictValid: true)],
                             strategyUsed: "fake", preset: "etched")
    }
    func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome { read(item, label: label) }
}

/// A datasets root with `serials/` (three tiny PNGs and labels) and a reports folder beside it.
struct ServerSandbox {
    let base: URL
    var root: URL { base.appendingPathComponent("Datasets") }
    var reports: URL { base.appendingPathComponent("Reports") }

    init() throws {
        base = try Fixtures.tempDir("scanbench-server")
        let serials = base.appendingPathComponent("Datasets/serials")
        try FileManager.default.createDirectory(at: serials, withIntermediateDirectories: true)
        for s in ["C02Y94ZEJG5H", "M06CK45V4G", "FVFFDR2UQ05D"] {
            try TinyImages.png.write(to: serials.appendingPathComponent("serial_\(s).png"))
        }
        try "filename,serial,device_type\nserial_C02Y94ZEJG5H.png,C02Y94ZEJG5H,MacBook\nserial_M06CK45V4G.png,M06CK45V4G,iPhone\nserial_FVFFDR2UQ05D.png,XXXXXXXXXXXX,MacBook\n"
            .write(to: serials.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
    }

    /// A configuration over this sandbox with fake readers (no Tesseract).
    func config(script: FakeScript = FakeScript(), permit: PermitAnswer? = nil, workers: Int = 2, queue: Int = 8,
                apiKey: String? = nil, evaluationDelay: Double = 0) throws -> ServerConfiguration {
        var c = ServerConfiguration(datasetsRoot: root, reportsDir: reports, version: "test", catalog: try PresetCatalog.builtIn())
        c.workers = workers
        c.queueSize = queue
        c.evaluationWorkers = 1
        c.apiKey = apiKey
        c.makeSerialScanner = { FakeScanner(script: script) }
        if let permit { c.makePermitReader = { @Sendable in FakePermitReader(permit) } }
        c.makeEvaluationReader = { _ in FakeSampleReader(delay: evaluationDelay) }
        return c
    }
}

/// Small valid images and bodies for uploads.
enum TinyImages {
    /// A 16×16 white greyscale PNG.
    static let png: Data = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAAAAAA6mKC9AAAAD0lEQVR4nGP4jwYYRrYAAID5/wEokJxdAAAAAElFTkSuQmCC") ?? Data()
    /// The start of an HEIC file.
    static let heic: Data = Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

    /// A multipart body with `fields` and an `image` file part.
    static func multipart(_ image: Data?, field name: String = "image", fields: [String: String] = [:],
                          boundary: String = "Boundary-7MA4YWxkTrZu0gW") -> (body: Data, contentType: String) {
        var body = Data()
        for (k, v) in fields.sorted(by: { $0.key < $1.key }) {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(k)\"\r\n\r\n\(v)\r\n".utf8))
        }
        if let image {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"scan.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8))
            body.append(image)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}
