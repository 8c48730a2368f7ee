import ArgumentParser
import Foundation
import RunStore

/// Where a run is recorded in the run history (`evaluate`, `merge`, `robustness`).
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The run history store (SQLite) this run is recorded in. Default: OUT/history.sqlite.")
    var store: String?

    @Flag(name: .customLong("no-store"), help: "Do not record this run in the run history.")
    var noStore = false

    func validate() throws {
        if noStore && store != nil { throw ValidationError("--store and --no-store contradict each other: give one") }
    }

    /// The store's path for a run writing into `out`, `nil` with `--no-store`.
    func path(out: String) -> String? {
        noStore ? nil : store ?? URL(fileURLWithPath: out).appendingPathComponent(RunStore.defaultFileName).path
    }

    /// A recorder into the store; one that cannot be opened warns on stderr and records nothing.
    func recorder(out: String) -> RunRecorder {
        RunRecorder.open(path: path(out: out)) { FileHandle.standardError.write(Data("warning: \($0)\n".utf8)) }
    }
}
