import Evaluation
import Foundation

/// Writes every report of a finished run from its records. The one place the CLI (and later
/// the server) calls, so each output is a rendering of the same records.
public enum ReportWriter {
    /// The renderings a run can write; the JSON summary is always written.
    public enum Format: String, CaseIterable, Sendable {
        case csv, xlsx, html, junit, markdown
    }

    /// What to write and with which environment facts.
    public struct Options: Sendable {
        /// Renderings besides the JSON summary (all by default).
        public var formats: Set<Format>
        /// Thumbnails for misses in the HTML report (JPEG bytes), `nil` for none.
        public var thumbnail: HTMLReport.Thumbnailer?
        /// The machine recorded in the JSON (`machine`).
        public var machine: MachineInfo
        /// Where the images are, for the dataset manifest; default: the run's dataset folder.
        public var datasetRoot: URL?
        /// The XLSX settings (filters none, `Generated At` now).
        public var xlsx: XLSXReport.Options

        public init(formats: Set<Format> = Set(Format.allCases), thumbnail: HTMLReport.Thumbnailer? = nil,
                    machine: MachineInfo = .current, datasetRoot: URL? = nil, xlsx: XLSXReport.Options = XLSXReport.Options()) {
            self.formats = formats; self.thumbnail = thumbnail; self.machine = machine
            self.datasetRoot = datasetRoot; self.xlsx = xlsx
        }
    }

    /// What was written.
    public struct Written: Sendable {
        public var json: URL
        public var csv: URL
        /// The JSON summary as written.
        public var summary: JSONValue
        public var html: URL?
        public var junit: URL?
        public var markdown: URL?
        public var xlsx: URL?
        /// Renderings that could not be written (`format: reason`); the summary still was.
        public var failures: [String] = []
    }

    /// Writes the `/evaluate` JSON summary, the per-image CSV and every other rendering
    /// (XLSX, HTML, JUnit, Markdown) next to each other with the same stem, each atomically.
    public static func writeEvaluate(_ summary: EvaluationSummary, paths: ReportPaths) throws -> Written {
        try write(summary, paths: paths, options: Options())
    }

    /// Writes the renderings chosen in `options`. The CSV and the JSON summary are the
    /// contract's outputs: their failure throws. A failure of another rendering is reported in
    /// `Written.failures` and never costs the run its summary. The JSON is written last, so its
    /// presence means the others are complete.
    public static func write(_ summary: EvaluationSummary, paths: ReportPaths, options: Options) throws -> Written {
        let f = options.formats
        var written = Written(json: paths.json, csv: paths.csv, summary: .null)
        if f.contains(.csv) { try AtomicFile.write(PerImageCSV.render(summary.records), to: paths.csv) }
        func attempt(_ format: Format, _ url: URL, _ body: () throws -> Void) -> URL? {
            guard f.contains(format) else { return nil }
            do { try body(); return url } catch {
                written.failures.append("\(format.rawValue): \(error)")
                return nil
            }
        }
        written.xlsx = attempt(.xlsx, paths.xlsx) { try XLSXReport.write(summary, to: paths.xlsx, options: options.xlsx) }
        written.html = attempt(.html, paths.html) { try AtomicFile.write(HTMLReport.render(summary, thumbnail: options.thumbnail), to: paths.html) }
        written.junit = attempt(.junit, paths.junit) { try AtomicFile.write(JUnitReport.render(summary), to: paths.junit) }
        written.markdown = attempt(.markdown, paths.markdown) { try AtomicFile.write(MarkdownReport.render(summary), to: paths.markdown) }
        var done = options
        done.formats = Set(f.filter { format in
            switch format {
            case .csv: true
            case .xlsx: written.xlsx != nil
            case .html: written.html != nil
            case .junit: written.junit != nil
            case .markdown: written.markdown != nil
            }
        })
        let json = summaryJSON(summary, paths: paths, options: done)
        try AtomicFile.write(json.serialized() + "\n", to: paths.json)
        written.summary = json
        return written
    }

    /// The `/evaluate` JSON: the contract's keys in order, the lead's additive fields, then
    /// issue 6's metrics and environment facts.
    public static func summaryJSON(_ summary: EvaluationSummary, paths: ReportPaths, options: Options = Options()) -> JSONValue {
        var extra = summary.additiveMetricsJSON
        // `permit` stays last; the environment facts go before it.
        let permit = extra.last?.0 == "permit" ? extra.removeLast() : nil
        extra.append(("dataset_manifest", manifest(summary, root: options.datasetRoot).json))
        extra.append(("machine", options.machine.json))
        var reports: [(String, JSONValue)] = [("records", .string(paths.records.path))]
        let f = options.formats
        if f.contains(.xlsx) { reports.append(("xlsx", .string(paths.xlsx.path))) }
        if f.contains(.html) { reports.append(("html", .string(paths.html.path))) }
        if f.contains(.junit) { reports.append(("junit", .string(paths.junit.path))) }
        if f.contains(.markdown) { reports.append(("markdown", .string(paths.markdown.path))) }
        extra.append(("reports", .object(reports)))
        extra.append(contentsOf: summary.legibilityAndOriginJSON)
        if let permit { extra.append(permit) }
        return summary.json(csvPath: paths.csv.path, summaryPath: paths.json.path, extra: extra)
    }

    /// The manifest of the images a run read, sizes from the files under `root` (by default
    /// the run's dataset folder). A synthetic set was drawn in memory: it has no files (sizes
    /// -1, all `missing`), whatever the current folder holds, so a run and the merge of its
    /// shards agree; the summary's `synthetic` object identifies the set instead.
    static func manifest(_ summary: EvaluationSummary, root: URL?) -> DatasetManifest {
        if summary.info.synthetic != nil {
            return DatasetManifest(relativePaths: summary.records.map(\.relativePath)) { _ in nil }
        }
        return DatasetManifest(records: summary.records, root: root ?? URL(fileURLWithPath: summary.info.dataset))
    }
}
