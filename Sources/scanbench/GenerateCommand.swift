import ArgumentParser

/// `scanbench generate`: renders synthetic labelled datasets (owned by the Synthesis work).
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render a synthetic labelled dataset.")
    func run() throws {
        throw ValidationError("generate is not available in this build yet")
    }
}
