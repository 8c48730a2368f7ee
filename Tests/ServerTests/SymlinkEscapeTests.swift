import Evaluation
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Server
import Testing

/// An image reached through a symlink inside the datasets root must resolve inside it too.
@Suite("Symlink escape inside the datasets root")
struct SymlinkEscapeTests {
    /// `serials/` gains a link to a file outside the root and a link to a folder outside it.
    static func sandbox() throws -> ServerSandbox {
        let s = try PathTraversalTests.hostileSandbox()
        let fm = FileManager.default
        let evil = s.base.appendingPathComponent("Datasets-evil")
        try fm.createDirectory(at: evil.appendingPathComponent("more"), withIntermediateDirectories: true)
        try TinyImages.png.write(to: evil.appendingPathComponent("more/serial_LEAKEDSERIAL1.png"))
        try TinyImages.png.write(to: evil.appendingPathComponent("serial_LEAKEDSERIAL2.png"))
        let serials = s.root.appendingPathComponent("serials")
        try fm.createSymbolicLink(atPath: serials.appendingPathComponent("serial_LEAKEDSERIAL2.png").path,
                                  withDestinationPath: "../../Datasets-evil/serial_LEAKEDSERIAL2.png")
        try fm.createSymbolicLink(at: serials.appendingPathComponent("outside"), withDestinationURL: evil.appendingPathComponent("more"))
        // A link that stays inside the root is read as before.
        try fm.createSymbolicLink(atPath: serials.appendingPathComponent("serial_INSIDE1.png").path,
                                  withDestinationPath: "serial_C02Y94ZEJG5H.png")
        return s
    }

    @Test func filesResolvingOutsideTheRootAreErrorRowsNeverRead() async throws {
        let sandbox = try Self.sandbox()
        let seen = SeenItems()
        var config = try sandbox.config()
        config.makeEvaluationReader = { _ in RecordingReader(seen) }
        try await withRoutes(config) { client in
            let r = try await client.execute(uri: "/evaluate?dir=serials", method: .get)
            #expect(r.status == .ok, "\(r.text)")
            #expect(r.json["total"]?.number == 6)
            #expect(r.json["errors"]?.number == 2)
            let csv = try String(contentsOfFile: try #require(r.json["csv_path"]?.string), encoding: .utf8)
            let rows = csv.split(separator: "\n").map(String.init)
            for name in ["serial_LEAKEDSERIAL1.png", "serial_LEAKEDSERIAL2.png"] {
                let row = try #require(rows.first { $0.contains(name) }, "\(name) has a row")
                #expect(row.contains("ERROR:") && row.contains("outside the datasets root"), "\(row)")
                #expect(!row.contains(",LEAKEDSERIAL"), "nothing read from it: \(row)")
            }
            #expect(!csv.contains("LEAKEDSERIAL1@") && !csv.contains("LEAKEDSERIAL2@"))
        }
        let read = seen.names
        #expect(!read.contains { $0.contains("LEAKED") }, "the reader never saw them: \(read)")
        #expect(read.contains("serial_INSIDE1.png") && read.contains("serial_C02Y94ZEJG5H.png"), "\(read)")
    }

    @Test func aLabelsFileLinkedFromOutsideIsRefused() async throws {
        let sandbox = try Self.sandbox()
        let folder = sandbox.root.appendingPathComponent("linked-labels")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TinyImages.png.write(to: folder.appendingPathComponent("serial_A.png"))
        let outside = sandbox.base.appendingPathComponent("Datasets-evil/labels.csv")
        try "filename,serial\nserial_A.png,SECRETLABEL\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("labels.csv"), withDestinationURL: outside)
        try await withRoutes(try sandbox.config()) { client in
            let r = try await client.execute(uri: "/evaluate?dir=linked-labels", method: .get)
            expectError(r, .forbidden, "PATH_OUTSIDE_ROOT")
            #expect(!r.text.contains("SECRETLABEL"))
        }
    }
}

/// Names of the files an evaluation reader was asked to read.
final class SeenItems: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ name: String) { lock.lock(); items.append(name); lock.unlock() }
    var names: [String] { lock.lock(); defer { lock.unlock() }; return items }
}

/// `FakeSampleReader`, recording each file it reads.
final class RecordingReader: SampleReader {
    let seen: SeenItems
    let inner = FakeSampleReader()
    init(_ seen: SeenItems) { self.seen = seen }
    func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        seen.add(item.url.lastPathComponent)
        return inner.read(item, label: label)
    }
    func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome { read(item, label: label) }
}
