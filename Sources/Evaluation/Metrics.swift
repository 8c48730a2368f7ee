import Foundation

/// Pure metric helpers shared by every report.
public enum Metrics {
    /// `a / b × 100` rounded to 2 decimals; 0.0 when `b` is 0 (never NaN).
    public static func pct(_ a: Int, _ b: Int) -> Double {
        b == 0 ? 0.0 : round2(Double(a) / Double(b) * 100)
    }

    /// Rounds half away from zero to 2 decimals (Python's `round` on the backend differs only
    /// on exact binary ties, which percentages of integer counts rarely hit).
    public static func round2(_ x: Double) -> Double {
        guard x.isFinite else { return 0 }
        return (x * 100).rounded(.toNearestOrAwayFromZero) / 100
    }

    /// Rounds to `digits` decimals.
    public static func round(_ x: Double, _ digits: Int) -> Double {
        guard x.isFinite else { return 0 }
        let p = pow(10.0, Double(digits))
        return (x * p).rounded(.toNearestOrAwayFromZero) / p
    }

    /// Wilson score interval for `k` successes in `n` trials (95 % by default), as fractions.
    public static func wilson(_ k: Int, _ n: Int, z: Double = 1.959964) -> (low: Double, high: Double) {
        guard n > 0 else { return (0, 0) }
        let p = Double(k) / Double(n), nn = Double(n)
        let denom = 1 + z * z / nn
        let centre = (p + z * z / (2 * nn)) / denom
        let half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom
        return (max(0, centre - half), min(1, centre + half))
    }

    /// The 10-bin index of a confidence in [0, 1] (1.0 falls in the last bin).
    public static func bin(_ c: Double, bins: Int = 10) -> Int {
        guard c.isFinite else { return 0 }
        return min(bins - 1, max(0, Int(c * Double(bins))))
    }

    /// Expected calibration error of (confidence, right) pairs over 10 equal-width bins: the
    /// share-weighted gap between each bin's accuracy and its mean confidence; 0 without pairs.
    public static func ece(_ pairs: [(confidence: Double, correct: Bool)]) -> Double {
        guard !pairs.isEmpty else { return 0 }
        var sumConf = [Double](repeating: 0, count: 10), sumAcc = sumConf, n = [Int](repeating: 0, count: 10)
        for p in pairs {
            let b = bin(p.confidence)
            sumConf[b] += p.confidence; sumAcc[b] += p.correct ? 1 : 0; n[b] += 1
        }
        var e = 0.0
        for b in 0..<10 where n[b] > 0 {
            e += Double(n[b]) / Double(pairs.count) * abs(sumAcc[b] / Double(n[b]) - sumConf[b] / Double(n[b]))
        }
        return e
    }

    /// Levenshtein distance between two strings, by Unicode scalar.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }
}
