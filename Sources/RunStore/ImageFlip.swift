import Foundation

/// An image whose top answer changed between two consecutive whole runs of one dataset and
/// preset. Without a preset change (same presets digest) it is flaky: nothing that should
/// change the answer changed.
public struct ImageFlip: Sendable, Hashable {
    public var relativePath: String
    public var truth: String?
    /// The earlier run and its answer (`nil`: nothing read).
    public var fromRun: Int64
    public var fromAnswer: String?
    public var fromStarted: Date
    /// The later run and its answer.
    public var toRun: Int64
    public var toAnswer: String?
    public var toStarted: Date
    /// The presets' digest differs between the two runs.
    public var presetChanged: Bool

    /// Flipped without a preset change.
    public var isFlaky: Bool { !presetChanged }

    /// Whether each answer is the truth (`nil` without one).
    public var fromRight: Bool? { truth.map { t in fromAnswer?.uppercased() == t } }
    public var toRight: Bool? { truth.map { t in toAnswer?.uppercased() == t } }
}
