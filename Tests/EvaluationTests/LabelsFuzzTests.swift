import Evaluation
import Foundation
import Testing

/// Property-based fuzzing of the labels parser (issue 9): random and mutated CSV must never
/// crash, and well-formed fields must round-trip. The time budget is `SCANBENCH_FUZZ_SECONDS`
/// (default 2 s; `make fuzz` runs 60 s); the seed is `SCANBENCH_FUZZ_SEED` (default: random,
/// printed so a failure can be replayed).
@Suite("Labels fuzz")
struct LabelsFuzzTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["SCANBENCH_FUZZ_SECONDS"] ?? "") ?? 2
    static let seed = UInt64(ProcessInfo.processInfo.environment["SCANBENCH_FUZZ_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)

    /// Bytes that matter to the parser, weighted towards separators, quotes and line ends.
    static let alphabet: [UInt8] = Array("filename,serial,kind,permit_number\"\r\n ,,\"\"C02Y94ZEJG5Hab.jpg/é".utf8) + [0x00, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0xC3, 0x80]

    static func randomBytes(_ g: inout SeededGenerator) -> [UInt8] {
        let n = Int.random(in: 0...200, using: &g)
        return (0..<n).map { _ in alphabet.randomElement(using: &g) ?? 0 }
    }

    static func randomField(_ g: inout SeededGenerator) -> String {
        let chars = Array("abcXYZ019 ,\"\r\néß.-/")
        return String((0..<Int.random(in: 0...12, using: &g)).map { _ in chars.randomElement(using: &g) ?? "a" })
    }

    @Test func parserNeverCrashesAndFieldsRoundTrip() {
        var g = SeededGenerator(seed: Self.seed)
        let start = Date()
        var executions = 0
        while Date().timeIntervalSince(start) < Self.seconds {
            for _ in 0..<200 {
                executions += 1
                // 1. Arbitrary bytes: parse must return, every row must have a line number.
                let bytes = Self.randomBytes(&g)
                let labels = Labels.parse(String(decoding: bytes, as: UTF8.self))
                for row in labels.rows {
                    #expect(row.line >= 2)
                    #expect(!row.filename.isEmpty)
                    if let t = row.truth { #expect(t == t.uppercased() && t == t.trimmingCharacters(in: .whitespacesAndNewlines) && !t.isEmpty) }
                }
                _ = labels.audit(relativePaths: ["a.jpg", "sub/b.jpg"])

                // 2. Well-formed rows: CSV.line then CSV.parse gives the fields back.
                let fields = (0..<Int.random(in: 1...5, using: &g)).map { _ in Self.randomField(&g) }
                let parsed = CSV.parse(CSV.line(fields) + (Bool.random(using: &g) ? "\r\n" : "\n"))
                if fields != [""] {
                    #expect(parsed == [fields], "seed \(Self.seed): \(fields) → \(parsed)")
                }

                // 3. A labels file built from random names: every non-empty name is found.
                let names = (0..<3).map { _ in Self.randomField(&g).trimmingCharacters(in: .whitespaces) }
                let text = "filename,serial\n" + names.map { CSV.line([$0, "c02y94zejg5h "]) }.joined(separator: "\n")
                let l = Labels.parse(text)
                for n in names where !n.isEmpty && !n.contains(where: \.isNewline) {
                    #expect(l.rows.contains { $0.filename == n }, "seed \(Self.seed): \(n) lost")
                }
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        print("labels fuzz: \(executions) executions in \(String(format: "%.1f", elapsed)) s (seed \(Self.seed))")
    }
}
