import Foundation

/// A small, fast, seedable pseudo-random generator (Steele, Lea & Flood's SplitMix64).
///
/// The generator never touches the system's entropy: the same seed gives the same sequence on
/// every machine and every Swift version, which is what makes generated datasets reproducible
/// bit for bit. The helpers below are implemented here rather than through the standard
/// library's `random(in:using:)`, whose algorithm is not guaranteed to stay the same.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The internal state; advances by a fixed odd constant per draw.
    public private(set) var state: UInt64

    /// Creates a generator whose sequence is fully determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.finalize(state)
    }

    /// A well-mixed 64-bit value derived from `a` and `b`: used to give every image (and every
    /// independent stream within an image) its own seed, so image *i* does not depend on how
    /// many images are generated.
    public static func derive(_ a: UInt64, _ b: UInt64) -> UInt64 {
        finalize(finalize(a &+ 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xD1B5_4A32_D192_ED03))
    }

    /// SplitMix64's output function (a bijective 64-bit mixer).
    static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniformly distributed in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A double uniformly distributed in [`low`, `high`).
    public mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * unit()
    }

    /// An integer uniformly distributed in `range` (Lemire's multiply-high reduction; the tiny
    /// bias is irrelevant for synthetic data and keeps one draw per call).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// One element of a non-empty array, chosen uniformly.
    public mutating func pick<T>(_ items: [T]) -> T {
        precondition(!items.isEmpty, "cannot pick from an empty array")
        return items[int(0...(items.count - 1))]
    }

    /// One character of a non-empty string, chosen uniformly.
    public mutating func pick(_ characters: String) -> Character {
        pick(Array(characters))
    }

    /// A standard normal deviate (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 1e-12), u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

