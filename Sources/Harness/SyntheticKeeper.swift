import Evaluation
import Foundation
import Synthesis

/// Writes a synthetic run's images into a folder as the workers draw them (`--keep DIR`), and
/// at the end the labels.csv, so the folder holds exactly what `scanbench generate` writes for
/// the same kind, seed, count and capture. Images a resumed run does not draw again (they were
/// recorded by the stopped run) are drawn once more at the end, so the folder is complete.
final class SyntheticKeeper: @unchecked Sendable {
    private let set: SyntheticSet
    private let folder: URL
    private let lock = NSLock()
    /// labels.csv fields by image index, for the images written so far.
    private var rows: [Int: [String]] = [:]

    /// The folder or a file in it could not be written.
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Creates `folder` if needed.
    init(set: SyntheticSet, folder: URL) throws {
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw Failed(description: "cannot create \(folder.path) for --keep: \(error.localizedDescription)")
        }
        self.set = set
        self.folder = folder
    }

    /// Writes image `index` (from any worker thread) and remembers its labels row.
    func keep(_ sample: GeneratedSample, index: Int) throws {
        let url = folder.appendingPathComponent(sample.filename)
        do { try sample.jpeg.write(to: url) } catch {
            throw Failed(description: "cannot write \(url.path): \(error.localizedDescription)")
        }
        lock.lock(); rows[index] = sample.fields; lock.unlock()
    }

    /// Draws the images not written yet, then writes labels.csv in image order.
    func finish() throws {
        lock.lock(); var rows = self.rows; lock.unlock()
        let missing = (0..<set.count).filter { rows[$0] == nil }
        let generator = try DatasetGenerator(kind: set.kind, seed: set.seed, capture: set.capture)
        for i in missing {
            let sample = try generator.sample(at: i)
            try keep(sample, index: i)
            rows[i] = sample.fields
        }
        var csv = CSV.line(generator.csvHeader) + "\n"
        for i in 0..<set.count { csv += CSV.line(rows[i] ?? []) + "\n" }
        let url = folder.appendingPathComponent("labels.csv")
        do { try Data(csv.utf8).write(to: url) } catch {
            throw Failed(description: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
