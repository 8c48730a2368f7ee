import ArgumentParser
import Evaluation
import Foundation
import Reporting

/// `scanbench baseline`: save and list named baselines for `compare --baseline NAME`.
struct Baseline: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save and list named baselines (Reports/baselines/NAME.json).",
        subcommands: [Save.self, List.self])

    /// `scanbench baseline save NAME --from RUN.json`.
    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a run's summary as a named baseline.")

        @Argument(help: "Baseline name (letters, digits, . _ -).")
        var name: String

        @Option(name: .long, help: "The run's summary JSON (or its .records.jsonl).")
        var from: String

        @Option(name: .long, help: "Folder of the named baselines.")
        var baselinesDir: String = BaselineStore.defaultFolder

        @Flag(name: .long, help: "Replace a baseline of the same name.")
        var force = false

        func validate() throws {
            guard BaselineStore.validName(name) else {
                throw ValidationError("baseline name '\(name)' may only hold letters, digits, '.', '_' and '-'")
            }
        }

        func run() throws {
            let store = BaselineStore(folder: URL(fileURLWithPath: baselinesDir))
            let target = store.url(name)
            if FileManager.default.fileExists(atPath: target.path) && !force {
                throw ValidationError("baseline '\(name)' already exists at \(target.path); pass --force to replace it")
            }
            let summary = try BaselineStore.loadSummary(URL(fileURLWithPath: from))
            try AtomicFile.write(summary.serialized() + "\n", to: target)
            print(target.path)
        }
    }

    /// `scanbench baseline list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the named baselines.")

        @Option(name: .long, help: "Folder of the named baselines.")
        var baselinesDir: String = BaselineStore.defaultFolder

        func run() throws {
            let store = BaselineStore(folder: URL(fileURLWithPath: baselinesDir))
            for n in store.names() where n != "thresholds" {
                let s = try? BaselineStore.loadSummary(store.url(n))
                let acc = s?["accuracy_pct_overall"]?.number.map { String(format: "%.2f %%", $0) } ?? "?"
                print("\(n)\t\(s?["preset"]?.string ?? "?")\t\(s?["total"]?.number.map { String(Int($0)) } ?? "?") images\taccuracy \(acc)")
            }
        }
    }
}
