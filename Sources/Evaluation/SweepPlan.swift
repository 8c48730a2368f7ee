/// The combinations a sweep runs: the full grid of its parameters, or `N` of them drawn at
/// random (without repeats) from a seeded generator.
public struct SweepPlan: Sendable {
    /// One combination: a value per parameter path, in parameter order.
    public typealias Combination = [(path: String, value: JSONValue)]

    /// The parameters, in command-line order.
    public var parameters: [SweepParameter]
    /// The combinations to run, in order.
    public var combinations: [Combination]

    /// The full grid; the last parameter varies fastest.
    public static func grid(_ parameters: [SweepParameter]) -> SweepPlan {
        var combos: [Combination] = [[]]
        for p in parameters {
            combos = combos.flatMap { c in p.values.map { c + [(p.path, $0)] } }
        }
        return SweepPlan(parameters: parameters, combinations: parameters.isEmpty ? [] : combos)
    }

    /// `count` combinations of the grid drawn at random with `seed` (the whole grid, shuffled,
    /// when it has no more than `count`).
    public static func random(_ parameters: [SweepParameter], count: Int, seed: UInt64) -> SweepPlan {
        precondition(count >= 1, "a random sweep needs at least one combination")
        var g = SeededGenerator(seed: seed)
        var combos = grid(parameters).combinations
        combos.shuffle(using: &g)
        return SweepPlan(parameters: parameters, combinations: Array(combos.prefix(count)))
    }
}
