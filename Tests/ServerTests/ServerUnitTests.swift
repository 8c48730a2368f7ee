import Foundation
import Harness
import ReadingCore
import SerialReading
@testable import Server
import Testing

@Suite("Multipart, knobs, data URIs, worker pool")
struct ServerUnitTests {
    @Test func multipartFindsFilePartsAndFields() throws {
        let (body, type) = TinyImages.multipart(TinyImages.png, fields: ["device_type": "iPhone", "preset": "screen"])
        let boundary = try #require(MultipartForm.boundary(contentType: type))
        let form = try MultipartForm(body: body, boundary: boundary)
        #expect(form.part("image")?.data == TinyImages.png)
        #expect(form.part("image")?.filename == "scan.jpg")
        #expect(form.part("image")?.contentType == "image/jpeg")
        #expect(form.field("device_type") == "iPhone")
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(contentType: "application/json") == nil)
    }

    @Test func multipartRefusesTruncatedBodies() {
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(body: Data("no boundary here".utf8), boundary: "B") }
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(body: Data("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nxyz".utf8), boundary: "B") }
    }

    @Test func knobsApplyToThePreset() throws {
        let catalog = try PresetCatalog.builtIn()
        let etched = try catalog.preset("etched")
        let o = ScanOptions(minConfidence: 0.2, useProgressive: false, earlyStopConfidence: 0.7, maxProcessingTime: 3, rotations: [90, 0])
        let p = o.applied(to: etched)
        #expect(p.minConfidence == 0.2 && p.earlyStopConfidence == 0.7 && p.maxProcessingTime == 3)
        #expect(p.rotations == [90])
        #expect(p.page.scales == [etched.page.scales[0]])
        #expect(p.page.variants == [etched.page.variants[0]])
        #expect(ScanOptions().applied(to: etched) == etched)
        #expect(ScanOptions(deviceType: "iPhone 15").presetNames(in: catalog) == ["screen"])
        #expect(ScanOptions(preset: "sticker", deviceType: "MacBook").presetNames(in: catalog) == ["sticker"])
        #expect(ScanOptions().presetNames(in: catalog).prefix(3) == ["etched", "sticker", "screen"])
    }

    @Test func dataURIsAreCheckedBeforeDecoding() throws {
        let ok = try DataURI(parsing: "data:image/jpeg;base64," + TinyImages.png.base64EncodedString(), maxBytes: 1000)
        #expect(ok.data == TinyImages.png && ok.mediaType == "image/jpeg")
        let unpadded = "data:image/png;base64," + TinyImages.png.base64EncodedString().replacingOccurrences(of: "=", with: "")
        #expect(try DataURI(parsing: unpadded, maxBytes: 1000).data == TinyImages.png)
        #expect(throws: DataURIError.self) { try DataURI(parsing: "data:image/png;base64," + Data(count: 2000).base64EncodedString(), maxBytes: 1000) }
        #expect(throws: DataURIError.self) { try DataURI(parsing: "data:image/png;base64,", maxBytes: 1000) }
    }

    @Test func thePoolBoundsItsQueueAndRunsOnItsOwnThreads() async throws {
        let gate = DispatchSemaphore(value: 0)
        let pool = WorkerPool(workers: 1, capacity: 1) { i in
            WorkerContext(index: i, makeSerial: { FakeScanner(script: FakeScript()) }, makePermit: nil)
        }
        defer { pool.shutdown() }
        try pool.submit { _ in gate.wait() }      // runs
        try pool.submit { _ in }                  // waits
        #expect(throws: WorkerPool.Full.self) { try pool.submit { _ in } }
        gate.signal()
        for _ in 0..<200 where pool.waiting + pool.running > 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        let index = try await pool.run { _ in WorkerPool.currentWorkerIndex }
        #expect(index == 0, "the job ran on the pool's own thread")
        #expect(WorkerPool.currentWorkerIndex == nil)
    }

    @Test func cancellingAWaitingCallerSkipsItsJob() async throws {
        let gate = DispatchSemaphore(value: 0)
        let ran = FirstError()
        let pool = WorkerPool(workers: 1, capacity: 4) { i in
            WorkerContext(index: i, makeSerial: { FakeScanner(script: FakeScript()) }, makePermit: nil)
        }
        defer { pool.shutdown() }
        try pool.submit { _ in gate.wait() }
        let task = Task { try await pool.run { _ in ran.set(CancellationError()) } }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        gate.signal()
        _ = try await pool.run { _ in 0 }
        #expect(ran.error == nil, "the cancelled job never ran")
    }

    @Test func apiKeysCompareWithoutShortcuts() {
        #expect(BearerToken.constantTimeEqual(Array("abc".utf8), Array("abc".utf8)))
        #expect(!BearerToken.constantTimeEqual(Array("abc".utf8), Array("abd".utf8)))
        #expect(!BearerToken.constantTimeEqual(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!BearerToken.constantTimeEqual([], Array("a".utf8)))
    }
}
