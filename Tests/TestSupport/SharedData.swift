import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only when `../shared/datasets/real-dev` is beside the repository; skipped
    /// with a message naming the missing folder otherwise.
    public static var needsRealDev: Self { needs(Fixtures.realDev) }

    /// Runs the test only when `../shared/datasets/rendered` is beside the repository.
    public static var needsRendered: Self { needs(Fixtures.rendered) }

    /// Runs the test only when `folder` exists; skipped with a message naming it otherwise.
    public static func needs(_ folder: URL) -> Self {
        .enabled(if: Fixtures.present(folder), Comment(rawValue: Fixtures.missing(folder)))
    }
}
