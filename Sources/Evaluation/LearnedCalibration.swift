import Foundation

/// A serial answer's confidence learned from labelled runs: a logistic model over
/// `CalibrationFeatures`, shipped as data (a preset's `calibration.learned`). Fitted with
/// `scanbench calibrate --from RUN`, so a team can recalibrate on its own photos.
///
/// It may lower any confidence, but never lifts an answer the formula kept under
/// `EvaluationSummary.highConfidence`: there it can only lower the formula's value, so the
/// formula's caps (a weakest character with a close runner-up, no label in sight, a trimmed
/// read) stay hard rules.
public struct LearnedCalibration: Codable, Sendable, Hashable {
    /// The feature names the weights belong to (checked against `CalibrationFeatures.names`).
    public var features: [String]
    /// One weight per feature.
    public var weights: [Double]
    /// The model's intercept.
    public var intercept: Double
    /// Labelled answers it was fitted on.
    public var samples: Int
    /// What it was fitted on (the runs' datasets).
    public var fittedOn: String

    enum CodingKeys: String, CodingKey {
        case features, weights, intercept, samples
        case fittedOn = "fitted_on"
    }

    /// A model with these numbers.
    public init(features: [String] = CalibrationFeatures.names, weights: [Double], intercept: Double, samples: Int, fittedOn: String) {
        self.features = features; self.weights = weights; self.intercept = intercept
        self.samples = samples; self.fittedOn = fittedOn
    }

    /// Whether the model fits today's features (a file from another version does not).
    public var isUsable: Bool { features == CalibrationFeatures.names && weights.count == features.count }

    /// The model's probability that `candidate` is right, before the cap.
    public func probability(_ candidate: Candidate) -> Double {
        let x = CalibrationFeatures(candidate).values
        var z = intercept
        for (w, v) in zip(weights, x) { z += w * v }
        return 1 / (1 + exp(-z))
    }

    /// `candidate` with its learned confidence (4 places): never above the formula's when that
    /// is under `EvaluationSummary.highConfidence`. The formula's value is kept as its
    /// `formulaConfidence`, and a candidate that has one is calibrated from it: applied to a
    /// recorded answer, the model sees what it would have seen while reading, not another
    /// model's output. Unchanged when the model is not usable.
    public func apply(_ candidate: Candidate) -> Candidate {
        guard isUsable else { return candidate }
        var c = candidate
        let formula = candidate.formulaConfidence ?? candidate.confidence
        var p = probability(candidate)
        if formula < EvaluationSummary.highConfidence { p = min(p, formula) }
        c.confidence = Metrics.round(min(0.99, max(0, p)), 4)
        c.formulaConfidence = formula
        return c
    }

    /// A labelled answer: the top candidate and whether it was right.
    public struct Example: Sendable {
        public var candidate: Candidate
        public var right: Bool
        public init(candidate: Candidate, right: Bool) { self.candidate = candidate; self.right = right }
    }

    /// Fits the model to `examples` by Newton's method (iteratively reweighted least squares),
    /// with an L2 penalty `ridge` on the weights (not the intercept). Nil without both a right
    /// and a wrong example.
    public static func fit(_ examples: [Example], ridge: Double = 0.01, fittedOn: String) -> LearnedCalibration? {
        guard examples.contains(where: \.right), examples.contains(where: { !$0.right }) else { return nil }
        let xs = examples.map { [1] + CalibrationFeatures($0.candidate).values }
        let ys = examples.map { $0.right ? 1.0 : 0.0 }
        let k = xs[0].count
        var beta = [Double](repeating: 0, count: k)
        for _ in 0..<50 {
            var grad = [Double](repeating: 0, count: k)
            var hess = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
            for (x, y) in zip(xs, ys) {
                var z = 0.0
                for j in 0..<k { z += beta[j] * x[j] }
                let p = 1 / (1 + exp(-z))
                let w = max(1e-9, p * (1 - p))
                for j in 0..<k where x[j] != 0 {
                    grad[j] += (y - p) * x[j]
                    for l in 0..<k where x[l] != 0 { hess[j][l] += w * x[j] * x[l] }
                }
            }
            for j in 1..<k { grad[j] -= ridge * beta[j]; hess[j][j] += ridge }
            hess[0][0] += 1e-6
            guard let step = solve(hess, grad) else { break }
            var largest = 0.0
            for j in 0..<k { beta[j] += step[j]; largest = max(largest, abs(step[j])) }
            if largest < 1e-7 { break }
        }
        return LearnedCalibration(weights: (1..<k).map { Metrics.round(beta[$0], 6) }, intercept: Metrics.round(beta[0], 6),
                                  samples: examples.count, fittedOn: fittedOn)
    }

    /// Solves `a · x = b` by Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var m = a, v = b
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[pivot][col]) > 1e-12 else { return nil }
            m.swapAt(col, pivot); v.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = m[row][col] / m[col][col]
                guard f != 0 else { continue }
                for j in col..<n { m[row][j] -= f * m[col][j] }
                v[row] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = v[row]
            for j in (row + 1)..<n { s -= m[row][j] * x[j] }
            x[row] = s / m[row][row]
        }
        return x
    }
}
