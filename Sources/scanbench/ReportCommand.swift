import ArgumentParser
import Evaluation
import Foundation
import Harness
import Imaging
import Reporting

/// `scanbench report`: re-renders every report of a finished run from its per-image record.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-render a run's reports (JSON, CSV, XLSX, HTML, JUnit, Markdown) from its record.",
        discussion: """
        Every report is a rendering of RUN.records.jsonl, so they never disagree. The run's \
        settings come from RUN.json when it is next to the record (or given with --json). \
        Every image in the HTML report gets a thumbnail when the images are still at the dataset \
        path (--no-images: none), beside the crops its answer was read from, kept in the record.
        """)

    @Option(name: .customLong("record"), help: "The run's per-image record, RUN.records.jsonl, or the folder evaluate wrote (its newest run).")
    var record: String?

    @Option(name: .long, help: "The run's JSON summary (settings; its records file must sit next to it).")
    var json: String?

    @Option(name: .long, help: "Output folder (default: the run's folder; files keep the run's stem).")
    var out: String?

    @Option(name: .long, help: "Comma-separated renderings besides the JSON: \(ReportWriter.Format.allCases.map(\.rawValue).joined(separator: ",")).")
    var formats: String = ReportWriter.Format.allCases.map(\.rawValue).joined(separator: ",")

    @Flag(name: .long, help: "No thumbnails in the HTML report.")
    var noImages = false

    @Option(name: .long, help: "Where the images are, for thumbnails and the manifest (default: the run's dataset).")
    var dataset: String?

    func validate() throws {
        guard record != nil || json != nil else { throw ValidationError("give --record RUN.records.jsonl or --json RUN.json") }
        _ = try parsedFormats()
    }

    private func parsedFormats() throws -> Set<ReportWriter.Format> {
        var set: Set<ReportWriter.Format> = []
        for name in formats.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let f = ReportWriter.Format(rawValue: name) else {
                throw ValidationError("unknown format '\(name)'; choose from \(ReportWriter.Format.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            set.insert(f)
        }
        return set
    }

    func run() throws {
        Leptonica.silenceMessages()
        let inputs = try RunLocator.archiveInputs(record: record, json: json)
        let run = try RunArchive.load(records: inputs.records, json: inputs.json)
        let root = URL(fileURLWithPath: dataset ?? run.summary.info.dataset)
        let paths = out.map { ReportPaths(folder: URL(fileURLWithPath: $0), stem: run.paths.stem) } ?? run.paths
        let written = try ReportWriter.write(run.summary, paths: paths, options: .init(
            formats: try parsedFormats(), thumbnail: noImages ? nil : RunPictures.thumbnailer(datasetRoot: root), datasetRoot: root))
        for url in [written.json, written.csv, written.xlsx, written.html, written.junit, written.markdown].compactMap({ $0 })
        where FileManager.default.fileExists(atPath: url.path) {
            print(url.path)
        }
    }
}
