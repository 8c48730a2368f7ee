import Foundation
import ReadingCore
import Testing

/// Property-based fuzzing of the data-URI decoder (issue 9): arbitrary and mutated strings must
/// give a decoded image or a typed error, never a crash; a valid URI must round-trip. Budget:
/// `SCANBENCH_FUZZ_SECONDS` (default 2 s; `make fuzz` runs 60 s), seed `SCANBENCH_FUZZ_SEED`.
@Suite("Data URI fuzz")
struct DataURIFuzzTests {
    static let seconds = Double(ProcessInfo.processInfo.environment["SCANBENCH_FUZZ_SECONDS"] ?? "") ?? 2
    static let seed = UInt64(ProcessInfo.processInfo.environment["SCANBENCH_FUZZ_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)

    /// SplitMix64: a seeded generator so a failing case can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = ["data:", "image/jpeg", "image/png", ";base64", ",", "=", "==", "/", "+", "-", "_", " ", "\n", "%2B", "data:text/plain,", "AAAA", "/9j/", "iVBORw0KGgo", "é", "\u{0}"]

    @Test func decoderNeverCrashesAndValidURIsRoundTrip() {
        var g = SplitMix(state: Self.seed)
        let start = Date()
        var executions = 0
        let jpegHeader = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46])
        while Date().timeIntervalSince(start) < Self.seconds {
            for _ in 0..<200 {
                executions += 1
                // 1. Random concatenations of meaningful pieces and random bytes.
                var s = ""
                for _ in 0..<Int.random(in: 0...12, using: &g) {
                    if Bool.random(using: &g) { s += Self.pieces.randomElement(using: &g) ?? "" }
                    else { s.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...127, using: &g))) }
                }
                do {
                    let uri = try DataURI(parsing: s)
                    #expect(!uri.data.isEmpty, "seed \(Self.seed): decoded an empty payload from \(s.debugDescription)")
                } catch {
                    #expect(!error.description.isEmpty)
                }
                // 2. A valid URI of random bytes behind a JPEG header round-trips exactly.
                var bytes = jpegHeader
                bytes.append(contentsOf: (0..<Int.random(in: 0...64, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) })
                let encoded = DataURI.encode(bytes)
                #expect((try? DataURI(parsing: encoded))?.data == bytes, "seed \(Self.seed)")
            }
        }
        print("data-uri fuzz: \(executions) executions in \(String(format: "%.1f", Date().timeIntervalSince(start))) s (seed \(Self.seed))")
    }
}
