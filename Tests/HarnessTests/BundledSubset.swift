import Foundation
import TestSupport

/// A temporary folder of symlinks to a few of the repository's own synthetic images
/// (`Datasets/synthetic/<kind>`), with a `labels.csv` written here: `filename,serial` for the
/// serial kinds, `filename,permit_number,kind` for permits.
enum BundledSubset {
    /// The first `count` images of `kind`, as `(folder, the images' names)`.
    static func make(_ kind: String, count: Int, in parent: URL? = nil, name: String? = nil) throws -> URL {
        let source = Fixtures.bundled(kind)
        let folder = (try parent ?? Fixtures.tempDir("scanbench-harness")).appendingPathComponent(name ?? kind)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let permit = kind == "permit"
        let column = permit ? "permit_number" : "serial"
        let truth = try Fixtures.labels(source, column: column)
        let names = truth.keys.sorted().prefix(count)
        var csv = permit ? "filename,permit_number,kind\n" : "filename,serial\n"
        for n in names {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(n), withDestinationURL: source.appendingPathComponent(n))
            csv += permit ? "\(n),\(truth[n] ?? ""),permit\n" : "\(n),\(truth[n] ?? "")\n"
        }
        try csv.write(to: folder.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        return folder
    }
}

/// Counts calls from any thread; `stopAfter` turns it into a stop request after N records.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    private var seen: [String] = []
    let stopAfter: Int?

    init(stopAfter: Int? = nil) { self.stopAfter = stopAfter }

    func record(_ path: String) { lock.lock(); n += 1; seen.append(path); lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
    var paths: [String] { lock.lock(); defer { lock.unlock() }; return seen }
    var shouldStop: Bool { guard let stopAfter else { return false }; return count >= stopAfter }
}
