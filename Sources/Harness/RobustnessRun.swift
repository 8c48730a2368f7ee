import Evaluation
import Foundation
import Imaging
import Reporting

/// `scanbench robustness`: the dataset evaluated once clean and once per perturbation and
/// severity, each level an `EvaluateRun` of its own (workers, shards, resume, progress) whose
/// images are perturbed in memory as the workers read them.
///
/// Layout: `OUT/robustness_<dataset>_<preset>[_shardKofN]/` holds one folder per level
/// (`clean`, `blur_2`, `jpeg_20`, `client-compression`, …) with that level's record and JSON +
/// CSV summary, and the robustness reports `robustness.json/.csv/.md/.html`. A level whose
/// finished record was made with the same settings (seed included) is not read again, so a
/// stopped run resumes where it stopped, level by level and inside the level.
public struct RobustnessRun: Sendable {
    /// How the run reads and where it writes.
    public struct Options: Sendable {
        /// The parent of the run's folder.
        public var out: URL
        public var workers: Int
        public var maxPixels: Int
        public var version: String
        public var shard: Shard = .all
        /// Discard unfinished and finished records of these levels and read them all again.
        public var fresh = false
        public var minConfidence: Double?
        /// The perturbations' seed: the same seed gives the same pixels, so the same figures.
        public var seed: UInt64 = 1
        public var plan: PerturbationPlan = .defaultSuite

        public init(out: URL, workers: Int, maxPixels: Int, version: String) {
            self.out = out
            self.workers = workers
            self.maxPixels = maxPixels
            self.version = version
        }
    }

    /// The run's reports.
    public struct Written: Sendable {
        public var json: URL
        public var csv: URL
        public var markdown: URL
        public var html: URL
        /// The summary JSON as written: the clean run's `/evaluate` summary plus `robustness`.
        public var summary: JSONValue
    }

    /// How `execute` ended.
    public enum Outcome: Sendable {
        case finished(RobustnessSummary, Written)
        /// Stopped inside `level` (`nil`: the clean run); its partial record holds `recorded` images.
        case stopped(level: PerturbationLevel?, recorded: Int)
    }

    /// A level's set-up, or the records a finished run of it left.
    public struct Level: Sendable {
        public var level: PerturbationLevel?
        public var evaluation: EvaluateRun
        /// A finished record with the same settings, when there is one (and not `fresh`).
        public var finished: URL?
        /// Pictures of what the reader got, as the level's workers perturb the images.
        let pictures: PictureShelf
    }

    public let setup: RunSetup
    public let options: Options
    /// `OUT/robustness_<dataset>_<preset>[_shardKofN]`.
    public let folder: URL
    /// Clean first, then every level of the plan.
    public let levels: [Level]

    /// The folder name of a level.
    public static func folderName(_ level: PerturbationLevel?) -> String { level?.id ?? "clean" }

    /// The header setting that names a record's level (`none` for the clean run).
    public static let levelSetting = "perturbation"
    /// The header setting that holds the perturbations' seed.
    public static let seedSetting = "perturbation_seed"

    /// Prepares every level: finds finished records to reuse, checks unfinished ones.
    public init(setup: RunSetup, options: Options) throws {
        self.setup = setup
        self.options = options
        let shard = options.shard
        folder = options.out.appendingPathComponent(
            "robustness_\(setup.datasetBaseName)_\(setup.preset.name)" + (shard.count > 1 ? "_shard\(shard.index)of\(shard.count)" : ""))
        let uprightByExif = setup.preset == .permit
        var levels: [Level] = []
        for level in [nil] + options.plan.levels.map(Optional.some) {
            var o = EvaluateRun.Options(out: folder.appendingPathComponent(Self.folderName(level)), workers: options.workers,
                                        maxPixels: options.maxPixels, version: options.version)
            o.shard = shard
            o.fresh = options.fresh
            o.minConfidence = options.minConfidence
            o.reportFormats = [.csv]
            o.collectCrops = false
            // The seed matters only to perturbed levels: the clean run is reused across seeds.
            o.extraSettings = [Self.levelSetting: level?.description ?? "none"]
            if level != nil { o.extraSettings[Self.seedSetting] = String(options.seed) }
            let pictures = PictureShelf()
            if let level {
                let (seed, maxPixels) = (options.seed, options.maxPixels)
                o.makeSource = { PerturbedSource(level: level, seed: seed, uprightByExif: uprightByExif, maxPixels: maxPixels, pictures: pictures) }
            }
            let evaluation = try EvaluateRun(setup: setup, options: o)
            let finished = options.fresh ? nil : Self.finishedRecord(in: o.out, matching: evaluation)
            levels.append(Level(level: level, evaluation: evaluation, finished: finished, pictures: pictures))
        }
        self.levels = levels
    }

    /// The newest complete record in `folder` written with `evaluation`'s settings.
    public static func finishedRecord(in folder: URL, matching evaluation: EvaluateRun) -> URL? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.filter({ $0.hasSuffix(".records.jsonl") }).sorted().reversed() {
            let url = folder.appendingPathComponent(name)
            guard let record = try? RecordLog.load(url), let header = record.header,
                  header.resumeConflict(with: evaluation.header) == nil,
                  Set(record.records.map(\.relativePath)) == Set(evaluation.items.map(\.relativePath)) else { continue }
            return url
        }
        return nil
    }

    /// Runs every level not finished yet, in order. `onLevel` is called before each level
    /// (its index, and whether a finished record is reused); `onRecord` for every image read.
    public func execute(shouldStop: @escaping @Sendable () -> Bool = { false },
                        onLevel: (Int, Level) -> Void = { _, _ in },
                        onRecord: @escaping @Sendable (SampleRecord) -> Void = { _ in }) throws -> Outcome {
        var summaries: [(PerturbationLevel?, EvaluationSummary, URL)] = []
        let shown = BrokenPictures()
        for (i, l) in levels.enumerated() {
            onLevel(i, l)
            if let url = l.finished {
                let record = try RecordLog.load(url)
                summaries.append((l.level, EvaluationSummary(info: record.header?.info ?? l.evaluation.header.info, records: record.records), url))
                continue
            }
            switch try l.evaluation.execute(shouldStop: shouldStop, onRecord: onRecord) {
            case .stopped(let recorded):
                return .stopped(level: l.level, recorded: recorded)
            case .finished(let summary, let written):
                summaries.append((l.level, summary, ReportPaths(sibling: written.json).records))
                if let level = l.level, let clean = summaries.first(where: { $0.0 == nil })?.1 {
                    shown.keep(l.pictures.takeAll(), brokenIn: summary, level: level, clean: clean)
                }
            }
        }
        let (summary, written) = try Self.report(summaries, seed: options.seed, folder: folder, datasetRoot: setup.root,
                                                 uprightByExif: setup.preset == .permit, maxPixels: options.maxPixels, pictures: shown)
        return .finished(summary, written)
    }

    /// Writes the robustness reports of `levels` (the clean run first) into `folder`.
    static func report(_ levels: [(PerturbationLevel?, EvaluationSummary, URL)], seed: UInt64, folder: URL, datasetRoot: URL,
                       uprightByExif: Bool, maxPixels: Int, pictures: BrokenPictures = BrokenPictures()) throws -> (RobustnessSummary, Written) {
        guard let clean = levels.first(where: { $0.0 == nil }) else {
            throw Refused(description: "no finished clean run in \(folder.path): the robustness figures are measured against it")
        }
        let perturbed = levels.compactMap { l in l.0.map { (level: $0, summary: l.1) } }
        let summary = RobustnessSummary(clean: clean.1, perturbed: perturbed, seed: seed)
        var json = ReportWriter.summaryJSON(clean.1, paths: ReportPaths(sibling: clean.2), options: .init(formats: [.csv]))
        if case .object(var fields) = json {
            fields.append(("robustness", summary.json))
            json = .object(fields)
        }
        let written = Written(json: folder.appendingPathComponent("robustness.json"), csv: folder.appendingPathComponent("robustness.csv"),
                              markdown: folder.appendingPathComponent("robustness.md"), html: folder.appendingPathComponent("robustness.html"),
                              summary: json)
        let thumbnail: RobustnessReport.Thumbnailer = { broken in
            // Kept as the level ran; a level finished by an earlier run is perturbed again.
            if let kept = pictures.picture(broken.relativePath, level: broken.level) { return kept }
            return Self.thumbnail(datasetRoot.appendingPathComponent(broken.relativePath), level: broken.level, seed: seed,
                      relativePath: broken.relativePath, uprightByExif: uprightByExif, maxPixels: maxPixels)
        }
        try AtomicFile.write(RobustnessReport.csv(summary), to: written.csv)
        try AtomicFile.write(RobustnessReport.markdown(summary), to: written.markdown)
        try AtomicFile.write(RobustnessReport.html(summary, thumbnail: thumbnail), to: written.html)
        try AtomicFile.write(json.serialized() + "\n", to: written.json)
        return (summary, written)
    }

    /// A small JPEG of the image at `url` perturbed at `level` (longest side ≤ `longestSide`),
    /// or `nil` when it cannot be made.
    public static func thumbnail(_ url: URL, level: PerturbationLevel, seed: UInt64, relativePath: String, uprightByExif: Bool,
                                 maxPixels: Int) -> Data? {
        guard let data = try? Data(contentsOf: url),
              let made = try? PerturbedImage.make(data, level: level, seed: seed, relativePath: relativePath,
                                                  uprightByExif: uprightByExif, maxPixels: maxPixels, thumbnail: true) else { return nil }
        return made.thumbnail
    }

    /// Robustness folders that cannot make a report.
    public struct Refused: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The robustness reports of one or more robustness folders (a sharded run's, or one run's
    /// again): each level's records are merged across the folders, as `scanbench merge` does,
    /// and the reports written into `out`.
    public static func merge(folders: [URL], out: URL, allowPartial: Bool) throws -> (RobustnessSummary, Written) {
        var parts: [String: [RunRecord]] = [:]
        for folder in folders {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir), isDir.boolValue else {
                throw Refused(description: "\(folder.path) is not a folder; give the robustness_<dataset>_<preset> folders a run wrote")
            }
            let subfolders = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            var found = 0
            for sub in subfolders.sorted() {
                let dir = folder.appendingPathComponent(sub)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                // The newest finished record of each level folder.
                guard let name = names.filter({ $0.hasSuffix(".records.jsonl") }).sorted().last else { continue }
                let url = dir.appendingPathComponent(name)
                let record: RunRecord
                do { record = try RecordLog.load(url) } catch {
                    throw Refused(description: "cannot read record \(url.path): \(error.localizedDescription)")
                }
                guard let setting = record.header?.settings[levelSetting] else {
                    throw Refused(description: "\(url.path) is not a robustness level's record (its header has no \(levelSetting) setting)")
                }
                parts[setting, default: []].append(record)
                found += 1
            }
            if found == 0 {
                throw Refused(description: "\(folder.path) holds no level records (clean/, blur_1/, …); give the folder `scanbench robustness` wrote")
            }
        }
        var levels: [(PerturbationLevel?, EvaluationSummary, URL)] = []
        var seed: UInt64?
        for (setting, records) in parts {
            let level: PerturbationLevel?
            if setting == "none" { level = nil } else {
                guard let parsed = try? PerturbationPlan(parsing: [setting]).levels.first else {
                    throw Refused(description: "unknown level '\(setting)' in \(records.first?.source ?? "a record")")
                }
                level = parsed
            }
            let merged: RecordMerge.Merged
            do { merged = try RecordMerge.merge(records, allowPartial: allowPartial) } catch {
                throw Refused(description: "level \(folderName(level)): \(error.description)")
            }
            let levelSeed = merged.header.settings[seedSetting].flatMap(UInt64.init)
            if let s = seed, let levelSeed, s != levelSeed {
                throw Refused(description: "the folders mix perturbation seeds (\(s) and \(levelSeed)): they are not one run")
            }
            seed = seed ?? levelSeed
            let dir = out.appendingPathComponent(folderName(level))
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let paths = RunSetup.freshPaths(folder: dir, name: RunSetup.reportBaseName(of: merged.info), date: merged.info.startedAt)
            let summary = EvaluationSummary(info: merged.info, records: merged.records)
            _ = try ReportWriter.write(summary, paths: paths, options: .init(formats: [.csv]))
            let log = try RecordLog(url: paths.records, header: merged.header)
            for r in merged.records { try log.append(r) }
            log.flush()
            levels.append((level, summary, paths.records))
        }
        levels.sort { a, b in order(a.0).lexicographicallyPrecedes(order(b.0)) }
        let root = levels.first.map { URL(fileURLWithPath: $0.1.info.dataset) } ?? out
        let permit = levels.first?.1.info.preset == "permit"
        return try report(levels, seed: seed ?? 1, folder: out, datasetRoot: root, uprightByExif: permit, maxPixels: Image.defaultMaxPixels)
    }

    /// Clean first, then perturbations in their declared order, each ladder mild → severe.
    static func order(_ level: PerturbationLevel?) -> [Double] {
        guard let level else { return [-1, 0] }
        let index = Double(Perturbation.allCases.firstIndex(of: level.perturbation) ?? 0)
        return [index, level.severity.map { level.perturbation.harm($0) } ?? 0]
    }

    /// Writes every perturbed level of the dataset as image files: `DIR/<level>/…` with its
    /// labels.csv (file names changed where PNM became PNG), so `scanbench evaluate` can read
    /// the same images from disk. Returns the level folders written.
    public func writeImages(to dir: URL) throws -> [URL] {
        let labelsURL = setup.root.appendingPathComponent("labels.csv")
        let labelsText = try? String(contentsOf: labelsURL, encoding: .utf8)
        var written: [URL] = []
        for l in levels {
            guard let level = l.level else { continue }
            let target = dir.appendingPathComponent(Self.folderName(level))
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            var renamed: [String: String] = [:]
            for item in l.evaluation.items {
                let data: Data
                do { data = try Data(contentsOf: item.url) } catch { continue }
                var name = item.relativePath
                var bytes = data
                if let made = try PerturbedImage.make(data, level: level, seed: options.seed, relativePath: item.relativePath,
                                                      uprightByExif: setup.preset == .permit, maxPixels: options.maxPixels) {
                    let file = try PerturbedImage.asFile(made.encoded)
                    bytes = file.data
                    name = (item.relativePath as NSString).deletingPathExtension + "." + file.fileExtension
                }
                let url = target.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: url)
                renamed[item.relativePath] = name
                renamed[(item.relativePath as NSString).lastPathComponent] = (name as NSString).lastPathComponent
            }
            if let labelsText {
                var rows = CSV.parse(labelsText)
                let column = rows.first?.firstIndex(of: "filename") ?? 0
                for i in rows.indices.dropFirst() where column < rows[i].count {
                    rows[i][column] = renamed[rows[i][column]] ?? rows[i][column]
                }
                try Data(rows.map(CSV.line).joined(separator: "\n").appending("\n").utf8).write(to: target.appendingPathComponent("labels.csv"))
            }
            written.append(target)
        }
        return written
    }
}

/// The pictures a robustness report shows: per perturbation, those of the first
/// `RobustnessReport.brokenListed` images that broke, in the order `RobustnessSummary` lists
/// them (ladder order, then relative path), kept as each level finishes.
final class BrokenPictures: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: Data] = [:]
    private var seen: [Perturbation: Set<String>] = [:]

    /// Keeps, from a finished level's `pictures`, those of images right on `clean` that broke here first.
    func keep(_ pictures: [String: Data], brokenIn summary: EvaluationSummary, level: PerturbationLevel, clean: EvaluationSummary) {
        let permit = clean.permitSummary != nil
        let right = Set(clean.records.filter { RobustnessSummary.isRight($0, permit: permit) }.map(\.relativePath))
        lock.lock(); defer { lock.unlock() }
        var broke = seen[level.perturbation] ?? []
        for r in summary.records where right.contains(r.relativePath) && !broke.contains(r.relativePath) && !RobustnessSummary.isRight(r, permit: permit) {
            if broke.count < RobustnessReport.brokenListed, let p = pictures[r.relativePath] { kept[level.id + "|" + r.relativePath] = p }
            broke.insert(r.relativePath)
        }
        seen[level.perturbation] = broke
    }

    func picture(_ path: String, level: PerturbationLevel) -> Data? {
        lock.lock(); defer { lock.unlock() }
        return kept[level.id + "|" + path]
    }
}
