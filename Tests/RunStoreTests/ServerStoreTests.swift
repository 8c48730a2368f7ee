import Evaluation
import Foundation
import Reporting
import RunStore
import Testing

@Suite("run store: the server's reads, export and jobs")
struct ServerStoreTests {
    static func day(_ s: String) -> Date {
        let f = ISO8601DateFormatter()
        return f.date(from: s + "T12:00:00Z") ?? Date(timeIntervalSince1970: 0)
    }

    func storeWithReads() throws -> RunStore {
        let store = try StoreFixtures.store()
        try store.recordScan(ScanRead(scannedAt: Self.day("2025-10-01"), serial: "C02X00001Q6L", deviceType: "MacBook", confidence: 0.95, source: "ios",
                                      notes: "a", validationPassed: true, confidenceAcceptable: true, endpoint: "process-serial", preset: "etched"))
        try store.recordScan(ScanRead(scannedAt: Self.day("2025-10-03"), serial: "BAD", deviceType: "iPhone", confidence: 0.2, source: "mac",
                                      notes: "b", validationPassed: false, confidenceAcceptable: false, endpoint: "scan", jobId: "job-1"))
        try store.recordScan(ScanRead(scannedAt: Self.day("2025-10-05"), serial: "C02X00002Q6L", deviceType: "macbook", confidence: 0.7, source: "server",
                                      validationPassed: true, confidenceAcceptable: false, endpoint: "process-serial"))
        return store
    }

    @Test func savedReadsComeBackWithTheirFields() throws {
        let store = try storeWithReads()
        let scans = try store.scans()
        #expect(scans.map(\.serial) == ["C02X00001Q6L", "BAD", "C02X00002Q6L"])
        #expect(scans[1].jobId == "job-1" && scans[1].endpoint == "scan")
        #expect(try store.databaseRecordCount() == 3)
    }

    @Test func exportFiltersRunInTheQueryAsTheContractDefinesThem() throws {
        let store = try storeWithReads()
        func serials(_ f: ExportFilters) throws -> [String] { try store.exportRows(f, acceptableConfidence: 0.8).map(\.serial) }
        #expect(try serials(.none) == ["C02X00001Q6L", "BAD", "C02X00002Q6L"])
        #expect(try serials(ExportFilters(dateFrom: "2025-10-03")) == ["BAD", "C02X00002Q6L"])
        #expect(try serials(ExportFilters(dateTo: "2025-10-03")) == ["C02X00001Q6L", "BAD"])
        #expect(try serials(ExportFilters(dateFrom: "2025-10-02", dateTo: "2025-10-04")) == ["BAD"])
        #expect(try serials(ExportFilters(source: "ios")) == ["C02X00001Q6L"])
        #expect(try serials(ExportFilters(deviceType: "MACBOOK")) == ["C02X00001Q6L", "C02X00002Q6L"])
        #expect(try serials(ExportFilters(validationStatus: "invalid")) == ["BAD"])
        let rows = try store.exportRows(.none, acceptableConfidence: 0.8)
        #expect(rows.map(\.id) == [1, 2, 3])
        // The same rows as filtering in memory with the contract's own predicate.
        for f in [try ExportFilters(dateFrom: "2025-10-02"), try ExportFilters(source: "server"), try ExportFilters(validationStatus: "valid")] {
            #expect(try store.exportRows(f, acceptableConfidence: 0.8).map(\.serial) == rows.filter { f.matches($0) }.map(\.serial))
        }
    }

    @Test func exportSpansRunsImagesAsServerRowsAcrossRuns() throws {
        let store = try storeWithReads()
        let h = StoreFixtures.header(digest: "aaaa", day: 0, images: 2)
        try StoreFixtures.record(store, h, ["C02X00000Q6L", nil])
        let h2 = StoreFixtures.header(digest: "aaaa", day: 1, images: 1)
        try StoreFixtures.record(store, h2, ["C02X00000Q6L"])
        let all = try store.exportRows(.none, acceptableConfidence: 0.8)
        #expect(all.count == 6)
        let images = all.filter { $0.notes.hasPrefix("run: ") }
        #expect(images.count == 3 && images.allSatisfy { $0.source == "server" })
        #expect(images.first?.notes.contains("truth: C02X00000Q6L (match)") == true)
        #expect(try store.exportRows(ExportFilters(source: "ios"), acceptableConfidence: 0.8).count == 1)
        #expect(try store.exportRows(ExportFilters(source: "server"), acceptableConfidence: 0.8).count == 4)
        #expect(all.map(\.timestamp) == all.map(\.timestamp).sorted())
        #expect(try store.databaseRecordCount() == 6)
    }

    @Test func jobsSurviveAReopenAndUnfinishedOnesAreFailed() throws {
        let store = try StoreFixtures.store()
        let t = Date(timeIntervalSince1970: 1_760_000_000)
        try store.saveJob(StoredJob(id: "done", status: .completed, progress: 100, message: "ok", createdAt: t, updatedAt: t,
                                    results: .object([("total_detected", .int(1))])))
        try store.saveJob(StoredJob(id: "queued", status: .queued, progress: 0, message: "queued", createdAt: t.addingTimeInterval(1), updatedAt: t))
        var working = StoredJob(id: "working", status: .queued, progress: 0, message: "queued", createdAt: t.addingTimeInterval(2), updatedAt: t)
        try store.saveJob(working)
        working.status = .processing; working.progress = 40
        try store.saveJob(working)
        // The server restarts: a new process opens the same file.
        let reopened = try RunStore(path: store.path)
        let failed = try reopened.failUnfinishedJobs(at: t.addingTimeInterval(10))
        #expect(failed.map(\.id).sorted() == ["queued", "working"])
        let jobs = try reopened.jobs()
        #expect(jobs.map(\.id) == ["done", "queued", "working"])
        #expect(jobs[0].status == .completed && jobs[0].resultsJSON?["total_detected"] == .int(1))
        #expect(jobs[1].status == .failed && jobs[1].error == RunStore.interruptedJobMessage)
        #expect(jobs[2].status == .failed && jobs[2].progress == 40)
        #expect(try reopened.failUnfinishedJobs().isEmpty)
        #expect(try reopened.deleteFinishedJobs(updatedBefore: t.addingTimeInterval(5)) == 1)
        #expect(try reopened.job("done") == nil)
        #expect(try reopened.deleteJob("queued"))
        #expect(try reopened.jobs().map(\.id) == ["working"])
    }
}
